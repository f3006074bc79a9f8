import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { planAddress } from './address-plan.js';
import type { Address } from './address-validation.js';
import { addressPaths } from './address-wire.js';
import { ADDRESSES_PER_CUSTOMER_MAX } from './limits.js';

const ADDRESS: Address = {
  id: null, postalCode: '01310100', street: 'Avenida Paulista', streetNumber: '1578', district: null, complement: null,
  city: 'São Paulo', state: 'SP', addressType: 1, residenceType: null, since: null, main: false, mailing: false,
};
const A = { id: 'aaaaaaaa-0000-4000-8000-000000000001' };
const B = { id: 'bbbbbbbb-0000-4000-8000-000000000002' };

const code = (plan: ReturnType<typeof planAddress>) => (plan.kind === 'refuse' ? [plan.message.code, plan.message.field] : plan);

describe('planAddress', () => {
  it('without id (codigo): updates the record with the same postal code, else inserts', () => {
    assert.deepEqual(planAddress(ADDRESS, addressPaths(0), { byId: undefined, byPostalCode: A, count: 3 }), { kind: 'update', id: A.id });
    assert.deepEqual(planAddress(ADDRESS, addressPaths(0), { byId: undefined, byPostalCode: undefined, count: 3 }), { kind: 'insert' });
  });

  it('without id: a new address beyond the cap is refused, an update is not', () => {
    const full = ADDRESSES_PER_CUSTOMER_MAX;
    assert.deepEqual(code(planAddress(ADDRESS, addressPaths(4), { byId: undefined, byPostalCode: undefined, count: full })), ['END014', 'dtos[4]']);
    assert.deepEqual(planAddress(ADDRESS, addressPaths(4), { byId: undefined, byPostalCode: A, count: full }), { kind: 'update', id: A.id });
  });

  it('with id (codigo): updates that record, even with a new postal code', () => {
    const withId = { ...ADDRESS, id: A.id };
    assert.deepEqual(planAddress(withId, addressPaths(0), { byId: A, byPostalCode: undefined, count: 2 }), { kind: 'update', id: A.id });
    assert.deepEqual(planAddress(withId, addressPaths(0), { byId: A, byPostalCode: A, count: 2 }), { kind: 'update', id: A.id });
  });

  it('with id: unknown record, or a postal code of another record, is refused', () => {
    const withId = { ...ADDRESS, id: A.id };
    assert.deepEqual(code(planAddress(withId, addressPaths(1), { byId: undefined, byPostalCode: undefined, count: 0 })), ['END012', 'dtos[1].codigo']);
    assert.deepEqual(code(planAddress(withId, addressPaths(1), { byId: A, byPostalCode: B, count: 2 })), ['END013', 'dtos[1].cep']);
  });
});

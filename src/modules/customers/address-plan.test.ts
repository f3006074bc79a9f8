import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { planAddress } from './address-plan.js';
import type { Address } from './address-validation.js';
import { addressPaths } from './address-wire.js';
import { ADDRESSES_PER_CUSTOMER_MAX } from './limits.js';

const ADDRESS: Address = {
  codigo: null, cep: '01310100', logradouro: 'Avenida Paulista', nroLogradouro: '1578', bairro: null, complemento: null,
  cidade: 'São Paulo', uf: 'SP', tipoEndereco: 1, tipoResidencia: null, enderecoDesde: null, enderecoPrincipal: false, enderecoCorrespondencia: false,
};
const A = { id: 'aaaaaaaa-0000-4000-8000-000000000001' };
const B = { id: 'bbbbbbbb-0000-4000-8000-000000000002' };

const code = (plan: ReturnType<typeof planAddress>) => (plan.kind === 'refuse' ? [plan.message.code, plan.message.field] : plan);

describe('planAddress', () => {
  it('without codigo: updates the record with the same cep, else inserts', () => {
    assert.deepEqual(planAddress(ADDRESS, addressPaths(0), { byCodigo: undefined, byCep: A, count: 3 }), { kind: 'update', id: A.id });
    assert.deepEqual(planAddress(ADDRESS, addressPaths(0), { byCodigo: undefined, byCep: undefined, count: 3 }), { kind: 'insert' });
  });

  it('without codigo: a new address beyond the cap is refused, an update is not', () => {
    const full = ADDRESSES_PER_CUSTOMER_MAX;
    assert.deepEqual(code(planAddress(ADDRESS, addressPaths(4), { byCodigo: undefined, byCep: undefined, count: full })), ['END014', 'dtos[4]']);
    assert.deepEqual(planAddress(ADDRESS, addressPaths(4), { byCodigo: undefined, byCep: A, count: full }), { kind: 'update', id: A.id });
  });

  it('with codigo: updates that record, even with a new cep', () => {
    const withCodigo = { ...ADDRESS, codigo: A.id };
    assert.deepEqual(planAddress(withCodigo, addressPaths(0), { byCodigo: A, byCep: undefined, count: 2 }), { kind: 'update', id: A.id });
    assert.deepEqual(planAddress(withCodigo, addressPaths(0), { byCodigo: A, byCep: A, count: 2 }), { kind: 'update', id: A.id });
  });

  it('with codigo: unknown record, or a cep of another record, is refused', () => {
    const withCodigo = { ...ADDRESS, codigo: A.id };
    assert.deepEqual(code(planAddress(withCodigo, addressPaths(1), { byCodigo: undefined, byCep: undefined, count: 0 })), ['END012', 'dtos[1].codigo']);
    assert.deepEqual(code(planAddress(withCodigo, addressPaths(1), { byCodigo: A, byCep: B, count: 2 })), ['END013', 'dtos[1].cep']);
  });
});

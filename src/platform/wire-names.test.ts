import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fromNames, fromWire, toNames, wirePaths } from './wire-names.js';

const NAMES = { postalCode: 'cep', street: 'logradouro', main: 'enderecoPrincipal' } as const;

describe('fromWire', () => {
  it('reads each English field from its wire field, absent or null → null', () => {
    const input: { postalCode: string | null; street: string | null; main: boolean | null } = fromWire(NAMES, { cep: '01310-100', logradouro: null });
    assert.deepEqual(input, { postalCode: '01310-100', street: null, main: null });
  });

  it('keeps false, 0 and the empty text as sent', () => {
    assert.deepEqual(fromWire(NAMES, { cep: '', logradouro: 'x', enderecoPrincipal: false }), { postalCode: '', street: 'x', main: false });
  });
});

describe('wirePaths', () => {
  it('names each English field by its wire path under the prefix, or bare at the top level', () => {
    assert.deepEqual(wirePaths(NAMES, 'dtos[2]'), { postalCode: 'dtos[2].cep', street: 'dtos[2].logradouro', main: 'dtos[2].enderecoPrincipal' });
    assert.deepEqual(wirePaths(NAMES, ''), { postalCode: 'cep', street: 'logradouro', main: 'enderecoPrincipal' });
  });
});

describe('toNames and fromNames', () => {
  it('toNames writes each English field under its name, in the table order', () => {
    const view: { cep: string; logradouro: string; enderecoPrincipal: boolean } = toNames(NAMES, { main: true, street: 'Avenida Paulista', postalCode: '01310100', extra: 1 });
    assert.equal(JSON.stringify(view), '{"cep":"01310100","logradouro":"Avenida Paulista","enderecoPrincipal":true}');
  });

  it('fromNames reads each English field back from its name, as it is', () => {
    const record: { postalCode: string; street: string | null; main: boolean } = fromNames(NAMES, { cep: '01310100', logradouro: null, enderecoPrincipal: false, other: 1 });
    assert.deepEqual(record, { postalCode: '01310100', street: null, main: false });
  });
});

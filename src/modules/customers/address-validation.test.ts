import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { localDate } from '../../platform/dates.js';
import { Problems } from '../../platform/errors.js';
import { problemsOf } from '../../platform/problems.test-util.js';
import { UFS, validateAddress } from './address-validation.js';
import { type AddressWire, addressInput, addressPaths } from './address-wire.js';
import { COMPLEMENT_LENGTH_MAX, DISTRICT_LENGTH_MAX, STREET_LENGTH_MAX, STREET_NUMBER_LENGTH_MAX } from './limits.js';

const TODAY = localDate('2026-07-19');
const VALID: AddressWire = {
  codigo: null,
  cep: '01310-100',
  logradouro: 'Avenida Paulista',
  nroLogradouro: '1578',
  bairro: 'Bela Vista',
  complemento: null,
  cidade: 'São Paulo',
  uf: 'SP',
  tipoEndereco: 1,
  tipoResidencia: 3,
  enderecoDesde: '2020-03-01T00:00:00Z',
  enderecoPrincipal: true,
  enderecoCorrespondencia: null,
};

function run(patch: Partial<AddressWire>, index = 2) {
  const problems = new Problems();
  const result = validateAddress(addressInput({ ...VALID, ...patch }), addressPaths(index), TODAY, problems);
  return { result, messages: problemsOf(problems) };
}

function refused(patch: Partial<AddressWire>, field: string, code: string): void {
  const { result, messages } = run(patch);
  assert.equal(result, null, JSON.stringify(patch));
  assert.deepEqual(messages.map((m) => [m.field, m.code]), [[`dtos[2].${field}`, code]], JSON.stringify(patch));
}

describe('validateAddress', () => {
  it('accepts a valid address and normalizes it', () => {
    const { result, messages } = run({});
    assert.deepEqual(messages, []);
    assert.deepEqual(result, {
      id: null,
      postalCode: '01310100',
      street: 'Avenida Paulista',
      streetNumber: '1578',
      district: 'Bela Vista',
      complement: null,
      city: 'São Paulo',
      state: 'SP',
      addressType: 1,
      residenceType: 3,
      since: '2020-03-01',
      main: true,
      mailing: false,
    });
  });

  it('codigo: optional uuid, lower-cased', () => {
    assert.equal(run({ codigo: 'A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11' }).result?.id, 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11');
    refused({ codigo: '123' }, 'codigo', 'END001');
  });

  it('cep: 8 digits, with or without the dash', () => {
    assert.equal(run({ cep: '01310100' }).result?.postalCode, '01310100');
    for (const bad of ['0131010', '013101000', '01.310-100', 'ABCDE-FGH']) refused({ cep: bad }, 'cep', 'END002');
    refused({ cep: null }, 'cep', 'END002');
  });

  it('uf: one of the 27, any case', () => {
    assert.equal(UFS.length, 27);
    for (const uf of UFS) assert.equal(run({ uf }).result?.state, uf);
    assert.equal(run({ uf: 'rj' }).result?.state, 'RJ');
    for (const bad of ['XX', 'S', 'SPA', 'São Paulo']) refused({ uf: bad }, 'uf', 'END008');
    refused({ uf: '' }, 'uf', 'END008');
  });

  it('required texts: logradouro and cidade', () => {
    refused({ logradouro: '  ' }, 'logradouro', 'END003');
    refused({ logradouro: 'x'.repeat(STREET_LENGTH_MAX + 1) }, 'logradouro', 'END003');
    refused({ cidade: undefined }, 'cidade', 'END007');
  });

  it('optional texts: number, district and complement, length-limited', () => {
    const { result } = run({ nroLogradouro: null, bairro: null, complemento: 'Apto 12' });
    assert.deepEqual([result?.streetNumber, result?.district, result?.complement], [null, null, 'Apto 12']);
    refused({ nroLogradouro: '1'.repeat(STREET_NUMBER_LENGTH_MAX + 1) }, 'nroLogradouro', 'END004');
    refused({ bairro: 'b'.repeat(DISTRICT_LENGTH_MAX + 1) }, 'bairro', 'END005');
    refused({ complemento: 'c'.repeat(COMPLEMENT_LENGTH_MAX + 1) }, 'complemento', 'END006');
  });

  it('tipoEndereco 1-4 and tipoResidencia 1-6, both optional', () => {
    assert.deepEqual([run({ tipoEndereco: null }).result?.addressType, run({ tipoResidencia: 6 }).result?.residenceType], [null, 6]);
    refused({ tipoEndereco: 5 }, 'tipoEndereco', 'END009');
    refused({ tipoEndereco: 1.5 }, 'tipoEndereco', 'END009');
    refused({ tipoResidencia: 0 }, 'tipoResidencia', 'END010');
  });

  it('enderecoDesde: a date not after today (today itself accepted)', () => {
    assert.equal(run({ enderecoDesde: '2026-07-19' }).result?.since, '2026-07-19');
    assert.equal(run({ enderecoDesde: null }).result?.since, null);
    refused({ enderecoDesde: '2026-07-20' }, 'enderecoDesde', 'END011');
    refused({ enderecoDesde: '2026-07-20T00:00:00Z' }, 'enderecoDesde', 'END011');
    refused({ enderecoDesde: '2026-02-30' }, 'enderecoDesde', 'END011');
    refused({ enderecoDesde: 'ontem' }, 'enderecoDesde', 'END011');
  });

  it('collects every problem of the item, prefixed by its index', () => {
    const problems = new Problems();
    assert.equal(validateAddress(addressInput({ uf: 'ZZ', tipoEndereco: 9 }), addressPaths(0), TODAY, problems), null);
    assert.deepEqual(problemsOf(problems).map((m) => m.field), ['dtos[0].cep', 'dtos[0].logradouro', 'dtos[0].cidade', 'dtos[0].uf', 'dtos[0].tipoEndereco']);
  });

  it('reports a null item under its index, and asserts a natural index', () => {
    const problems = new Problems();
    assert.equal(validateAddress(addressInput(null), addressPaths(4), TODAY, problems), null);
    assert.deepEqual(problemsOf(problems).map((m) => [m.field, m.code]), [['dtos[4]', 'END000']]);
    assert.throws(() => validateAddress(addressInput(VALID), addressPaths(-1), TODAY, new Problems()), /assertion/);
  });
});

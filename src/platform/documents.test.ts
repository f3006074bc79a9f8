import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { Problems } from './errors.js';
import {
  classifyDocument,
  classifyDocumentStrict,
  cnpjCheckDigits,
  cpfCheckDigits,
  documentField,
  isValidCnpj,
  isValidCpf,
} from './documents.js';
import { problemsOf } from './problems.test-util.js';

const SEED = 20260719;
const VALID_CPFS = ['12345678909', '52998224725', '11144477735'];
const VALID_CNPJS = ['11222333000181', '11444777000161', '12ABC34501DE35'];

describe('CPF', () => {
  it('accepts known valid CPFs', () => {
    for (const cpf of VALID_CPFS) assert.deepEqual(classifyDocumentStrict(cpf), { kind: 'CPF', digits: cpf });
  });

  it('refuses a wrong check digit, reserved repeated digits and wrong lengths', () => {
    for (const bad of ['12345678900', '12345678919', '11111111111', '00000000000', '1234567890', '123456789091']) {
      assert.equal(classifyDocument(bad), null, bad);
    }
  });

  it('computes the check digits of the published example 123.456.789-09', () => {
    assert.equal(cpfCheckDigits('123456789'), '09');
  });
});

describe('CNPJ', () => {
  it('accepts numeric and alphanumeric CNPJs', () => {
    for (const cnpj of VALID_CNPJS) assert.deepEqual(classifyDocumentStrict(cnpj), { kind: 'CNPJ', digits: cnpj });
  });

  it('validates the alphanumeric example 12.ABC.345/01DE-35 of the Receita Federal', () => {
    assert.deepEqual(classifyDocument('12.ABC.345/01DE-35'), { kind: 'CNPJ', digits: '12ABC34501DE35' });
    assert.equal(cnpjCheckDigits('12ABC34501DE'), '35');
  });

  it('accepts lower-case letters and returns them upper-case', () => {
    assert.deepEqual(classifyDocumentStrict('12abc34501de35'), { kind: 'CNPJ', digits: '12ABC34501DE35' });
  });

  it('refuses wrong check digits, letters in the check digits, reserved zeros and wrong lengths', () => {
    for (const bad of ['11222333000182', '12ABC34501DE36', '12ABC34501DE3A', '00000000000000', '1122233300018', '112223330001810']) {
      assert.equal(classifyDocument(bad), null, bad);
    }
  });
});

describe('strict and lenient forms', () => {
  it('lenient accepts the written masks and spaces, strict refuses them', () => {
    for (const [masked, bare] of [
      ['123.456.789-09', '12345678909'],
      [' 529 982 247-25 ', '52998224725'],
      ['11.222.333/0001-81', '11222333000181'],
    ] as const) {
      assert.equal(classifyDocument(masked)?.digits, bare, masked);
      assert.equal(classifyDocumentStrict(masked), null, masked);
    }
  });

  it('both refuse other characters', () => {
    assert.equal(classifyDocument('123_456_789_09'), null);
    assert.equal(classifyDocument('CPF 12345678909'), null);
    assert.equal(classifyDocument(''), null);
  });
});

describe('documentField', () => {
  it('reports a missing and an invalid document under the given field and code', () => {
    const problems = new Problems();
    assert.equal(documentField(problems, '  ', { field: 'a', code: 'X1' }, 'Documento'), null);
    assert.equal(documentField(problems, '12345678900', { field: 'b', code: 'X2' }, 'Documento'), null);
    assert.deepEqual(problemsOf(problems).map((m) => [m.field, m.code]), [['a', 'X1'], ['b', 'X2']]);
  });

  it('returns the normalized document', () => {
    const problems = new Problems();
    assert.deepEqual(documentField(problems, '123.456.789-09', { field: 'a', code: 'X' }, 'Documento'), { kind: 'CPF', digits: '12345678909' });
    assert.equal(problems.count, 0);
  });
});

// Generators build the check digits with our own mod-11 code; validation goes through
// @brazilian-utils, so each property also cross-checks the two implementations.
const digit = fc.constantFrom(...'0123456789');
const alnum = fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ');
const notRepeated = (s: string): boolean => !/^(.)\1*$/.test(s);
const cpfArb = fc.string({ unit: digit, minLength: 9, maxLength: 9 }).filter(notRepeated).map((b) => b + cpfCheckDigits(b));
const numericCnpjArb = fc.string({ unit: digit, minLength: 12, maxLength: 12 }).filter(notRepeated).map((b) => b + cnpjCheckDigits(b));
const alnumCnpjArb = fc.string({ unit: alnum, minLength: 12, maxLength: 12 }).filter(notRepeated).map((b) => b + cnpjCheckDigits(b));

function changeCheckDigit(doc: string, position: number, offset: number): string {
  const index = doc.length - 2 + position;
  const changed = (Number(doc[index]) + offset) % 10;
  return doc.slice(0, index) + String(changed) + doc.slice(index + 1);
}

describe('properties', () => {
  const params = { seed: SEED, numRuns: 500 };

  it('a generated valid document always passes, strict and masked', () => {
    fc.assert(fc.property(cpfArb, (cpf) => isValidCpf(cpf) && classifyDocumentStrict(cpf)?.kind === 'CPF'), params);
    fc.assert(fc.property(fc.oneof(numericCnpjArb, alnumCnpjArb), (cnpj) => {
      const masked = `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`;
      return isValidCnpj(cnpj) && classifyDocument(masked)?.digits === cnpj;
    }), params);
  });

  it('changing one check digit always fails', () => {
    const change = fc.tuple(fc.integer({ min: 0, max: 1 }), fc.integer({ min: 1, max: 9 }));
    fc.assert(fc.property(cpfArb, change, (cpf, [pos, off]) => classifyDocument(changeCheckDigit(cpf, pos, off)) === null), params);
    fc.assert(fc.property(fc.oneof(numericCnpjArb, alnumCnpjArb), change, (cnpj, [pos, off]) =>
      classifyDocument(changeCheckDigit(cnpj, pos, off)) === null), params);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dec } from '../../../platform/money.js';
import { MAGIC_DOCUMENTS } from './magic.js';
import { SAMPLE_CNPJS, SAMPLE_CPFS, sandbox } from './test-support.fixture.js';
import { arrayOf, decodeObject, encodeWireJson, parseWireJson, WireFormatError } from './wire-decode.js';
import { BUREAU_BODY, FRAUD_BODY, SCR_BODY } from './wire-schemas.js';

function roundTrip(spec: Parameters<typeof decodeObject>[0], body: unknown): unknown {
  return decodeObject(spec, parseWireJson(encodeWireJson(body)), '$');
}

describe('provider wire format', () => {
  it('round-trips every sandbox body exactly', async () => {
    const s = sandbox();
    const bodies = [
      [BUREAU_BODY, await s.consultBureau({ document: MAGIC_DOCUMENTS.restriction.cpf, personType: 'PF', productCode: '1', consultaCompleta: true })],
      [BUREAU_BODY, await s.consultBureau({ document: SAMPLE_CNPJS[1], personType: 'PJ', productCode: '3', consultaCompleta: true })],
      [BUREAU_BODY, await s.consultBureau({ document: SAMPLE_CPFS[0], personType: 'PF', productCode: '2', consultaCompleta: false })],
      [SCR_BODY, await s.consultScr({ document: MAGIC_DOCUMENTS.scr_overdue.cnpj, personType: 'PJ', referenceYear: 2026, referenceMonth: 2, consentAt: new Date() })],
      [SCR_BODY, await s.consultScr({ document: MAGIC_DOCUMENTS.no_record.cpf, personType: 'PF', referenceYear: 2026, referenceMonth: 2, consentAt: new Date() })],
      [FRAUD_BODY, await s.consultFraud({ document: SAMPLE_CPFS[1], personType: 'PF', email: 'a@example.com' })],
    ] as const;
    for (const [spec, outcome] of bodies) {
      assert.notEqual(outcome.status, 'failure');
      const body = (outcome as { body: unknown }).body;
      assert.deepEqual(roundTrip(spec, body), body);
    }
  });

  it('keeps large money values exact (no binary float on the way)', () => {
    const spec = { v: 'money' } as const;
    const out = decodeObject(spec, parseWireJson('{"v": 4999999999999999.99}'), '$');
    assert.ok((out.v as ReturnType<typeof dec>).equals(dec('4999999999999999.99')));
  });

  it('names the path of what is wrong', () => {
    const bad = (text: string, spec: Parameters<typeof decodeObject>[0], path: RegExp) =>
      assert.throws(() => decodeObject(spec, parseWireJson(text), '$'), (e: unknown) => e instanceof WireFormatError && path.test(e.message));
    bad('{"v": 1.234}', { v: 'money' }, /^\$\.v: expected an amount in centavos/);
    bad('{"v": 1.5}', { v: 'int' }, /^\$\.v: expected an integer/);
    bad('{"v": "1"}', { v: 'int' }, /^\$\.v/);
    bad('{}', { v: 'string?' }, /^\$\.v: expected the field to be present/);
    bad('{"a": [{"d": "yesterday"}]}', { a: arrayOf({ d: 'datetime' }) }, /^\$\.a\[0\]\.d/);
    bad('{"j": "{not json"}', { j: 'json-text' }, /^\$\.j/);
    assert.throws(() => parseWireJson('<html>'), WireFormatError);
  });

  it('drops fields outside the spec', () => {
    assert.deepEqual(decodeObject({ a: 'bool' }, parseWireJson('{"a": true, "cpf": "123"}'), '$'), { a: true });
  });
});

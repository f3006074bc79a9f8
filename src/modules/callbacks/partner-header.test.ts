import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parsePartnerHeader } from './partner-header.js';

test('"Name: value" is parsed and trimmed', () => {
  assert.deepEqual(parsePartnerHeader('Api-Key:  abc:def '), { ok: true, value: { name: 'Api-Key', value: 'abc:def' } });
});

test('malformed, reserved or injecting headers are refused', () => {
  assert.deepEqual(parsePartnerHeader('Api-Key abc'), { ok: false, problem: 'missing_colon' });
  assert.deepEqual(parsePartnerHeader('Api Key: abc'), { ok: false, problem: 'invalid_name' });
  assert.deepEqual(parsePartnerHeader('webhook-signature: v1,x'), { ok: false, problem: 'reserved_name' });
  assert.deepEqual(parsePartnerHeader('Host: evil.example'), { ok: false, problem: 'reserved_name' });
  assert.deepEqual(parsePartnerHeader('Api-Key: a\r\nX-Other: b'), { ok: false, problem: 'invalid_value' });
  assert.deepEqual(parsePartnerHeader('Api-Key: chave-ção'), { ok: false, problem: 'invalid_value' });
  assert.deepEqual(parsePartnerHeader(`Api-Key: ${'a'.repeat(2000)}`), { ok: false, problem: 'too_long' });
});

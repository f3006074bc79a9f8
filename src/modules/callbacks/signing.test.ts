import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  decodeSecret,
  generateSecret,
  secretFromBytes,
  signatureOf,
  verifyWebhook,
  webhookHeaders,
  webhookIdFor,
} from './signing.js';

// Known vector of the Standard Webhooks reference library, test "sign function works":
// github.com/standard-webhooks/standard-webhooks, libraries/javascript/src/webhook.test.ts
// (commit 10d3e46d720c4e5861a792bec25792a04ad4e2b3).
const VECTOR = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp_s: 1614265330,
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};
const VECTOR_AT = new Date(VECTOR.timestamp_s * 1000);

test('signatureOf reproduces the Standard Webhooks reference vector', () => {
  assert.equal(signatureOf(VECTOR.secret, VECTOR.id, VECTOR.timestamp_s, VECTOR.body), VECTOR.signature);
  // The prefix is optional, as in the reference libraries.
  assert.equal(signatureOf(VECTOR.secret.slice(6), VECTOR.id, VECTOR.timestamp_s, VECTOR.body), VECTOR.signature);
});

test('verifyWebhook accepts the reference vector within the tolerance', () => {
  const headers = { 'webhook-id': VECTOR.id, 'webhook-timestamp': String(VECTOR.timestamp_s), 'webhook-signature': VECTOR.signature };
  const now = new Date(VECTOR_AT.getTime() + 299_000);
  assert.deepEqual(verifyWebhook({ headers, body: VECTOR.body, secrets: [VECTOR.secret], now }), { ok: true });
});

test('verifyWebhook refuses old, future, tampered, unsigned and malformed messages', () => {
  const headers = webhookHeaders({ id: VECTOR.id, at: VECTOR_AT, body: VECTOR.body, secrets: [VECTOR.secret] });
  const check = (h: Record<string, string>, body = VECTOR.body, now = VECTOR_AT) => verifyWebhook({ headers: h, body, secrets: [VECTOR.secret], now });
  assert.deepEqual(check(headers, VECTOR.body, new Date(VECTOR_AT.getTime() + 301_000)), { ok: false, reason: 'timestamp_too_old' });
  assert.deepEqual(check(headers, VECTOR.body, new Date(VECTOR_AT.getTime() - 301_000)), { ok: false, reason: 'timestamp_too_new' });
  assert.deepEqual(check(headers, '{"test": 2432232315}'), { ok: false, reason: 'no_matching_signature' });
  assert.deepEqual(check({ ...headers, 'webhook-id': 'msg_other' }), { ok: false, reason: 'no_matching_signature' });
  assert.deepEqual(check({ ...headers, 'webhook-signature': VECTOR.signature.slice(0, 8) }), { ok: false, reason: 'no_matching_signature' });
  assert.deepEqual(check({ ...headers, 'webhook-signature': VECTOR.signature.replace('v1,', 'v2,') }), { ok: false, reason: 'no_matching_signature' });
  assert.deepEqual(check({ ...headers, 'webhook-timestamp': 'hello' }), { ok: false, reason: 'malformed_headers' });
  const { 'webhook-signature': _omitted, ...unsigned } = headers;
  assert.deepEqual(check(unsigned), { ok: false, reason: 'missing_headers' });
});

test('header names are matched case-insensitively by the verifier', () => {
  const h = webhookHeaders({ id: VECTOR.id, at: VECTOR_AT, body: VECTOR.body, secrets: [VECTOR.secret] });
  const upper = { 'Webhook-Id': h['webhook-id'], 'WEBHOOK-TIMESTAMP': h['webhook-timestamp'], 'Webhook-Signature': h['webhook-signature'] };
  assert.deepEqual(verifyWebhook({ headers: upper, body: VECTOR.body, secrets: [VECTOR.secret], now: VECTOR_AT }), { ok: true });
});

test('during a rotation both secrets sign, and a partner holding either one verifies', () => {
  const oldSecret = secretFromBytes(new Uint8Array(32).fill(1));
  const newSecret = secretFromBytes(new Uint8Array(32).fill(2));
  const h = webhookHeaders({ id: 'msg_42', at: VECTOR_AT, body: '{}', secrets: [newSecret, oldSecret] });
  assert.equal(h['webhook-signature'].split(' ').length, 2);
  assert.equal(h['webhook-timestamp'], String(VECTOR.timestamp_s));
  for (const secret of [oldSecret, newSecret]) {
    assert.deepEqual(verifyWebhook({ headers: { ...h }, body: '{}', secrets: [secret], now: VECTOR_AT }), { ok: true });
  }
  const stranger = secretFromBytes(new Uint8Array(32).fill(3));
  assert.equal(verifyWebhook({ headers: { ...h }, body: '{}', secrets: [stranger], now: VECTOR_AT }).ok, false);
});

test('any body signed with any secret verifies, and a one-character change does not', () => {
  fc.assert(
    fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.string({ maxLength: 200 }), fc.nat({ max: 4_000_000_000 }), (bytes, body, ts) => {
      const secret = secretFromBytes(bytes);
      const at = new Date(ts * 1000);
      const headers = { ...webhookHeaders({ id: 'msg_1', at, body, secrets: [secret] }) };
      assert.equal(verifyWebhook({ headers, body, secrets: [secret], now: at }).ok, true);
      assert.equal(verifyWebhook({ headers, body: body + ' ', secrets: [secret], now: at }).ok, false);
    }),
    { seed: 20260801, numRuns: 200 },
  );
});

test('secrets: whsec_ + base64 of 32 bytes; malformed or short secrets are assertions', () => {
  const generated = generateSecret();
  assert.match(generated, /^whsec_[A-Za-z0-9+/]{43}=$/);
  assert.equal(decodeSecret(generated).length, 32);
  assert.equal(secretFromBytes(new Uint8Array(32)), 'whsec_' + 'A'.repeat(43) + '=');
  assert.throws(() => secretFromBytes(new Uint8Array(16)), /assertion/);
  assert.throws(() => decodeSecret('whsec_not base64!'), /assertion/);
  assert.throws(() => decodeSecret('whsec_' + Buffer.alloc(8).toString('base64')), /assertion/);
});

test('webhook ids are stable per outbox id and never contain the separator', () => {
  assert.equal(webhookIdFor(123n), 'msg_123');
  assert.equal(webhookIdFor('0192f0a1-7c3e-7000-8000-000000000001'), 'msg_0192f0a1-7c3e-7000-8000-000000000001');
  assert.throws(() => webhookIdFor('1.2'), /assertion/);
  assert.throws(() => webhookHeaders({ id: 'msg_1', at: VECTOR_AT, body: '{}', secrets: [] }), /assertion/);
});

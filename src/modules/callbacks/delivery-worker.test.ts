// The delivery worker against real PostgreSQL and a real receiver on 127.0.0.1: signatures and the
// partner header as received, retries after 500s and timeouts, order per proposal, give-up bounds.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, beforeEach, test } from 'node:test';
import { sql } from 'kysely';
import { rotateCallbackSecret, updatePartner } from '../partners/index.js';
import { DEFAULT_RETRY_POLICY } from './backoff.js';
import { redeliverCallback } from './callbacks-admin.js';
import { createCallbackWorker, type CallbackWorkerOptions } from './delivery-worker.js';
import { verifyWebhook } from './signing.js';
import { at, boleto, startWorkerFixture, T0, type WorkerFixture } from '../../../test/support/callback-worker.js';

let fx: WorkerFixture;

before(async () => {
  fx = await startWorkerFixture();
});
after(() => fx.close());
beforeEach(() => fx.reset());

// random 0.5: after the n-th failure the delay is 1 s + half of (min(1 h, 5 s · 2^(n-1)) - 1 s).
function worker(options: Partial<CallbackWorkerOptions> = {}) {
  return createCallbackWorker(fx.database.db, fx.clock, { random: () => 0.5, timeout_ms: 2_000, ...options });
}

async function tick(w: ReturnType<typeof worker>, now: Date) {
  fx.setNow(now);
  return w.runOnce(now);
}

test('an event is POSTed with the partner header and Standard Webhooks headers that the receiver verifies', async () => {
  const p = await fx.partner({ callbackHeader: 'Api-Key: k-123' });
  const id = await fx.enqueue(p.partnerId, boleto(randomUUID(), 1));
  const report = await tick(worker(), T0);
  assert.deepEqual(report, { claimed: 1, delivered: 1, retrying: 0, failed: 0, lost: 0 });
  const [r] = fx.receiver.receipts;
  assert.ok(r);
  assert.deepEqual(r.verified, { ok: true });
  assert.equal(r.webhookId, `msg_${id}`);
  assert.equal(r.timestamp, String(T0.getTime() / 1000));
  assert.equal(r.headers['api-key'], 'k-123');
  assert.equal(r.headers['content-type'], 'application/json');
  const row = await fx.row(id);
  assert.equal(r.body, row.body, 'the stored text is sent byte for byte');
  assert.equal(JSON.parse(r.body).NomeEvento, 'BoletoGerado');
  assert.equal(row.status, 'delivered');
  assert.equal(row.attempts, 1);
  assert.equal(row.last_status, 200);
  assert.equal(row.locked_until, null);
  assert.deepEqual(row.delivered_at, T0);
});

test('during a secret rotation the two newest active secrets sign; a receiver holding either verifies', async () => {
  const p = await fx.partner();
  const second = await rotateCallbackSecret(fx.database.db, fx.clock, p.clientId, false);
  await fx.enqueue(p.partnerId, boleto(randomUUID(), 1));
  await tick(worker(), T0);
  const third = await rotateCallbackSecret(fx.database.db, fx.clock, p.clientId, false);
  await fx.enqueue(p.partnerId, boleto(randomUUID(), 2));
  await tick(worker(), T0);
  const [first, later] = fx.receiver.receipts;
  assert.ok(first && later);
  const verify = (r: typeof first, secret: string) => verifyWebhook({ headers: r.headers, body: r.body, secrets: [secret], now: T0 }).ok;
  assert.equal(first.signature.split(' ').length, 2);
  assert.ok(verify(first, p.secret) && verify(first, second));
  assert.equal(later.signature.split(' ').length, 2, 'at most two secrets sign');
  assert.ok(verify(later, second) && verify(later, third));
  assert.equal(verify(later, p.secret), false, 'the oldest of three active secrets no longer signs');
});

test('a 500 is retried with backoff and the same webhook-id until a 2xx', async () => {
  const p = await fx.partner();
  const id = await fx.enqueue(p.partnerId, boleto(randomUUID(), 1));
  fx.receiver.reply = (r) => ({ status: r.nth < 2 ? 500 : 204 });
  const w = worker();
  assert.equal((await tick(w, T0)).retrying, 1);
  let row = await fx.row(id);
  assert.equal(row.status, 'pending');
  assert.equal(row.attempts, 1);
  assert.equal(row.last_status, 500);
  assert.equal(row.last_error, 'http_status: HTTP 500');
  assert.deepEqual(row.next_attempt_at, at(3_000), 'first retry: 1 s + 0.5 · (5 s − 1 s)');
  assert.equal((await tick(w, at(2_999))).claimed, 0, 'not due yet');
  assert.equal((await tick(w, at(3_000))).retrying, 1);
  row = await fx.row(id);
  assert.deepEqual(row.next_attempt_at, at(3_000 + 5_500), 'second retry: 1 s + 0.5 · (10 s − 1 s)');
  assert.equal((await tick(w, at(8_500))).delivered, 1);
  row = await fx.row(id);
  assert.equal(row.status, 'delivered');
  assert.equal(row.attempts, 3);
  assert.equal(row.last_error, null);
  assert.deepEqual(fx.receiver.receipts.map((r) => r.webhookId), [`msg_${id}`, `msg_${id}`, `msg_${id}`]);
  assert.deepEqual(new Set(fx.receiver.receipts.map((r) => r.timestamp)).size, 3, 'webhook-timestamp is per attempt');
  assert.ok(fx.receiver.receipts.every((r) => r.verified.ok));
});

test('no answer within the timeout is retried, and the next attempt can succeed', async () => {
  const p = await fx.partner();
  const id = await fx.enqueue(p.partnerId, boleto(randomUUID(), 1));
  fx.receiver.reply = (r) => (r.nth === 0 ? { status: 200, delay_ms: 1_000 } : { status: 200 });
  const w = worker({ timeout_ms: 200 });
  const started = Date.now();
  assert.equal((await tick(w, T0)).retrying, 1);
  assert.ok(Date.now() - started < 900, 'the attempt stops at the timeout');
  const row = await fx.row(id);
  assert.match(String(row.last_error), /^timeout: /);
  assert.equal(row.last_status, null);
  assert.equal((await tick(w, row.next_attempt_at)).delivered, 1);
  assert.equal(fx.receiver.byId(`msg_${id}`).length, 2);
});

test('events of one proposal go in order: a later one waits while an earlier one is retried', async () => {
  const p = await fx.partner();
  const proposal = randomUUID();
  const first = await fx.enqueue(p.partnerId, boleto(proposal, 1));
  const second = await fx.enqueue(p.partnerId, boleto(proposal, 2));
  const other = await fx.enqueue(p.partnerId, boleto(randomUUID(), 3));
  fx.receiver.reply = (r) => ({ status: r.webhookId === `msg_${first}` && r.nth === 0 ? 500 : 200 });
  const w = worker();
  const report = await tick(w, T0);
  assert.equal(report.claimed, 2, 'the head of each proposal, not the event behind the failing one');
  assert.equal(fx.receiver.byId(`msg_${second}`).length, 0);
  assert.equal((await fx.row(other)).status, 'delivered', 'another proposal is not held up');
  assert.equal((await tick(w, at(1_000))).claimed, 0, 'the second waits while the first is in backoff');
  await tick(w, at(3_000));
  assert.equal((await fx.row(first)).status, 'delivered');
  assert.equal((await tick(w, at(3_000))).delivered, 1);
  const order = fx.receiver.receipts.map((r) => r.webhookId).filter((x) => x !== `msg_${other}`);
  assert.deepEqual(order, [`msg_${first}`, `msg_${first}`, `msg_${second}`]);
});

test('an event given up (failed) lets the next one of its proposal go', async () => {
  const p = await fx.partner();
  const proposal = randomUUID();
  const first = await fx.enqueue(p.partnerId, boleto(proposal, 1));
  const second = await fx.enqueue(p.partnerId, boleto(proposal, 2));
  fx.receiver.reply = (r) => ({ status: r.webhookId === `msg_${first}` ? 503 : 200 });
  const w = worker({ retry_policy: { ...DEFAULT_RETRY_POLICY, max_attempts: 1 } });
  assert.equal((await tick(w, T0)).failed, 1);
  const row = await fx.row(first);
  assert.equal(row.status, 'failed');
  assert.equal(row.fail_reason, 'max_attempts');
  assert.equal((await tick(w, T0)).delivered, 1);
  assert.equal((await fx.row(second)).status, 'delivered');
});

test('gives up after the maximum number of attempts', async () => {
  const p = await fx.partner();
  const id = await fx.enqueue(p.partnerId, boleto(randomUUID(), 1));
  fx.receiver.reply = () => ({ status: 500 });
  const w = worker({ retry_policy: { ...DEFAULT_RETRY_POLICY, max_attempts: 3 } });
  for (let i = 0; i < 3; i += 1) await tick(w, at(i * 3_600_000));
  const row = await fx.row(id);
  assert.equal(row.status, 'failed');
  assert.equal(row.fail_reason, 'max_attempts');
  assert.equal(row.attempts, 3);
  assert.equal((await tick(w, at(10 * 3_600_000))).claimed, 0);
  assert.equal(fx.receiver.receipts.length, 3);
});

test('gives up at the age bound (24 h from creation) instead of scheduling a later retry', async () => {
  const p = await fx.partner();
  const id = await fx.enqueue(p.partnerId, boleto(randomUUID(), 1));
  fx.receiver.reply = () => ({ status: 500 });
  assert.equal((await tick(worker(), at(DEFAULT_RETRY_POLICY.max_age_ms - 500))).failed, 1);
  const row = await fx.row(id);
  assert.equal(row.status, 'failed');
  assert.equal(row.fail_reason, 'max_age');
  assert.equal(row.attempts, 1);
});

test('a malformed URL or a forbidden partner header fails the event at once, without a request', async () => {
  const p = await fx.partner({ callbackHeader: 'Api-Key: x' });
  const id = await fx.enqueue(p.partnerId, boleto(randomUUID(), 1));
  await sql`update partners set callback_url = 'http://exa mple.com/cb' where id = ${p.partnerId}`.execute(fx.database.db);
  assert.equal((await tick(worker(), T0)).failed, 1);
  assert.equal((await fx.row(id)).fail_reason, 'permanent');
  await sql`update partners set callback_url = ${fx.receiver.url}, callback_header_name = 'Host' where id = ${p.partnerId}`.execute(fx.database.db);
  const second = await fx.enqueue(p.partnerId, boleto(randomUUID(), 2));
  assert.equal((await tick(worker(), T0)).failed, 1);
  const row = await fx.row(second);
  assert.equal(row.fail_reason, 'permanent');
  assert.equal(row.last_error, 'invalid_partner_header: reserved_name');
  assert.equal(fx.receiver.receipts.length, 0);
});

test('without a callback URL (or disabled) events wait; they go once a URL is set, and fail as undeliverable past the age bound', async () => {
  const p = await fx.partner({ callbackUrl: null });
  const waiting = await fx.enqueue(p.partnerId, boleto(randomUUID(), 1));
  const w = worker();
  assert.equal((await tick(w, at(3_600_000))).claimed, 0);
  assert.equal((await fx.row(waiting)).status, 'pending');
  await updatePartner(fx.database.db, fx.clock, p.clientId, { callbackUrl: fx.receiver.url });
  await sql`update partners set enabled = false where id = ${p.partnerId}`.execute(fx.database.db);
  assert.equal((await tick(w, at(3_600_000))).claimed, 0, 'a disabled partner receives nothing');
  await sql`update partners set enabled = true where id = ${p.partnerId}`.execute(fx.database.db);
  assert.equal((await tick(w, at(3_600_000))).delivered, 1);

  await updatePartner(fx.database.db, fx.clock, p.clientId, { callbackUrl: null });
  const stale = await fx.enqueue(p.partnerId, boleto(randomUUID(), 2));
  assert.equal(await w.sweep(at(DEFAULT_RETRY_POLICY.max_age_ms)), 0, 'exactly at the bound it still waits');
  assert.equal(await w.sweep(at(DEFAULT_RETRY_POLICY.max_age_ms + 1)), 1);
  const row = await fx.row(stale);
  assert.equal(row.status, 'failed');
  assert.equal(row.fail_reason, 'undeliverable');
  assert.match(String(row.last_error), /^no_callback_url: /);
  assert.equal((await fx.row(waiting)).status, 'delivered', 'the sweep leaves delivered events alone');
});

test('private addresses are refused without connecting; loopback is allowed by default and can be refused', async () => {
  const p = await fx.partner({ callbackUrl: 'http://10.0.0.1:9/cb' });
  const literal = await fx.enqueue(p.partnerId, boleto(randomUUID(), 1));
  const started = Date.now();
  await tick(worker({ timeout_ms: 5_000 }), T0);
  assert.ok(Date.now() - started < 1_000, 'refused before any connection attempt (which would hang until the timeout)');
  let row = await fx.row(literal);
  assert.equal(row.status, 'pending', 'retried like any failure: configuration may change');
  assert.match(String(row.last_error), /^address_refused: 10\.0\.0\.1 resolves to 10\.0\.0\.1 \(private\)/);

  await updatePartner(fx.database.db, fx.clock, p.clientId, { callbackUrl: 'http://partner.example/cb' });
  const named = await fx.enqueue(p.partnerId, boleto(randomUUID(), 2));
  await tick(worker({ lookup: async () => [{ address: '10.0.0.1', family: 4 }] }), T0);
  assert.match(String((await fx.row(named)).last_error), /^address_refused: partner\.example resolves to 10\.0\.0\.1/);

  await updatePartner(fx.database.db, fx.clock, p.clientId, { callbackUrl: fx.receiver.url });
  await sql`delete from callback_events where id in (${literal}, ${named})`.execute(fx.database.db);
  const local = await fx.enqueue(p.partnerId, boleto(randomUUID(), 3));
  await tick(worker({ address_policy: { allow_loopback: false, allow_private: false } }), T0);
  row = await fx.row(local);
  assert.match(String(row.last_error), /^address_refused: .*\(loopback\)/);
  assert.equal(fx.receiver.receipts.length, 0, 'nothing reached the receiver');
  assert.equal((await tick(worker(), row.next_attempt_at)).delivered, 1, 'the default policy allows loopback');
});

test('an event whose attempts were all cut short by crashes stops at the attempt bound', async () => {
  const p = await fx.partner();
  const id = await fx.enqueue(p.partnerId, boleto(randomUUID(), 1));
  await sql`update jobs set attempts = ${DEFAULT_RETRY_POLICY.max_attempts} where id = (select job_id from callback_events where id = ${id})`.execute(fx.database.db);
  assert.equal((await tick(worker(), T0)).failed, 1);
  const row = await fx.row(id);
  assert.equal(row.fail_reason, 'max_attempts');
  assert.equal(row.attempts, DEFAULT_RETRY_POLICY.max_attempts + 1);
  assert.equal(fx.receiver.receipts.length, 0);
});

test('a redelivered event gets a fresh retry window from its redelivery, not from its creation', async () => {
  const p = await fx.partner();
  const id = await fx.enqueue(p.partnerId, boleto(randomUUID(), 1));
  fx.receiver.reply = () => ({ status: 500 });
  assert.equal((await tick(worker({ retry_policy: { ...DEFAULT_RETRY_POLICY, max_attempts: 1 } }), T0)).failed, 1);
  const later = at(30 * 3_600_000);
  fx.clock.set(later);
  try {
    await redeliverCallback(fx.database.db, fx.clock, id);
  } finally {
    fx.clock.set(T0);
  }
  assert.equal((await tick(worker(), later)).retrying, 1, 'created 30 h ago, yet retried');
  const row = await fx.row(id);
  assert.equal(row.status, 'pending');
  assert.equal(row.attempts, 1);
  assert.deepEqual(row.next_attempt_at, new Date(later.getTime() + 3_000));
});

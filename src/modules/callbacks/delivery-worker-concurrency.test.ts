// Claims and leases: a worker that dies mid-delivery, two workers on one database, the loop.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, beforeEach, test } from 'node:test';
import { sql } from 'kysely';
import { createDb } from '../../platform/db/pool.js';
import { rowAfterAttempt } from './attempt-result.js';
import { deliver } from './deliver.js';
import { createCallbackWorker } from './delivery-worker.js';
import { claimDueEvents, recordOutcome } from './outbox-repository.js';
import { webhookIdFor } from './signing.js';
import { at, boleto, startWorkerFixture, T0, type WorkerFixture } from '../../../test/support/callback-worker.js';

let fx: WorkerFixture;

before(async () => {
  fx = await startWorkerFixture();
});
after(() => fx.close());
beforeEach(() => fx.reset());

test('a worker killed mid-delivery: its lease expires, another worker sends the same event with the same webhook-id', async () => {
  const p = await fx.partner();
  const id = await fx.enqueue(p.partnerId, boleto(randomUUID(), 1));
  const survivor = createCallbackWorker(fx.database.db, fx.clock, { random: () => 0.5, timeout_ms: 2_000 });
  // The doomed worker claims and sends, then "crashes" before recording anything.
  const [claimed] = await claimDueEvents(fx.database.db, T0, survivor.lease_ms, 10);
  assert.ok(claimed);
  const request = { url: claimed.callback_url!, webhook_id: webhookIdFor(claimed.id), body: claimed.body, secrets: claimed.secrets, partner_header: null, at: T0 };
  const crashedOutcome = await deliver(request);
  assert.equal(crashedOutcome.delivered, true, 'the partner got it; the worker died before its bookkeeping');

  assert.equal((await survivor.runOnce(at(survivor.lease_ms - 1))).claimed, 0, 'the lease still holds');
  const report = await survivor.runOnce(at(survivor.lease_ms));
  assert.equal(report.delivered, 1);
  const receipts = fx.receiver.byId(`msg_${id}`);
  assert.equal(receipts.length, 2, 'at least once: the partner deduplicates on webhook-id');
  assert.equal(receipts[0]!.body, receipts[1]!.body);
  const row = await fx.row(id);
  assert.equal(row.status, 'delivered');
  assert.equal(row.attempts, 2, 'the interrupted attempt counts');

  // The crashed worker's outcome, written late, is refused: its claim is gone.
  const late = rowAfterAttempt({ attempts_before: 0, created_at: T0 }, { ...crashedOutcome, delivered: false, status: 500, error: { code: 'http_status', message: 'HTTP 500' } }, T0, () => 0.5);
  assert.equal(await recordOutcome(fx.database.db, id, claimed.claim, late), false);
  assert.equal((await fx.row(id)).status, 'delivered');
});

test('two workers on one database never send one attempt twice, nor one event twice at once', async () => {
  const p = await fx.partner();
  const EVENTS = 120;
  const ids: string[] = [];
  for (let i = 1; i <= EVENTS; i += 1) ids.push(await fx.enqueue(p.partnerId, boleto(randomUUID(), i)));
  const failOnce = new Set(ids.filter((_, i) => i % 3 === 0).map((id) => `msg_${id}`));
  fx.receiver.reply = (r) => ({ status: failOnce.has(r.webhookId) && r.nth === 0 ? 500 : 200, delay_ms: 3 });
  // Separate pools, as two server processes would have.
  const dbA = createDb(fx.database.url, { maxConnections: 4 });
  const dbB = createDb(fx.database.url, { maxConnections: 4 });
  try {
    const options = { random: () => 0.5, timeout_ms: 2_000, concurrency_max: 6 };
    const a = createCallbackWorker(dbA, fx.clock, options);
    const b = createCallbackWorker(dbB, fx.clock, options);
    const claimedBy = { a: 0, b: 0 };
    for (let round = 0; round < 200; round += 1) {
      const now = at(round * 60_000);
      fx.setNow(now);
      const [ra, rb] = await Promise.all([a.runOnce(now), b.runOnce(now)]);
      claimedBy.a += ra.claimed;
      claimedBy.b += rb.claimed;
      assert.equal(ra.lost + rb.lost, 0);
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from callback_deliveries where status <> 'delivered'`.execute(fx.database.db);
      if (rows[0]!.n === 0) break;
    }
    assert.ok(claimedBy.a > 0 && claimedBy.b > 0, `both workers worked (${claimedBy.a}, ${claimedBy.b})`);
    assert.equal(fx.receiver.maxInFlightPerId(), 1, 'never two requests of one event at once');
    for (const id of ids) {
      const row = await fx.row(id);
      const receipts = fx.receiver.byId(`msg_${id}`);
      assert.equal(row.status, 'delivered');
      assert.equal(receipts.length, row.attempts, `one request per attempt for ${id}`);
      assert.equal(row.attempts, failOnce.has(`msg_${id}`) ? 2 : 1);
    }
    assert.equal(claimedBy.a + claimedBy.b, EVENTS + failOnce.size, 'every attempt claimed exactly once');
  } finally {
    await dbA.destroy();
    await dbB.destroy();
  }
});

test('the background loop delivers without explicit ticks and stops cleanly', async () => {
  const p = await fx.partner();
  const w = createCallbackWorker(fx.database.db, fx.clock, { poll_interval_ms: 20, timeout_ms: 2_000 });
  const errors: unknown[] = [];
  const loop = w.start({ warn: () => undefined, error: (details) => errors.push(details) });
  try {
    const ids = [await fx.enqueue(p.partnerId, boleto(randomUUID(), 1)), await fx.enqueue(p.partnerId, boleto(randomUUID(), 2))];
    await fx.receiver.waitFor(() => fx.receiver.receipts.length === 2, 5_000);
    const delivered = async () => (await Promise.all(ids.map((id) => fx.row(id)))).every((row) => row.status === 'delivered');
    for (let i = 0; i < 100 && !(await delivered()); i += 1) await new Promise((r) => setTimeout(r, 20));
    assert.ok(await delivered());
  } finally {
    await loop.stop();
  }
  assert.deepEqual(errors, []);
  assert.equal(loop.name, 'callbacks');
});

test('in the loop a slow partner holds only its own lane: other events keep flowing', async () => {
  const slow = await fx.partner();
  const fast = await fx.partner();
  fx.receiver.secrets = [slow.secret, fast.secret];
  const stuck = await fx.enqueue(slow.partnerId, boleto(randomUUID(), 1));
  fx.receiver.reply = (r) => (r.webhookId === `msg_${stuck}` ? { status: 200, delay_ms: 1_500 } : { status: 200 });
  const w = createCallbackWorker(fx.database.db, fx.clock, { poll_interval_ms: 20, timeout_ms: 3_000, concurrency_max: 2 });
  const loop = w.start({ warn: () => undefined, error: () => undefined });
  try {
    await fx.receiver.waitFor(() => fx.receiver.byId(`msg_${stuck}`).length === 1, 5_000);
    const others: string[] = [];
    for (let i = 2; i <= 7; i += 1) others.push(await fx.enqueue(fast.partnerId, boleto(randomUUID(), i)));
    await fx.receiver.waitFor(() => others.every((id) => fx.receiver.byId(`msg_${id}`).length === 1), 1_200);
    assert.equal((await fx.row(stuck)).status, 'pending', 'the slow attempt is still in flight');
  } finally {
    await loop.stop();
  }
  assert.equal((await fx.row(stuck)).status, 'delivered', 'stop waits for the attempt in flight and records it');
});

// `caas callbacks list|redeliver` against a real database, then the worker sends the redelivered
// event to a real receiver with the same webhook-id.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import { DEFAULT_RETRY_POLICY } from '../../modules/callbacks/backoff.js';
import type { CallbackListItem } from '../../modules/callbacks/callbacks-admin.js';
import { createCallbackWorker } from '../../modules/callbacks/delivery-worker.js';
import { boleto, startWorkerFixture, T0, type FixturePartner, type WorkerFixture } from '../../../test/support/callback-worker.js';
import { main } from '../main.js';

let fx: WorkerFixture;
let acme: FixturePartner;
let quiet: FixturePartner;
const ids = { delivered: '', failed: '', pending: '' };

async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(args, { out: (l) => (out += `${l}\n`), err: (l) => (err += `${l}\n`) });
  return { code, out, err };
}

async function listJson(...args: string[]): Promise<CallbackListItem[]> {
  const r = await cli(['callbacks', 'list', '--json', ...args]);
  assert.equal(r.code, 0, r.err);
  return JSON.parse(r.out) as CallbackListItem[];
}

function tick(now: Date) {
  fx.setNow(now);
  return createCallbackWorker(fx.database.db, fx.clock, { random: () => 0.5, retry_policy: { ...DEFAULT_RETRY_POLICY, max_attempts: 1 } }).runOnce(now);
}

before(async () => {
  fx = await startWorkerFixture();
  process.env.DATABASE_URL = fx.database.url;
  process.env.CAAS_WORKERS = 'false';
  quiet = await fx.partner({ callbackUrl: null });
  acme = await fx.partner({ callbackHeader: 'Api-Key: k' });
  ids.delivered = await fx.enqueue(acme.partnerId, boleto(randomUUID(), 1), new Date(T0.getTime() - 3_000));
  ids.failed = await fx.enqueue(acme.partnerId, boleto(randomUUID(), 2), new Date(T0.getTime() - 2_000));
  ids.pending = await fx.enqueue(quiet.partnerId, boleto(randomUUID(), 3), new Date(T0.getTime() - 1_000));
  fx.receiver.reply = (r) => ({ status: r.webhookId === `msg_${ids.failed}` ? 500 : 200 });
  await tick(T0);
  fx.receiver.reply = () => ({ status: 200 });
});

after(async () => {
  delete process.env.DATABASE_URL;
  await fx.close();
});

test('callbacks list shows every event newest first, and filters by status and partner', async () => {
  const all = await listJson();
  assert.deepEqual(all.map((e) => [e.id, e.status]), [[ids.pending, 'pending'], [ids.failed, 'failed'], [ids.delivered, 'delivered']]);
  const failed = all[1]!;
  assert.equal(failed.webhookId, `msg_${ids.failed}`);
  assert.equal(failed.partnerClientId, acme.clientId);
  assert.equal(failed.eventName, 'BoletoGerado');
  assert.equal(failed.eventType, 5);
  assert.equal(failed.failReason, 'max_attempts');
  assert.equal(failed.lastStatus, 500);
  assert.equal(failed.attempts, 1);
  assert.equal(all[2]!.deliveredAt, T0.toISOString());
  assert.equal(all[0]!.nextAttemptAt, new Date(T0.getTime() - 1_000).toISOString());
  assert.deepEqual((await listJson('--status', 'failed')).map((e) => e.id), [ids.failed]);
  assert.deepEqual((await listJson('--partner', quiet.clientId)).map((e) => e.id), [ids.pending]);
  assert.deepEqual((await listJson('--partner', acme.clientId, '--status', 'delivered')).map((e) => e.id), [ids.delivered]);
  assert.deepEqual((await listJson('--limit', '1')).map((e) => e.id), [ids.pending]);
  const text = await cli(['callbacks', 'list', '--partner', acme.clientId]);
  assert.equal(text.code, 0, text.err);
  assert.equal(text.out.trim().split('\n').length, 2);
  assert.match(text.out, new RegExp(`${ids.failed}\\s+failed .* last: http_status: HTTP 500`));
});

test('callbacks list refuses an unknown status, partner or limit', async () => {
  const status = await cli(['callbacks', 'list', '--status', 'sent']);
  assert.equal(status.code, 1);
  assert.match(status.err, /status must be one of pending, delivered, failed/);
  const partner = await cli(['callbacks', 'list', '--partner', 'nobody']);
  assert.equal(partner.code, 1);
  assert.match(partner.err, /no partner with client id "nobody"/);
  const limit = await cli(['callbacks', 'list', '--limit', '0']);
  assert.equal(limit.code, 1);
  assert.match(limit.err, /limit must be an integer from 1 to 1000/);
  assert.equal((await cli(['callbacks'])).code, 2);
  assert.equal((await cli(['callbacks', 'list', 'extra'])).code, 2);
});

test('callbacks redeliver sends a failed event again with the same webhook-id', async () => {
  const r = await cli(['callbacks', 'redeliver', `msg_${ids.failed}`]);
  assert.equal(r.code, 0, r.err);
  assert.match(r.out, new RegExp(`${ids.failed} is pending again \\(webhook-id msg_${ids.failed}\\)`));
  const [item] = await listJson('--status', 'pending', '--partner', acme.clientId);
  assert.equal(item?.id, ids.failed);
  assert.equal(item.attempts, 0);
  assert.equal(item.failReason, null);
  assert.ok(item.redeliveredAt !== null);
  const now = new Date(item.redeliveredAt);
  assert.equal((await tick(now)).delivered, 1);
  const receipts = fx.receiver.byId(`msg_${ids.failed}`);
  assert.equal(receipts.length, 2);
  assert.equal(receipts[0]!.body, receipts[1]!.body);
  assert.ok(receipts[1]!.verified.ok);
});

test('callbacks redeliver also resends a delivered event (by its outbox id), with --json', async () => {
  const r = await cli(['callbacks', 'redeliver', ids.delivered, '--json']);
  assert.equal(r.code, 0, r.err);
  const item = JSON.parse(r.out) as CallbackListItem;
  assert.equal(item.status, 'pending');
  assert.equal(item.deliveredAt, null);
  assert.equal((await tick(new Date(item.redeliveredAt!))).delivered, 1);
  assert.equal(fx.receiver.byId(`msg_${ids.delivered}`).length, 2);
});

test('callbacks redeliver refuses a pending event, an unknown id and a malformed one', async () => {
  const pending = await cli(['callbacks', 'redeliver', ids.pending]);
  assert.equal(pending.code, 1);
  assert.match(pending.err, /is pending: only delivered or failed events can be sent again/);
  const unknown = await cli(['callbacks', 'redeliver', randomUUID()]);
  assert.equal(unknown.code, 1);
  assert.match(unknown.err, /no callback event/);
  const malformed = await cli(['callbacks', 'redeliver', 'msg_42']);
  assert.equal(malformed.code, 1);
  assert.match(malformed.err, /is not a callback id/);
  assert.equal((await cli(['callbacks', 'redeliver'])).code, 2);
});

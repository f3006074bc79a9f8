// End to end: a real `caas serve` delivers callbacks to a slow receiver, is killed with SIGKILL
// while a delivery is in flight, and is started again: every event still arrives, with the same
// webhook-id, signed, and in order per proposal.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { createPartner, generatePartnerKeyPair } from '../../src/modules/partners/index.js';
import { boletoCancelledEvent } from '../../src/modules/callbacks/events.js';
import { enqueueCallback } from '../../src/modules/callbacks/outbox.js';
import { systemClock } from '../../src/platform/clock.js';
import { startReceiver, type CallbackReceiver } from '../support/callback-receiver.js';
import { createTestDatabase, type TestDatabase } from '../support/db.js';
import { startServer, type RunningServer } from '../support/server.js';

const PROPOSALS = 3;
const EVENTS_PER_PROPOSAL = 2;
const RECEIVER_DELAY_MS = 1_000;
// Short attempts keep the lease of the killed server short: 2 s timeout + 5 s margin = 7 s.
const SERVER_ENV = { CAAS_WORKERS: 'true', CAAS_CALLBACKS_TIMEOUT_MS: '2000' };
const ALL_DELIVERED_TIMEOUT_MS = 40_000;

let database: TestDatabase;
let receiver: CallbackReceiver;
const servers: RunningServer[] = [];

before(async () => {
  database = await createTestDatabase();
  receiver = await startReceiver();
});

after(async () => {
  await Promise.all(servers.map((s) => s.kill('SIGKILL')));
  await receiver.close();
  await database.drop();
});

async function statuses(): Promise<Map<string, string>> {
  const { rows } = await sql<{ id: string; status: string }>`select id, status from callback_deliveries`.execute(database.db);
  return new Map(rows.map((r) => [r.id, r.status]));
}

test('kill -9 mid-delivery, restart: every event arrives, same webhook-id, in order per proposal', { timeout: 60_000 }, async () => {
  const keys = await generatePartnerKeyPair();
  const partner = await createPartner(database.db, systemClock, { name: 'Kill Nine', publicKeyPem: keys.publicKeyPem, callbackUrl: receiver.url, callbackHeader: 'Api-Key: e2e-key' });
  receiver.secrets = [partner.callbackSecret];
  const env = { DATABASE_URL: database.url, ...SERVER_ENV };
  const first = await startServer(env);
  servers.push(first);

  let killed = false;
  receiver.reply = () => {
    if (!killed) {
      killed = true;
      first.child.kill('SIGKILL'); // while this request waits for its answer
    }
    return { status: 200, delay_ms: RECEIVER_DELAY_MS };
  };
  const byProposal: string[][] = [];
  for (let p = 1; p <= PROPOSALS; p += 1) {
    const proposal = randomUUID();
    const ids: string[] = [];
    for (let n = 1; n <= EVENTS_PER_PROPOSAL; n += 1) {
      const event = boletoCancelledEvent({ nroProposta: p, codigoProposta: proposal, codigoOperacao: `op-${p}` }, systemClock.now(), { codigoBoleto: randomUUID(), nroBoleto: p * 10 + n, parcelas: [n] });
      ids.push(await enqueueCallback(database.db, partner.partnerId, event, systemClock.now()));
    }
    byProposal.push(ids);
  }
  await receiver.waitFor(() => killed, 20_000);
  assert.equal(await first.kill('SIGKILL'), null, 'killed by the signal, not exited');
  const inFlight = [...new Set(receiver.receipts.map((r) => r.webhookId))];
  assert.ok(inFlight.length >= 1);
  assert.ok([...(await statuses()).values()].every((s) => s === 'pending'), 'nothing was recorded before the kill');

  servers.push(await startServer(env));
  const all = byProposal.flat();
  const deadline = Date.now() + ALL_DELIVERED_TIMEOUT_MS;
  while ([...(await statuses()).values()].some((s) => s !== 'delivered')) {
    assert.ok(Date.now() < deadline, `not all delivered in time: ${JSON.stringify([...(await statuses())])}`);
    await new Promise((r) => setTimeout(r, 200));
  }

  for (const id of all) assert.ok(receiver.byId(`msg_${id}`).length >= 1, `msg_${id} arrived`);
  for (const webhookId of inFlight) {
    const copies = receiver.byId(webhookId);
    assert.ok(copies.length >= 2, `${webhookId}, in flight at the kill, was sent again after the restart`);
    assert.ok(copies.every((c) => c.body === copies[0]!.body));
  }
  assert.ok(receiver.receipts.every((r) => r.verified.ok && r.headers['api-key'] === 'e2e-key'));
  const position = (id: string, pick: 'first' | 'last') => {
    const indexes = receiver.receipts.flatMap((r, i) => (r.webhookId === `msg_${id}` ? [i] : []));
    return pick === 'first' ? indexes[0]! : indexes[indexes.length - 1]!;
  };
  for (const [head, tail] of byProposal as [string, string][]) {
    assert.ok(position(tail, 'first') > position(head, 'last'), 'the later event of a proposal only after the earlier one');
  }
});

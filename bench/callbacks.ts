// Callback delivery throughput: a bounded number of events in the outbox, one worker loop with its
// default settings (16 lanes, one connection per attempt, signatures, claims and guarded outcome
// writes in PostgreSQL), a receiver on loopback that answers 204 at once. Measures the service
// side: events/s from the loop's start to the last outcome written. Run alone with `node --import tsx bench/callbacks.ts`.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { createPartner, generatePartnerKeyPair } from '../src/modules/partners/index.js';
import { createCallbackWorker } from '../src/modules/callbacks/delivery-worker.js';
import { boletoCreatedEvent } from '../src/modules/callbacks/events.js';
import { localDate } from '../src/platform/dates.js';
import { dec } from '../src/platform/money.js';
import { enqueueCallback } from '../src/modules/callbacks/outbox.js';
import { systemClock } from '../src/platform/clock.js';
import { adminExecute, withDatabase } from '../src/platform/db/admin.js';
import { openEmbedded } from '../src/platform/db/embedded.js';
import { migrate } from '../src/platform/db/migrate.js';
import { createDb } from '../src/platform/db/pool.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BENCH_EVENTS = 2_000;
/** The bench gives up (and fails) past this: 2000 events take seconds on a laptop. */
const BENCH_TIMEOUT_MS = 120_000;


const admin = (url: string, statement: string) => adminExecute(url, [statement]);

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
  const embedded = external ? null : await openEmbedded(path.join(ROOT, '.caas-bench'), 'client');
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
        await enqueueCallback(tx, partner.partnerId, boletoCreatedEvent(ref, now, { codigoBoleto: randomUUID(), nroBoleto: i, vlrBoleto: dec('350.00'), dtVencimento: localDate('2026-12-23'), liquidacao: false }), now);
      }
    });
    // Steady state: autovacuum analyses a table this fresh within a minute; without statistics the
    // planner cannot see that the due index finds the next events without scanning the backlog.
    await sql`analyze callback_events`.execute(db);
    await sql`analyze jobs`.execute(db);
    // The production loop with its default settings; stopping it waits for the last outcome writes.
    const started = performance.now();
    const loop = createCallbackWorker(db, systemClock).start({ warn: () => undefined, error: (details) => console.error(details) });
    const deadline = started + BENCH_TIMEOUT_MS;
    while (sink.count() < events && performance.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    await loop.stop();
    const elapsed_s = (performance.now() - started) / 1000;
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from callback_deliveries where status = 'delivered'`.execute(db);
    if (rows[0]!.n !== events || sink.count() !== events) throw new Error(`bench: ${rows[0]!.n} delivered rows and ${sink.count()} receipts for ${events} events`);
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

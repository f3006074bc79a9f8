// Evaluates pg-boss 10.4.2 (the last release whose engines allow Node 20) against what caas needs
// of its one job queue, and measures enqueue + claim + complete throughput of pg-boss and of the
// in-house queue on the same PostgreSQL. pg-boss is NOT a dependency: install it anywhere
// (`npm i --prefix /tmp/pgboss pg-boss@10.4.2`) and point CAAS_PGBOSS at its package folder.
// Run alone: CAAS_PGBOSS=/tmp/pgboss/node_modules/pg-boss node --import tsx bench/queue-eval.ts
// The findings are written in docs/decisions.md (section "One job queue").
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { fixedClock, systemClock } from '../src/platform/clock.js';
import { adminExecute, withDatabase } from '../src/platform/db/admin.js';
import { openEmbedded } from '../src/platform/db/embedded.js';
import { migrate } from '../src/platform/db/migrate.js';
import { createDb, type Db } from '../src/platform/db/pool.js';
import { enqueueJob, runDueJobs } from '../src/platform/jobs.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const JOBS = Number(process.env.CAAS_QUEUE_EVAL_JOBS ?? 2_000);

// The slice of pg-boss 10's API used here (its own types are not installed in the project).
interface BossJob { id: string; data: unknown }
interface Boss {
  start(): Promise<unknown>;
  stop(options?: object): Promise<void>;
  createQueue(name: string, options?: object): Promise<void>;
  send(name: string, data: object, options?: object): Promise<string | null>;
  fetch(name: string, options?: object): Promise<BossJob[]>;
  complete(name: string, id: string | string[]): Promise<unknown>;
  fail(name: string, id: string, data?: object): Promise<unknown>;
}

async function loadBoss(url: string): Promise<Boss> {
  const dir = process.env.CAAS_PGBOSS;
  if (!dir) throw new Error('set CAAS_PGBOSS to an installed pg-boss@10.4.2 package folder');
  const PgBoss = createRequire(import.meta.url)(dir) as new (options: object) => Boss;
  const boss = new PgBoss({ connectionString: url, schema: 'pgboss', supervise: false, schedule: false, max: 10 });
  await boss.start();
  return boss;
}

type Finding = { need: string; met: boolean; evidence: string };

/** Enqueue inside the caller's transaction: a rollback must take the job with it. */
async function externalTransaction(boss: Boss, url: string): Promise<Finding> {
  await boss.createQueue('tx');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const db = { executeSql: (text: string, values: unknown[]) => client.query(text, values) };
    await client.query('begin');
    await boss.send('tx', { n: 1 }, { db });
    await client.query('rollback');
    await client.query('begin');
    await boss.send('tx', { n: 2 }, { db });
    await client.query('commit');
  } finally {
    await client.end();
  }
  const jobs = await boss.fetch('tx', { batchSize: 10 });
  const seen = jobs.map((j) => (j.data as { n: number }).n);
  return { need: 'enqueue in the transaction of the state change', met: seen.length === 1 && seen[0] === 2, evidence: `send({db}) in a rolled-back then a committed transaction: fetched ${JSON.stringify(seen)}` };
}

/** A job due at sandbox time must run when the injected clock (not PostgreSQL's now()) reaches it. */
async function sandboxClock(boss: Boss): Promise<Finding> {
  await boss.createQueue('clock');
  const sandboxNow = new Date(Date.now() + 8 * 86_400_000); // the sandbox clock moved 8 days ahead
  const dueAt = new Date(Date.now() + 86_400_000); // due 1 day after the real now: already due in the sandbox
  await boss.send('clock', { n: 1 }, { startAfter: dueAt });
  const jobs = await boss.fetch('clock', { batchSize: 10 });
  return { need: 'due times from the injected clock', met: jobs.length === 1, evidence: `sandbox at ${sandboxNow.toISOString()}, job due ${dueAt.toISOString()}: fetch returned ${jobs.length} (fetch compares start_after < now(), and takes no instant)` };
}

/** One proposal's events in order, one at a time, a failed one blocking the later ones until it succeeds. */
async function perKeyOrdering(boss: Boss): Promise<Finding> {
  await boss.createQueue('ordered', { policy: 'singleton', retryLimit: 5, retryDelay: 60 });
  await boss.send('ordered', { n: 1 }, { singletonKey: 'proposta:1' });
  await boss.send('ordered', { n: 2 }, { singletonKey: 'proposta:1' });
  const first = await boss.fetch('ordered', { batchSize: 1 });
  await boss.fail('ordered', first[0]!.id, { reason: 'partner answered 503' }); // retried in 60 s
  const next = await boss.fetch('ordered', { batchSize: 1 });
  const order = [...first, ...next].map((j) => (j.data as { n: number }).n);
  return { need: 'per-proposal ordering across retries', met: next.length === 0, evidence: `singleton queue, key proposta:1; event 1 fetched then failed (retry in 60 s); the next fetch returned ${JSON.stringify(next.map((j) => (j.data as { n: number }).n))}, so the attempts run in the order ${JSON.stringify(order)} and event 2 reaches the partner before event 1` };
}

async function bossThroughput(boss: Boss): Promise<number> {
  await boss.createQueue('bench');
  const started = performance.now();
  for (let i = 0; i < JOBS; i++) await boss.send('bench', { i });
  let done = 0;
  while (done < JOBS) {
    const jobs = await boss.fetch('bench', { batchSize: 1 });
    if (jobs.length === 0) throw new Error('pg-boss bench: queue drained early');
    await boss.complete('bench', jobs[0]!.id);
    done += 1;
  }
  return Math.round(JOBS / ((performance.now() - started) / 1000));
}

async function inHouseThroughput(db: Db): Promise<number> {
  const clock = fixedClock(systemClock.now());
  const started = performance.now();
  for (let i = 0; i < JOBS; i++) await enqueueJob(db, 'bench', { i }, clock.now());
  const summary = await runDueJobs(db, clock, { bench: async () => undefined }, JOBS);
  if (summary.done !== JOBS) throw new Error(`in-house bench: ${summary.done} done of ${JOBS}`);
  return Math.round(JOBS / ((performance.now() - started) / 1000));
}

const embedded = process.env.DATABASE_URL ? null : await openEmbedded(path.join(ROOT, '.caas-bench'), 'client');
const baseUrl = process.env.DATABASE_URL ?? (embedded as { url: string }).url;
const dbName = `caas_queue_eval_${Date.now()}`;
await adminExecute(baseUrl, [`create database ${dbName}`]);
const url = withDatabase(baseUrl, dbName);
const db = createDb(url);
try {
  await migrate(url);
  const boss = await loadBoss(url);
  try {
    const findings = [await externalTransaction(boss, url), await sandboxClock(boss), await perKeyOrdering(boss)];
    for (const f of findings) console.log(`${f.met ? 'MET    ' : 'NOT MET'} ${f.need}: ${f.evidence}`);
    console.log(`throughput, ${JOBS} jobs enqueued one by one, then claimed and completed one by one:`);
    console.log(`  pg-boss 10.4.2: ${await bossThroughput(boss)} jobs/s`);
    console.log(`  in-house queue: ${await inHouseThroughput(db)} jobs/s`);
  } finally {
    await boss.stop({ graceful: false, wait: true });
  }
} finally {
  await db.destroy();
  await adminExecute(baseUrl, [`drop database if exists ${dbName} with (force)`]).catch(() => undefined);
  await embedded?.stop();
}

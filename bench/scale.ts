// `npm run bench:scale`: issue 14's scale check. Two caas servers with the same settings serve the
// same PostgreSQL cluster, one on a database seeded with 1 M installments (with their boletos,
// charges and launches: bench/seed-1m.ts), one on an empty database; each operation runs on both
// in interleaved rounds (seeded, empty, then empty, seeded, …), so a change of the machine's load
// hits both alike, and the table gives seeded/empty ratios of p99 and req/s per operation.
//
//   npm run bench:scale -- seed    seeds (or tops up) the kept database; no bench lock needed, but
//                                  it loads the machine for minutes: run it before the comparison
//   BENCH_ONLY=… npm run bench:scale    the comparison, under the shared bench lock (an empty database
//                                  is made and dropped each time; the seeded one is kept)
//   npm run bench:scale -- drop    drops the seeded database
//   BENCH_PAIR_FLAGS='--max-semi-space-size=32' … npm run bench:scale -- flags    the same pairing
//                                  for V8's settings: a server with those flags against one without
//
// Knobs: those of npm run bench (BENCH_ONLY, BENCH_ROUNDS, BENCH_SECONDS, BENCH_REQUESTS,
// BENCH_ONE_TIME_REQUESTS, BENCH_CONNECTIONS, BENCH_NODE_FLAGS, BENCH_LOOP_PROBE), and
// BENCH_SEED_INSTALLMENTS (1 000 000). Results: bench/results/scale-latest.json (flags-latest.json).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { adminExecute, withDatabase } from '../src/platform/db/admin.js';
import { openEmbedded } from '../src/platform/db/embedded.js';
import { migrate } from '../src/platform/db/migrate.js';
import { freePort } from '../test/support/server.js';
import { benchContextFor, onInterrupt, CONNECTIONS, interleaved, machineFacts, measure, median, NODE_FLAGS, ratioText, REQUESTS, ROOT, ROUNDS, RUN_SECONDS, spread, startCaas, subjectPlan, WARMUP_SHARE, type Measure, type Probe } from './harness.js';
import { gcSummary } from './loop-probe-client.js';
import { postmasterOf, rssSampler } from './probes.js';
import { ONE_TIME_REQUESTS, plannedOperations, seedTemplate } from './operations.js';
import { seedVolume } from './seed-1m.js';

const INSTALLMENTS = Number(process.env.BENCH_SEED_INSTALLMENTS ?? 1_000_000);
/** The kept seeded database (seeding a million installments takes minutes). */
const SEEDED_DATABASE = 'caas_bench_scale_seeded';
/** Issue 14: with the seed, no operation's p99 may move by more than this. */
const P99_MOVE_MAX = 0.2;

async function scalar(url: string, statement: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(statement);
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

const installmentsOf = (url: string) => scalar(url, 'select count(*)::int as n from receivable_installments');
const exists = (baseUrl: string, name: string) => scalar(baseUrl, `select count(*)::int as n from pg_database where datname = '${name}'`).then((n) => n > 0);

/** Creates the seeded database if needed and tops it up to INSTALLMENTS (before any bench server runs). */
async function seed(baseUrl: string): Promise<void> {
  const url = withDatabase(baseUrl, SEEDED_DATABASE);
  if (!(await exists(baseUrl, SEEDED_DATABASE))) await adminExecute(baseUrl, [`create database ${SEEDED_DATABASE}`]);
  await migrate(url);
  const have = await installmentsOf(url);
  if (have >= INSTALLMENTS) {
    console.log(`seed: ${SEEDED_DATABASE} already holds ${have} installments`);
    return;
  }
  // The template is made through the API, so the seeded rows are what the service writes.
  const server = await startCaas(url, await freePort());
  let template: string;
  try {
    template = await seedTemplate((await benchContextFor(url, server.serverUrl, 0)).ctx);
  } finally {
    server.child.kill('SIGTERM');
  }
  const summary = await seedVolume(url, template, INSTALLMENTS, (l) => console.log(l));
  console.log(`seed: ${summary.installments} installments after ${summary.copies} copies in ${summary.seconds.toFixed(0)} s (load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')})`);
}

interface Side {
  label: string;
  url: string;
  probe: Probe;
  ctx: Awaited<ReturnType<typeof benchContextFor>>['ctx'];
}

interface SideSpec {
  label: string;
  url: string;
  nodeFlags: readonly string[];
}

async function side(spec: SideSpec, postmaster: number | null, oneTimeBodies: number, stops: Array<() => void>): Promise<Side> {
  const server = await startCaas(spec.url, await freePort(), undefined, spec.nodeFlags);
  stops.push(() => server.child.kill('SIGTERM'));
  const pid = server.child.pid as number;
  const { ctx } = await benchContextFor(spec.url, server.serverUrl, oneTimeBodies);
  return { label: spec.label, url: spec.url, ctx, probe: { pid, postmaster, statementsUrl: server.serverUrl, rss: rssSampler(pid), ...(server.loop ? { loop: server.loop } : {}) } };
}

const fmt = (x: number, d = 0) => (Number.isFinite(x) ? x.toFixed(d) : '-');

/** The loop probe's medians for one side: loop delay p99, GC ms per second, longest GC pause. */
function loopColumns(ms: Measure[]): string {
  const withLoop = ms.filter((m) => m.loop);
  if (withLoop.length === 0) return '';
  const gc = withLoop.map((m) => gcSummary(m.loop!));
  return `loop p99 ${fmt(median(withLoop.map((m) => m.loop!.delay_p99_ms)), 1)} ms, GC ${fmt(median(gc.map((g) => g.gc_ms_per_s)))} ms/s, longest ${fmt(median(gc.map((g) => g.gc_max_ms)), 1)} ms, ${fmt(median(gc.map((g) => g.scavenges)))} scavenges + ${fmt(median(gc.map((g) => g.full)))} full`;
}

/**
 * Each selected operation on side a and side b in interleaved rounds: a/b ratios of p99 and req/s
 * per operation, with each side's CPU, PostgreSQL CPU and statements per request.
 */
async function paired(a: SideSpec, b: SideSpec, facts: Record<string, unknown>, resultFile: string): Promise<void> {
  const stops: Array<() => void> = [];
  try {
    const postmaster = await postmasterOf(a.url).catch(() => null);
    const oneTime = REQUESTS ?? ONE_TIME_REQUESTS;
    const oneTimeBodies = oneTime * ROUNDS + Math.ceil(oneTime / WARMUP_SHARE);
    const sideA = await side(a, postmaster, oneTimeBodies, stops);
    const sideB = await side(b, postmaster, oneTimeBodies, stops);
    const machine = machineFacts();
    const ab = `${a.label}/${b.label}`;
    console.log(`${RUN_SECONDS} s per run (one-time-body operations: ${oneTime} requests), ${ROUNDS} interleaved rounds after a warm-up, ${CONNECTIONS} connections`);
    console.log(`machine: ${machine.cpus} × ${machine.cpu_model}, Node ${machine.node}, load ${machine.load_at_start.map((l) => l.toFixed(1)).join(' ')}`);
    console.log(`${ab} ratios: median [min–max] over the rounds (each round pairs one run on each side)\n`);
    console.log(`${'operation'.padEnd(56)} ${'p99 a'.padStart(6)} ${'p99 b'.padStart(6)} ${'p99 ratio'.padStart(17)} ${'rps ratio'.padStart(17)} | ${'cpu µs a/b'.padStart(11)} ${'pg µs a/b'.padStart(11)} ${'stmts a/b'.padStart(9)} ${'load'.padStart(5)}`);
    const rows: Record<string, unknown>[] = [];
    for (const { op, measured } of plannedOperations(process.env.BENCH_ONLY)) {
      await op.setup?.(sideA.ctx);
      await op.setup?.(sideB.ctx);
      if (!measured) continue;
      const run = (s: Side) => async (warmup: boolean) => measure(s.ctx.url, op, s.ctx.token, s.probe, await subjectPlan(op, s.ctx, warmup), op.status ?? 200);
      const { as: onA, bs: onB } = await interleaved(run(sideA), run(sideB));
      const p99 = spread(onA.map((m, r) => m.p99_ms / Math.max((onB[r] as Measure).p99_ms, 0.001)));
      const rps = spread(onA.map((m, r) => m.rps / (onB[r] as Measure).rps));
      const unexpected = [...onA, ...onB].reduce((n, m) => n + m.unexpected + m.errors, 0);
      rows.push({ operation: op.name, path: op.path, rounds: onA.map((m, r) => ({ [a.label]: m, [b.label]: onB[r] })), p99_ratio: p99, rps_ratio: rps, unexpected });
      const med = (ms: Measure[], f: (m: Measure) => number) => median(ms.map(f));
      const both = (f: (m: Measure) => number, d = 0) => `${fmt(med(onA, f), d)}/${fmt(med(onB, f), d)}`;
      const flag = `${unexpected > 0 ? `  (${unexpected} errors or unexpected statuses)` : ''}${Math.abs(p99.median - 1) > P99_MOVE_MAX ? '  p99 moved > 20 %' : ''}`;
      const loops = [loopColumns(onA), loopColumns(onB)].every((l) => l !== '') ? `\n      ${a.label}: ${loopColumns(onA)}\n      ${b.label}: ${loopColumns(onB)}` : '';
      console.log(`${op.name.padEnd(56)} ${fmt(med(onA, (m) => m.p99_ms), 1).padStart(6)} ${fmt(med(onB, (m) => m.p99_ms), 1).padStart(6)} ${ratioText(p99)} ${ratioText(rps)} | ${both((m) => m.cpu_us_per_request).padStart(11)} ${both((m) => m.pg_cpu_us_per_request).padStart(11)} ${both((m) => m.statements_per_request ?? NaN, 1).padStart(9)} ${fmt(med(onA, (m) => m.load_1m), 1).padStart(5)}${flag}${loops}`);
    }
    console.log(`\nserver RSS peak: ${a.label} ${fmt(sideA.probe.rss.peak())} MB, ${b.label} ${fmt(sideB.probe.rss.peak())} MB`);
    const out = path.join(ROOT, 'bench/results');
    fs.mkdirSync(out, { recursive: true });
    fs.writeFileSync(path.join(out, resultFile), JSON.stringify({ at: new Date().toISOString(), ...facts, sides: [a, b].map((s) => ({ label: s.label, node_flags: s.nodeFlags })), run_seconds: RUN_SECONDS, one_time_requests: oneTime, rounds: ROUNDS, connections: CONNECTIONS, machine: { ...machine, load_at_end: os.loadavg() }, rss_peak_mb: { [a.label]: sideA.probe.rss.peak(), [b.label]: sideB.probe.rss.peak() }, operations: rows }, null, 2));
    console.log(`results written to bench/results/${resultFile}`);
    for (const s of [sideA, sideB]) s.probe.rss.stop();
  } finally {
    for (const stop of stops) stop();
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** A fresh migrated database for one side, dropped when `work` ends (and a stopped run's leftovers). */
async function withFreshDatabase(baseUrl: string, label: string, work: (url: string) => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  const leftovers = await client.query<{ datname: string }>(`select datname from pg_database where datname ~ $1`, [`^caas_bench_${label}_[0-9]+$`]).finally(() => client.end());
  for (const { datname } of leftovers.rows) await adminExecute(baseUrl, [`drop database if exists ${datname} with (force)`]);
  const name = `caas_bench_${label}_${Date.now()}`;
  await adminExecute(baseUrl, [`create database ${name}`]);
  try {
    const url = withDatabase(baseUrl, name);
    await migrate(url);
    await work(url);
  } finally {
    await adminExecute(baseUrl, [`drop database if exists ${name} with (force)`]).catch(() => undefined);
  }
}

/** The scale check: the seeded database against an empty one, same node flags. */
async function compare(baseUrl: string): Promise<void> {
  const seededUrl = withDatabase(baseUrl, SEEDED_DATABASE);
  if (!(await exists(baseUrl, SEEDED_DATABASE))) throw new Error('bench:scale: no seeded database; run `npm run bench:scale -- seed` first');
  await migrate(seededUrl);
  const seededInstallments = await installmentsOf(seededUrl);
  if (seededInstallments < INSTALLMENTS) throw new Error(`bench:scale: the seeded database holds ${seededInstallments} installments (< ${INSTALLMENTS}); run \`npm run bench:scale -- seed\` first`);
  console.log(`bench:scale: ${seededInstallments} installments (a) against an empty database (b)${NODE_FLAGS.length ? `, server node flags: ${NODE_FLAGS.join(' ')}` : ''}`);
  await withFreshDatabase(baseUrl, 'empty', (emptyUrl) =>
    paired({ label: 'seeded', url: seededUrl, nodeFlags: NODE_FLAGS }, { label: 'empty', url: emptyUrl, nodeFlags: NODE_FLAGS }, { seeded_installments: seededInstallments }, 'scale-latest.json'),
  );
}

/**
 * BENCH_PAIR_FLAGS='…' npm run bench:scale -- flags: the same pairing for V8's settings, a server
 * with those node flags (a) against one with BENCH_NODE_FLAGS (b, default none), each on its own
 * empty database.
 */
async function compareFlags(baseUrl: string): Promise<void> {
  const flags = (process.env.BENCH_PAIR_FLAGS ?? '').split(/\s+/).filter(Boolean);
  if (flags.length === 0) throw new Error('bench:scale flags: set BENCH_PAIR_FLAGS to the node flags to measure');
  console.log(`bench:scale flags: ${flags.join(' ')} (a) against ${NODE_FLAGS.length ? NODE_FLAGS.join(' ') : 'the defaults'} (b)`);
  await withFreshDatabase(baseUrl, 'flags', (aUrl) =>
    withFreshDatabase(baseUrl, 'defaults', (bUrl) => paired({ label: 'flags', url: aUrl, nodeFlags: flags }, { label: 'defaults', url: bUrl, nodeFlags: NODE_FLAGS }, {}, 'flags-latest.json')),
  );
}

async function main(step: string): Promise<void> {
  const external = process.env.DATABASE_URL;
  const embedded = external ? null : await openEmbedded(path.join(ROOT, '.caas-bench'), 'server');
  const baseUrl = external ?? (embedded as { url: string }).url;
  if (embedded) onInterrupt(() => embedded.stop());
  try {
    if (step === 'seed') await seed(baseUrl);
    else if (step === 'drop') await adminExecute(baseUrl, [`drop database if exists ${SEEDED_DATABASE} with (force)`]);
    else if (step === 'flags') await compareFlags(baseUrl);
    else await compare(baseUrl);
  } finally {
    await embedded?.stop();
  }
}

await main(process.argv[2] ?? 'compare');

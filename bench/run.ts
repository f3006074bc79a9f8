// `npm run bench`: starts a real caas server and the baseline server on loopback, drives each
// operation with autocannon (a bounded number of requests; stops by itself), and prints req/s and
// p50/p99 next to the baseline doing the same JWT check and number of writes, as ratios.
// Results go to bench/results/latest.json. Machines are noisy: compare ratios, not absolutes.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { SignJWT, importPKCS8 } from 'jose';
import { main as caas } from '../src/cli/main.js';
import { createPartner, generatePartnerKeyPair } from '../src/modules/partners/index.js';
import { systemClock } from '../src/platform/clock.js';
import { adminExecute, withDatabase } from '../src/platform/db/admin.js';
import { openEmbedded } from '../src/platform/db/embedded.js';
import { migrate } from '../src/platform/db/migrate.js';
import { createDb } from '../src/platform/db/pool.js';
import { freePort } from '../test/support/server.js';
import { runExtras } from './extras.js';
import { clusterCpuMs, cpuMs, postmasterOf, rssSampler, statementsOf } from './probes.js';
import { ONE_TIME_REQUESTS, OPERATIONS, seedTemplate, type BenchContext, type BenchOperation } from './operations.js';
import { seedVolume } from './seed-1m.js';

const RUN_SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/**
 * BENCH_REQUESTS=N: each run sends exactly N requests instead of running for BENCH_SECONDS. With
 * BENCH_CONNECTIONS=1 this gives the stable per-request figures (CPU, statements) on a busy machine.
 */
const REQUESTS = process.env.BENCH_REQUESTS ? Number(process.env.BENCH_REQUESTS) : undefined;
/** Issue 14: the server's RSS must stay under this through the bench. */
const RSS_MAX_MB = 300;
const RUN_TIMEOUT_S = 30;
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

const WARMUP_SECONDS = 1;
/** A one-time-body operation's warm-up sends this fraction of a run's requests. */
const WARMUP_SHARE = 3;
/**
 * BENCH_ROUNDS: interleaved rounds per operation (subject, baseline, then baseline, subject, …);
 * each figure is reported as the median over the rounds, with its min–max spread.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Bodies the baseline cycles through for a one-time-body operation (it does not use them). */
const BASELINE_BODIES = 20;

interface Measure {
  rps: number;
  p50_ms: number;
  p99_ms: number;
  unexpected: number;
  errors: number;
  requests: number;
  /** CPU time per request of the measured server process and of the PostgreSQL cluster. */
  cpu_us_per_request: number;
  pg_cpu_us_per_request: number;
  /** Statements per request (caas only: its caas_db_statements gauge). */
  statements_per_request?: number;
  rss_peak_mb: number;
  /** The machine's 1-minute load average when the run started (others share it). */
  load_1m: number;
}

/** Where a run's costs are read: the server's pid (and /metrics for caas) and the postmaster. */
interface Probe {
  pid: number;
  postmaster: number | null;
  statementsUrl?: string;
  rss: ReturnType<typeof rssSampler>;
}


const admin = (url: string, statement: string) => adminExecute(url, [statement]);

async function waitReady(url: string, child: ChildProcess): Promise<void> {
  // Two minutes: a cold tsx start on a loaded 2-core machine takes tens of seconds.
  for (let i = 0; i < 1200; i += 1) {
    if (child.exitCode !== null) throw new Error(`${url} exited during start-up`);
    try {
      const r = await fetch(url);
      if (r.status < 500) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} not ready`);
}

function spawnNode(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}

/** How one run is driven: for a duration, or exactly `amount` requests (one-time bodies). */
interface RunPlan {
  path?: string;
  seconds?: number;
  amount?: number;
  /** The bodies to send, cycled (a one-time body run has as many as requests). */
  bodies: string[];
}

async function bodiesOf(op: BenchOperation, ctx: BenchContext, count: number): Promise<string[]> {
  return Promise.all(Array.from({ length: count }, () => op.body(ctx)));
}

/**
 * The subject's plan. One-time bodies run by amount (a warm-up sends a share of it), each body sent
 * once; the others for the run's duration cycling a pool, or BENCH_REQUESTS requests when set.
 */
async function subjectPlan(op: BenchOperation, ctx: BenchContext, warmup: boolean): Promise<RunPlan> {
  const pool = op.pool ?? 200;
  if (op.requests !== undefined) {
    const amount = REQUESTS ?? op.requests;
    const n = warmup ? Math.ceil(amount / WARMUP_SHARE) : amount;
    return { amount: n, bodies: await bodiesOf(op, ctx, n) };
  }
  if (REQUESTS !== undefined && !warmup) return { amount: REQUESTS, bodies: await bodiesOf(op, ctx, pool) };
  return { seconds: warmup ? WARMUP_SECONDS : RUN_SECONDS, bodies: await bodiesOf(op, ctx, pool) };
}

async function measure(url: string, op: BenchOperation, token: string, probe: Probe, plan: RunPlan, expected: number): Promise<Measure> {
  let i = 0;
  const statementsBefore = probe.statementsUrl ? await statementsOf(probe.statementsUrl) : null;
  probe.rss.mark();
  const load = os.loadavg()[0] as number;
  const [cpuBefore, pgBefore] = [cpuMs(probe.pid), probe.postmaster ? clusterCpuMs(probe.postmaster) : 0];
  const result = await autocannon({
    url: `${url}${plan.path ?? op.path}`,
    method: 'POST',
    // autocannon refuses more connections than requests (a short warm-up of one-time bodies).
    connections: plan.amount !== undefined ? Math.min(CONNECTIONS, plan.amount) : CONNECTIONS,
    ...(plan.amount !== undefined ? { amount: plan.amount } : { duration: plan.seconds ?? RUN_SECONDS }),
    timeout: RUN_TIMEOUT_S,
    headers: { 'content-type': op.form ? 'application/x-www-form-urlencoded' : 'application/json', authorization: `Bearer ${token}` },
    requests: [
      {
        setupRequest: (request) => {
          const body = plan.bodies[i % plan.bodies.length] as string;
          i += 1;
          return { ...request, body, headers: { ...request.headers, idempotencykey: randomUUID() } };
        },
      },
    ],
  });
  const [cpuAfter, pgAfter] = [cpuMs(probe.pid), probe.postmaster ? clusterCpuMs(probe.postmaster) : 0];
  const statementsAfter = probe.statementsUrl ? await statementsOf(probe.statementsUrl) : null;
  const requests = Math.max(result.requests.total, 1);
  const stats = (result as unknown as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {};
  const unexpected = Object.entries(stats).reduce((n, [code, v]) => (Number(code) === expected ? n : n + v.count), 0);
  return {
    rps: result.requests.total / Math.max((new Date(result.finish).getTime() - new Date(result.start).getTime()) / 1000, 0.001),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    unexpected,
    errors: result.errors,
    requests: result.requests.total,
    cpu_us_per_request: ((cpuAfter - cpuBefore) * 1000) / requests,
    pg_cpu_us_per_request: ((pgAfter - pgBefore) * 1000) / requests,
    // The scrape itself runs a few statements: negligible over thousands of requests.
    statements_per_request: statementsBefore !== null && statementsAfter !== null ? (statementsAfter - statementsBefore) / requests : undefined,
    rss_peak_mb: probe.rss.sinceMark(),
    load_1m: load,
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

/** Median and spread (min–max) of a figure over the rounds. */
function spread(xs: number[]): { median: number; min: number; max: number } {
  return { median: median(xs), min: Math.min(...xs), max: Math.max(...xs) };
}

/**
 * The baseline route doing this operation's essential work (issue 14). For a read, one answer of
 * the subject is stored in the baseline's table first, so the baseline's single select by key
 * returns exactly as many bytes.
 */
async function baselineFor(op: BenchOperation, ctx: BenchContext, baselineUrl: string): Promise<{ op: BenchOperation; path: string; kind: string; answerBytes?: number }> {
  const kind = op.baseline ?? 'writes';
  if (kind === 'token') return { op, path: '/baseline/token', kind };
  if (kind === 'bare') return { op: { ...op, form: false }, path: '/bare', kind };
  if (kind === 'writes') return { op: { ...op, form: false }, path: `/baseline/${op.writes}`, kind: op.writes === 0 ? 'no-op' : 'writes' };
  const sample = await fetch(`${ctx.url}${op.path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${ctx.token}`, idempotencykey: randomUUID() }, body: await op.body(ctx) });
  const answer = await sample.text();
  const key = encodeURIComponent(op.name);
  const stored = await fetch(`${baselineUrl}/baseline/answer/${key}`, { method: 'PUT', headers: { 'content-type': 'text/plain; charset=utf-8' }, body: answer });
  if (!stored.ok) throw new Error(`bench: baseline refused the sample answer of ${op.name}: ${stored.status} ${await stored.text()}`);
  return { op: { ...op, form: false }, path: `/baseline/read/${key}`, kind: 'read', answerBytes: Buffer.byteLength(answer) };
}

async function main(): Promise<void> {
  const external = process.env.DATABASE_URL;
  const embedded = external ? null : await openEmbedded(path.join(ROOT, '.caas-bench'), 'server');
  const baseUrl = external ?? (embedded as { url: string }).url;
  const dbName = `caas_bench_${Date.now()}`;
  await admin(baseUrl, `create database ${dbName}`);
  const url = withDatabase(baseUrl, dbName);
  const children: ChildProcess[] = [];
  try {
    await migrate(url);
    const db = createDb(url);
    const keys = await generatePartnerKeyPair();
    const partner = await createPartner(db, systemClock, { name: 'Bench', publicKeyPem: keys.publicKeyPem, canRefuse: true, autoApprovePayees: true });
    await db.destroy();
    const [port, basePort] = [await freePort(), await freePort()];
    const serverUrl = `http://127.0.0.1:${port}`;
    const baselineUrl = `http://127.0.0.1:${basePort}`;
    // The bench measures capacity, so the per-partner rate limit is lifted (it is tested elsewhere).
    const common = { DATABASE_URL: url, PUBLIC_URL: serverUrl, LOG_LEVEL: 'error', CAAS_WORKERS: 'false', HOST: '127.0.0.1', CAAS_RATE_LIMIT_PER_SECOND: '1000000' };
    children.push(spawnNode([...(process.env.BENCH_CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`] : []), 'bin/caas.mjs', 'serve'], { ...common, PORT: String(port) }));
    await waitReady(`${serverUrl}/health/ready`, children[0] as ChildProcess);
    children.push(spawnNode(['--import', 'tsx', 'bench/baseline-server.ts'], { ...common, PORT: String(basePort), BENCH_PARTNER_PUBLIC_KEY_PEM: keys.publicKeyPem }));
    await waitReady(`${baselineUrl}/`, children[1] as ChildProcess);
    const postmaster = await postmasterOf(url).catch(() => null);
    const subjectProbe: Probe = { pid: children[0]?.pid as number, postmaster, statementsUrl: serverUrl, rss: rssSampler(children[0]?.pid as number) };
    const baselineProbe: Probe = { pid: children[1]?.pid as number, postmaster, rss: rssSampler(children[1]?.pid as number) };
    const privateKey = await importPKCS8(keys.privateKeyPem, 'RS256');
    const assertion = async () => {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({}).setProtectedHeader({ alg: 'RS256', typ: 'JWT' }).setIssuer(partner.clientId).setSubject(partner.clientId).setAudience(`${serverUrl}/connect/token`).setJti(randomUUID()).setIssuedAt(now).setExpirationTime(now + 300).sign(privateKey);
    };
    const tokenResponse = await fetch(`${serverUrl}/connect/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: await OPERATIONS[0]!.body({ url: serverUrl, token: '', clientId: partner.clientId, assertion, state: {}, cli: async () => '', oneTimeBodies: 0 }) });
    const token = ((await tokenResponse.json()) as { access_token: string }).access_token;
    process.env.DATABASE_URL = url;
    const cli = async (args: string[]) => {
      let out = '';
      let err = '';
      const code = await caas(args, { out: (l) => (out += `${l}\n`), err: (l) => (err += `${l}\n`) });
      if (code !== 0) throw new Error(`caas ${args.join(' ')}: ${err}`);
      return out;
    };
    const oneTime = REQUESTS ?? ONE_TIME_REQUESTS;
    const oneTimeBodies = oneTime * ROUNDS + Math.ceil(oneTime / WARMUP_SHARE) + BASELINE_BODIES;
    const ctx: BenchContext = { url: serverUrl, token, clientId: partner.clientId, assertion, state: {}, cli, oneTimeBodies };
    // BENCH_SEED_INSTALLMENTS=1000000: the scale run (issue 14), on a database of that many installments.
    const seedInstallments = Number(process.env.BENCH_SEED_INSTALLMENTS ?? 0);
    const seeded = seedInstallments > 0 ? await seedVolume(url, await seedTemplate(ctx), seedInstallments, (l) => console.log(l)) : null;
    if (seeded) console.log(`seeded ${seeded.installments} installments in ${seeded.seconds.toFixed(0)} s`);
    const rows: Record<string, unknown>[] = [];
    const machine = { cpus: os.cpus().length, cpu_model: os.cpus()[0]?.model ?? '?', memory_gb: Math.round(os.totalmem() / 2 ** 30), node: process.version, load_at_start: os.loadavg() };
    console.log(`bench: ${RUN_SECONDS} s per run (one-time-body operations: ${oneTime} requests), ${ROUNDS} interleaved rounds after a warm-up, ${CONNECTIONS} connections, loopback`);
    console.log(`machine: ${machine.cpus} × ${machine.cpu_model}, ${machine.memory_gb} GB, Node ${machine.node}, load ${machine.load_at_start.map((l) => l.toFixed(1)).join(' ')}`);
    console.log('figures: median over the rounds; ratios as median [min–max]\n');
    console.log(`${'operation'.padEnd(56)} ${'req/s'.padStart(7)} ${'p50'.padStart(6)} ${'p99'.padStart(6)} ${'cpu µs'.padStart(7)} ${'pg µs'.padStart(7)} ${'stmts'.padStart(5)} | ${'base r/s'.padStart(8)} ${'b p99'.padStart(6)} | ${'rps ratio'.padStart(17)} ${'p99 ratio'.padStart(17)} ${'load'.padStart(5)}`);
    // BENCH_ONLY=part[,part…] runs only the operations whose name contains one of the parts (the
    // setups of earlier operations run too: later ones depend on them; later setups are skipped).
    const only = process.env.BENCH_ONLY;
    const selected = (o: BenchOperation) => !only || only.split(',').some((part) => o.name.includes(part.trim()));
    const lastSelected = OPERATIONS.reduce((last, o, i) => (selected(o) ? i : last), -1);
    for (const op of OPERATIONS.slice(0, lastSelected + 1).filter((o) => selected(o) || o.setup !== undefined)) {
      await op.setup?.(ctx);
      if (!selected(op)) continue;
      const base = await baselineFor(op, ctx, baselineUrl);
      const baselineBodies = await bodiesOf(base.op, ctx, op.requests !== undefined ? BASELINE_BODIES : Math.min(op.pool ?? 200, 200));
      const runSubject = async (warmup: boolean) => measure(serverUrl, op, token, subjectProbe, await subjectPlan(op, ctx, warmup), op.status ?? 200);
      const runBaseline = async (warmup: boolean) =>
        measure(baselineUrl, base.op, token, baselineProbe, { path: base.path, bodies: baselineBodies, ...(REQUESTS !== undefined && !warmup ? { amount: REQUESTS } : { seconds: warmup ? WARMUP_SECONDS : RUN_SECONDS }) }, base.kind === 'bare' ? (op.status ?? 200) : 200);
      await runSubject(true);
      await runBaseline(true);
      const subjects: Measure[] = [];
      const baselines: Measure[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        // Interleaved, alternating which goes first, so a change of load hits both alike.
        if (round % 2 === 0) {
          subjects.push(await runSubject(false));
          baselines.push(await runBaseline(false));
        } else {
          baselines.push(await runBaseline(false));
          subjects.push(await runSubject(false));
        }
      }
      const of = (ms: Measure[], f: (m: Measure) => number) => spread(ms.map(f));
      const row = {
        operation: op.name,
        path: op.path,
        writes: op.writes,
        baseline_kind: base.kind,
        answer_bytes: base.answerBytes,
        rounds: subjects.map((subject, r) => ({ subject, baseline: baselines[r] as Measure })),
        subject_rps: of(subjects, (m) => m.rps),
        subject_p99_ms: of(subjects, (m) => m.p99_ms),
        baseline_rps: of(baselines, (m) => m.rps),
        baseline_p99_ms: of(baselines, (m) => m.p99_ms),
        rps_ratio: spread(subjects.map((m, r) => m.rps / (baselines[r] as Measure).rps)),
        p99_ratio: spread(subjects.map((m, r) => m.p99_ms / Math.max((baselines[r] as Measure).p99_ms, 0.001))),
        unexpected: subjects.reduce((n, m) => n + m.unexpected + m.errors, 0),
      };
      rows.push(row);
      let flag = row.unexpected > 0 ? `  (${row.unexpected} errors or unexpected statuses)` : '';
      if (row.unexpected > 0) {
        // Show one answer so a broken bench body is obvious rather than silently fast.
        const sample = await fetch(`${serverUrl}${op.path}`, { method: 'POST', headers: { 'content-type': op.form ? 'application/x-www-form-urlencoded' : 'application/json', authorization: `Bearer ${token}`, idempotencykey: randomUUID() }, body: await op.body(ctx) });
        flag += `\n      sample: ${sample.status} ${(await sample.text()).slice(0, 300)}`;
      }
      const med = (f: (m: Measure) => number, ms = subjects) => median(ms.map(f));
      const ratio = (x: { median: number; min: number; max: number }) => `${x.median.toFixed(2)} [${x.min.toFixed(2)}–${x.max.toFixed(2)}]`.padStart(17);
      console.log(
        `${op.name.padEnd(56)} ${med((m) => m.rps).toFixed(0).padStart(7)} ${med((m) => m.p50_ms).toFixed(1).padStart(6)} ${med((m) => m.p99_ms).toFixed(1).padStart(6)} ${med((m) => m.cpu_us_per_request).toFixed(0).padStart(7)} ${med((m) => m.pg_cpu_us_per_request).toFixed(0).padStart(7)} ${med((m) => m.statements_per_request ?? NaN).toFixed(1).padStart(5)} | ${med((m) => m.rps, baselines).toFixed(0).padStart(8)} ${med((m) => m.p99_ms, baselines).toFixed(1).padStart(6)} | ${ratio(row.rps_ratio)} ${ratio(row.p99_ratio)} ${med((m) => m.load_1m).toFixed(1).padStart(5)}${flag}`,
      );
    }
    const rssPeak = subjectProbe.rss.peak();
    console.log(`\nserver RSS peak: ${rssPeak.toFixed(0)} MB (limit ${RSS_MAX_MB} MB)${rssPeak >= RSS_MAX_MB ? '  OVER THE LIMIT' : ''}`);
    subjectProbe.rss.stop();
    baselineProbe.rss.stop();
    const extra = only ? {} : await runExtras();
    const out = path.join(ROOT, 'bench/results');
    fs.mkdirSync(out, { recursive: true });
    fs.writeFileSync(path.join(out, 'latest.json'), JSON.stringify({ at: new Date().toISOString(), run_seconds: RUN_SECONDS, one_time_requests: oneTime, rounds: ROUNDS, connections: CONNECTIONS, machine: { ...machine, load_at_end: os.loadavg() }, server_rss_peak_mb: rssPeak, seeded_installments: seeded?.installments ?? 0, server_rss_limit_mb: RSS_MAX_MB, operations: rows, extras: extra }, null, 2));
    console.log(`\nresults written to bench/results/latest.json`);
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await admin(baseUrl, `drop database if exists ${dbName} with (force)`).catch(() => undefined);
    await embedded?.stop();
  }
}

await main();

// What `npm run bench` (bench/run.ts) and the scale mode (bench/scale.ts) share: starting a server,
// a bench context on it (partner, token, in-process CLI), one measured autocannon run with its
// costs (CPU, statements, RSS, and with the loop probe the server's event-loop stalls and GC
// pauses), and the median and spread over the rounds.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { SignJWT, importPKCS8 } from 'jose';
import { main as caas } from '../src/cli/main.js';
import { createPartner, generatePartnerKeyPair } from '../src/modules/partners/index.js';
import { systemClock } from '../src/platform/clock.js';
import { createDb } from '../src/platform/db/pool.js';
import { cpuMs, clusterCpuMs, rssSampler, statementsOf } from './probes.js';
import { loopProbeArgs, type LoopProbe, type LoopStats } from './loop-probe-client.js';
import { OPERATIONS, type BenchContext, type BenchOperation } from './operations.js';

export const RUN_SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/**
 * BENCH_REQUESTS=N: each run sends exactly N requests instead of running for BENCH_SECONDS. With
 * BENCH_CONNECTIONS=1 this gives the stable per-request figures (CPU, statements) on a busy machine.
 */
export const REQUESTS = process.env.BENCH_REQUESTS ? Number(process.env.BENCH_REQUESTS) : undefined;
/**
 * BENCH_ROUNDS: interleaved rounds per operation (subject, baseline, then baseline, subject, …);
 * each figure is reported as the median over the rounds, with its min–max spread.
 */
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** BENCH_PIPELINING: requests autocannon sends on a connection before reading answers (default 1). */
export const PIPELINING = Number(process.env.BENCH_PIPELINING ?? 1);
/**
 * BENCH_NODE_FLAGS: extra node flags for the caas servers (e.g. `--max-semi-space-size=32`), to
 * measure what V8's settings do; the baseline keeps node's defaults.
 */
export const NODE_FLAGS = (process.env.BENCH_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
/** BENCH_LOOP_PROBE=1: each run also reports the server's event-loop delay and GC pauses. */
export const LOOP_PROBE = process.env.BENCH_LOOP_PROBE === '1';
const RUN_TIMEOUT_S = 30;
export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const WARMUP_SECONDS = 1;
/** A one-time-body operation's warm-up sends this fraction of a run's requests. */
export const WARMUP_SHARE = 3;

export interface Measure {
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
  /** With BENCH_LOOP_PROBE=1: the server's event-loop delay and GC pauses during the run. */
  loop?: LoopStats;
}

/** Where a run's costs are read: the server's pid (and /metrics for caas) and the postmaster. */
export interface Probe {
  pid: number;
  postmaster: number | null;
  statementsUrl?: string;
  rss: ReturnType<typeof rssSampler>;
  loop?: LoopProbe;
}

export async function waitReady(url: string, child: ChildProcess): Promise<void> {
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

/** The children still running (servers, the baseline): an interrupted bench stops them. */
const RUNNING_CHILDREN = new Set<ChildProcess>();
/** What an interrupted bench runs after stopping its children, last registered first (drop the bench database, stop the embedded cluster). */
const INTERRUPT_CLEANUPS: Array<() => Promise<void>> = [];
/** How long an interrupted bench waits for its cleanups before it exits anyway. */
const INTERRUPT_CLEANUP_WAIT_MS = 15_000;
let interruptHandled = false;

/** Stops every child and runs the cleanups, then exits with the signal's conventional status. */
async function interrupted(signal: 'SIGINT' | 'SIGTERM'): Promise<void> {
  for (const child of RUNNING_CHILDREN) child.kill('SIGTERM');
  const waited = new Promise((r) => setTimeout(r, INTERRUPT_CLEANUP_WAIT_MS).unref());
  await Promise.race([lastFirst(INTERRUPT_CLEANUPS), waited]);
  process.exit(signal === 'SIGINT' ? 130 : 143);
}

/** Runs the cleanups one after another, the last registered first (as nested `finally` blocks). */
async function lastFirst(cleanups: ReadonlyArray<() => Promise<void>>): Promise<void> {
  for (const cleanup of [...cleanups].reverse()) await cleanup().catch(() => undefined);
}

/**
 * `cleanup` also runs when the bench is interrupted (SIGINT, SIGTERM), after its children are
 * stopped: without it a killed bench left its servers and the embedded cluster running.
 */
export function onInterrupt(cleanup: () => Promise<void>): void {
  INTERRUPT_CLEANUPS.push(cleanup);
  handleInterrupts();
}

function handleInterrupts(): void {
  if (interruptHandled) return;
  interruptHandled = true;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void interrupted(signal));
}

export function spawnNode(args: string[], env: Record<string, string>, ipc = false): ChildProcess {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit', ...(ipc ? (['ipc'] as const) : [])] });
  RUNNING_CHILDREN.add(child);
  child.once('exit', () => RUNNING_CHILDREN.delete(child));
  handleInterrupts();
  return child;
}

/** The environment every caas server of a bench run gets (the rate limit is tested elsewhere). */
export function serverEnv(url: string, serverUrl: string, port: number): Record<string, string> {
  return { DATABASE_URL: url, PUBLIC_URL: serverUrl, LOG_LEVEL: 'error', CAAS_WORKERS: 'false', HOST: '127.0.0.1', CAAS_RATE_LIMIT_PER_SECOND: '1000000', PORT: String(port) };
}

/** `caas serve` on `port`, with BENCH_NODE_FLAGS, a CPU profile and the loop probe when asked. */
export async function startCaas(url: string, port: number, profileDir?: string, nodeFlags: readonly string[] = NODE_FLAGS): Promise<{ child: ChildProcess; serverUrl: string; loop?: LoopProbe }> {
  const serverUrl = `http://127.0.0.1:${port}`;
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const probe = LOOP_PROBE ? loopProbeArgs() : null;
  const child = spawnNode([...nodeFlags, ...profile, ...(probe?.args ?? []), 'bin/caas.mjs', 'serve'], serverEnv(url, serverUrl, port), LOOP_PROBE);
  await waitReady(`${serverUrl}/health/ready`, child);
  return { child, serverUrl, ...(probe ? { loop: probe.attach(child) } : {}) };
}

/** A fresh partner on the database `url`, its access token on the server, and the bench context. */
export async function benchContextFor(url: string, serverUrl: string, oneTimeBodies: number): Promise<{ ctx: BenchContext; publicKeyPem: string }> {
  const db = createDb(url);
  const keys = await generatePartnerKeyPair();
  const partner = await createPartner(db, systemClock, { name: `Bench ${randomUUID().slice(0, 8)}`, publicKeyPem: keys.publicKeyPem, canRefuse: true, autoApprovePayees: true });
  await db.destroy();
  const privateKey = await importPKCS8(keys.privateKeyPem, 'RS256');
  const assertion = async () => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({}).setProtectedHeader({ alg: 'RS256', typ: 'JWT' }).setIssuer(partner.clientId).setSubject(partner.clientId).setAudience(`${serverUrl}/connect/token`).setJti(randomUUID()).setIssuedAt(now).setExpirationTime(now + 300).sign(privateKey);
  };
  // The in-process CLI reads DATABASE_URL: set per call, so two contexts can share the process.
  const cli = async (args: string[]) => {
    process.env.DATABASE_URL = url;
    let out = '';
    let err = '';
    const code = await caas(args, { out: (l) => (out += `${l}\n`), err: (l) => (err += `${l}\n`) });
    if (code !== 0) throw new Error(`caas ${args.join(' ')}: ${err}`);
    return out;
  };
  const ctx: BenchContext = { url: serverUrl, token: '', clientId: partner.clientId, assertion, state: {}, cli, oneTimeBodies };
  const tokenResponse = await fetch(`${serverUrl}/connect/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: await OPERATIONS[0]!.body(ctx) });
  ctx.token = ((await tokenResponse.json()) as { access_token: string }).access_token;
  return { ctx, publicKeyPem: keys.publicKeyPem };
}

/** How one run is driven: for a duration, or exactly `amount` requests (one-time bodies). */
export interface RunPlan {
  path?: string;
  seconds?: number;
  amount?: number;
  /** The bodies to send, cycled (a one-time body run has as many as requests). */
  bodies: string[];
}

export async function bodiesOf(op: BenchOperation, ctx: BenchContext, count: number): Promise<string[]> {
  return Promise.all(Array.from({ length: count }, () => op.body(ctx)));
}

/**
 * The subject's plan. One-time bodies run by amount (a warm-up sends a share of it), each body sent
 * once; the others for the run's duration cycling a pool, or BENCH_REQUESTS requests when set.
 */
export async function subjectPlan(op: BenchOperation, ctx: BenchContext, warmup: boolean): Promise<RunPlan> {
  const pool = op.pool ?? 200;
  if (op.requests !== undefined) {
    const amount = REQUESTS ?? op.requests;
    const n = warmup ? Math.ceil(amount / WARMUP_SHARE) : amount;
    return { amount: n, bodies: await bodiesOf(op, ctx, n) };
  }
  if (REQUESTS !== undefined && !warmup) return { amount: REQUESTS, bodies: await bodiesOf(op, ctx, pool) };
  return { seconds: warmup ? WARMUP_SECONDS : RUN_SECONDS, bodies: await bodiesOf(op, ctx, pool) };
}

/**
 * One autocannon run, timed from its start to its last answer. autocannon notices that a run by
 * `amount` is done only at its next sample tick (every `sampleInt`, 1 s), so its own finish − start
 * rounds such a run up to whole seconds: 1500 tokens answered in 0.4 s read as 1500 req/s, in
 * 1.1 s as 750 (the one-time-body operations' req/s moved in steps). A run by duration is
 * unaffected either way (answers keep coming until it stops).
 */
export function timedRun(options: autocannon.Options): Promise<{ result: autocannon.Result; elapsed_ms: number }> {
  return new Promise((resolve, reject) => {
    const startedAt = Date.now();
    let lastAnswerAt = startedAt;
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve({ result, elapsed_ms: lastAnswerAt - startedAt })));
    instance.on('response', () => {
      lastAnswerAt = Date.now();
    });
  });
}

export async function measure(url: string, op: BenchOperation, token: string, probe: Probe, plan: RunPlan, expected: number): Promise<Measure> {
  let i = 0;
  const statementsBefore = probe.statementsUrl ? await statementsOf(probe.statementsUrl) : null;
  probe.rss.mark();
  await probe.loop?.reset();
  const load = os.loadavg()[0] as number;
  const [cpuBefore, pgBefore] = [cpuMs(probe.pid), probe.postmaster ? clusterCpuMs(probe.postmaster) : 0];
  const { result, elapsed_ms } = await timedRun({
    url: `${url}${plan.path ?? op.path}`,
    method: 'POST',
    // autocannon refuses more connections than requests (a short warm-up of one-time bodies).
    connections: plan.amount !== undefined ? Math.min(CONNECTIONS, plan.amount) : CONNECTIONS,
    pipelining: PIPELINING,
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
  const loop = await probe.loop?.read();
  const statementsAfter = probe.statementsUrl ? await statementsOf(probe.statementsUrl) : null;
  const requests = Math.max(result.requests.total, 1);
  const stats = (result as unknown as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {};
  const unexpected = Object.entries(stats).reduce((n, [code, v]) => (Number(code) === expected ? n : n + v.count), 0);
  return {
    rps: result.requests.total / Math.max(elapsed_ms / 1000, 0.001),
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
    ...(loop ? { loop } : {}),
  };
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

export interface Spread {
  median: number;
  min: number;
  max: number;
}

/** Median and spread (min–max) of a figure over the rounds. */
export function spread(xs: number[]): Spread {
  return { median: median(xs), min: Math.min(...xs), max: Math.max(...xs) };
}

/** A ratio's median and spread as printed: `1.02 [0.95–1.10]`. */
export const ratioText = (x: Spread) => `${x.median.toFixed(2)} [${x.min.toFixed(2)}–${x.max.toFixed(2)}]`.padStart(17);

/**
 * Runs `a` and `b` for ROUNDS interleaved rounds after a warm-up of each, alternating which goes
 * first, so a change of the machine's load hits both alike.
 */
export async function interleaved(a: (warmup: boolean) => Promise<Measure>, b: (warmup: boolean) => Promise<Measure>): Promise<{ as: Measure[]; bs: Measure[] }> {
  await a(true);
  await b(true);
  const as: Measure[] = [];
  const bs: Measure[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    if (round % 2 === 0) {
      as.push(await a(false));
      bs.push(await b(false));
    } else {
      bs.push(await b(false));
      as.push(await a(false));
    }
  }
  return { as, bs };
}

export function machineFacts() {
  return { cpus: os.cpus().length, cpu_model: os.cpus()[0]?.model ?? '?', memory_gb: Math.round(os.totalmem() / 2 ** 30), node: process.version, load_at_start: os.loadavg() };
}

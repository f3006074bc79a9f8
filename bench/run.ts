// `npm run bench`: starts a real caas server and the baseline server on loopback, drives each
// operation with autocannon (a bounded number of requests; stops by itself), and prints req/s and
// p50/p99 next to the baseline doing the same JWT check and number of writes, as ratios.
// Results go to bench/results/latest.json. Machines are noisy: compare ratios, not absolutes.
// The scale comparison (seeded against empty database) is bench/scale.ts (`npm run bench:scale`).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { adminExecute, withDatabase } from '../src/platform/db/admin.js';
import { openEmbedded } from '../src/platform/db/embedded.js';
import { migrate } from '../src/platform/db/migrate.js';
import { freePort } from '../test/support/server.js';
import { runExtras } from './extras.js';
import { bodiesOf, benchContextFor, onInterrupt, CONNECTIONS, interleaved, machineFacts, measure, median, NODE_FLAGS, PIPELINING, ratioText, REQUESTS, ROOT, ROUNDS, RUN_SECONDS, serverEnv, spawnNode, spread, startCaas, subjectPlan, waitReady, WARMUP_SECONDS, WARMUP_SHARE, type Measure, type Probe } from './harness.js';
import { gcSummary } from './loop-probe-client.js';
import { postmasterOf, rssSampler } from './probes.js';
import { ONE_TIME_REQUESTS, plannedOperations, type BenchContext, type BenchOperation } from './operations.js';

/** Issue 14: the server's RSS must stay under this through the bench. */
const RSS_MAX_MB = 300;
/** Bodies the baseline cycles through for a one-time-body operation (it does not use them). */
const BASELINE_BODIES = 20;

const admin = (url: string, statement: string) => adminExecute(url, [statement]);

/**
 * The baseline route doing this operation's essential work (issue 14). For a read, one answer of
 * the subject is stored in the baseline's table first, so the baseline's single select by key
 * returns exactly as many bytes; for a lookup that finds nothing ('miss'), the subject's refusal is
 * kept by the baseline and its select looks up an absent key.
 */
async function baselineFor(op: BenchOperation, ctx: BenchContext, baselineUrl: string): Promise<{ op: BenchOperation; path: string; kind: string; answerBytes?: number }> {
  const kind = op.baseline ?? 'writes';
  if (kind === 'token') return { op, path: '/baseline/token', kind };
  if (kind === 'bare') return { op: { ...op, form: false }, path: '/bare', kind };
  if (kind === 'writes') return { op: { ...op, form: false }, path: `/baseline/${op.writes}`, kind: op.writes === 0 ? 'no-op' : 'writes' };
  const sample = await fetch(`${ctx.url}${op.path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${ctx.token}`, idempotencykey: randomUUID() }, body: await op.body(ctx) });
  const answer = await sample.text();
  const key = encodeURIComponent(op.name);
  const stored = await fetch(`${baselineUrl}/baseline/${kind === 'miss' ? 'refusal' : 'answer'}/${key}`, { method: 'PUT', headers: { 'content-type': 'text/plain; charset=utf-8' }, body: answer });
  if (!stored.ok) throw new Error(`bench: baseline refused the sample answer of ${op.name}: ${stored.status} ${await stored.text()}`);
  return { op: { ...op, form: false }, path: `/baseline/${kind === 'miss' ? 'miss' : 'read'}/${key}`, kind, answerBytes: Buffer.byteLength(answer) };
}

/** The loop probe's figures for a row (medians over the rounds), or '' without the probe. */
function loopText(ms: Measure[]): string {
  const withLoop = ms.filter((m) => m.loop);
  if (withLoop.length === 0) return '';
  const gc = withLoop.map((m) => gcSummary(m.loop!));
  const med = (xs: number[]) => median(xs).toFixed(1);
  return `\n      server loop delay p99 ${med(withLoop.map((m) => m.loop!.delay_p99_ms))} ms (max ${med(withLoop.map((m) => m.loop!.delay_max_ms))}), GC ${med(gc.map((g) => g.gc_ms_per_s))} ms/s, longest pause ${med(gc.map((g) => g.gc_max_ms))} ms, ${med(gc.map((g) => g.scavenges))} scavenges and ${med(gc.map((g) => g.full))} full collections per run`;
}

async function main(): Promise<void> {
  const external = process.env.DATABASE_URL;
  const embedded = external ? null : await openEmbedded(path.join(ROOT, '.caas-bench'), 'server');
  const baseUrl = external ?? (embedded as { url: string }).url;
  if (embedded) onInterrupt(() => embedded.stop());
  const dbName = `caas_bench_${Date.now()}`;
  await admin(baseUrl, `create database ${dbName}`);
  onInterrupt(() => admin(baseUrl, `drop database if exists ${dbName} with (force)`));
  const url = withDatabase(baseUrl, dbName);
  const stops: Array<() => void> = [];
  try {
    await migrate(url);
    const [port, basePort] = [await freePort(), await freePort()];
    const baselineUrl = `http://127.0.0.1:${basePort}`;
    const server = await startCaas(url, port, process.env.BENCH_CPU_PROFILE);
    stops.push(() => server.child.kill('SIGTERM'));
    const oneTime = REQUESTS ?? ONE_TIME_REQUESTS;
    const oneTimeBodies = oneTime * ROUNDS + Math.ceil(oneTime / WARMUP_SHARE) + BASELINE_BODIES;
    const { ctx, publicKeyPem } = await benchContextFor(url, server.serverUrl, oneTimeBodies);
    const baseline = spawnNode(['--import', 'tsx', 'bench/baseline-server.ts'], { ...serverEnv(url, server.serverUrl, basePort), BENCH_PARTNER_PUBLIC_KEY_PEM: publicKeyPem });
    stops.push(() => baseline.kill('SIGTERM'));
    await waitReady(`${baselineUrl}/`, baseline);
    const postmaster = await postmasterOf(url).catch(() => null);
    const subjectProbe: Probe = { pid: server.child.pid as number, postmaster, statementsUrl: server.serverUrl, rss: rssSampler(server.child.pid as number), ...(server.loop ? { loop: server.loop } : {}) };
    const baselineProbe: Probe = { pid: baseline.pid as number, postmaster, rss: rssSampler(baseline.pid as number) };
    process.env.DATABASE_URL = url;
    const rows: Record<string, unknown>[] = [];
    const machine = machineFacts();
    console.log(`bench: ${RUN_SECONDS} s per run (one-time-body operations: ${oneTime} requests), ${ROUNDS} interleaved rounds after a warm-up, ${CONNECTIONS} connections${PIPELINING > 1 ? ` pipelining ${PIPELINING}` : ''}, loopback${NODE_FLAGS.length ? `, server node flags: ${NODE_FLAGS.join(' ')}` : ''}`);
    console.log(`machine: ${machine.cpus} × ${machine.cpu_model}, ${machine.memory_gb} GB, Node ${machine.node}, load ${machine.load_at_start.map((l) => l.toFixed(1)).join(' ')}`);
    console.log('figures: median over the rounds; ratios as median [min–max]\n');
    console.log(`${'operation'.padEnd(56)} ${'req/s'.padStart(7)} ${'p50'.padStart(6)} ${'p99'.padStart(6)} ${'cpu µs'.padStart(7)} ${'pg µs'.padStart(7)} ${'stmts'.padStart(5)} | ${'base r/s'.padStart(8)} ${'b p99'.padStart(6)} | ${'rps ratio'.padStart(17)} ${'p99 ratio'.padStart(17)} ${'load'.padStart(5)}`);
    // BENCH_ONLY=part[,part…]: only those operations (and the setups of those they use).
    const only = process.env.BENCH_ONLY;
    for (const { op, measured } of plannedOperations(only)) {
      await op.setup?.(ctx);
      if (!measured) continue;
      const base = await baselineFor(op, ctx, baselineUrl);
      const baselineBodies = await bodiesOf(base.op, ctx, op.requests !== undefined ? BASELINE_BODIES : Math.min(op.pool ?? 200, 200));
      const runSubject = async (warmup: boolean) => measure(server.serverUrl, op, ctx.token, subjectProbe, await subjectPlan(op, ctx, warmup), op.status ?? 200);
      const runBaseline = async (warmup: boolean) =>
        measure(baselineUrl, base.op, ctx.token, baselineProbe, { path: base.path, bodies: baselineBodies, ...(REQUESTS !== undefined && !warmup ? { amount: REQUESTS } : { seconds: warmup ? WARMUP_SECONDS : RUN_SECONDS }) }, base.kind === 'bare' || base.kind === 'miss' ? (op.status ?? 200) : 200);
      const { as: subjects, bs: baselines } = await interleaved(runSubject, runBaseline);
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
        const sample = await fetch(`${server.serverUrl}${op.path}`, { method: 'POST', headers: { 'content-type': op.form ? 'application/x-www-form-urlencoded' : 'application/json', authorization: `Bearer ${ctx.token}`, idempotencykey: randomUUID() }, body: await op.body(ctx) });
        flag += `\n      sample: ${sample.status} ${(await sample.text()).slice(0, 300)}`;
      }
      const med = (f: (m: Measure) => number, ms = subjects) => median(ms.map(f));
      console.log(
        `${op.name.padEnd(56)} ${med((m) => m.rps).toFixed(0).padStart(7)} ${med((m) => m.p50_ms).toFixed(1).padStart(6)} ${med((m) => m.p99_ms).toFixed(1).padStart(6)} ${med((m) => m.cpu_us_per_request).toFixed(0).padStart(7)} ${med((m) => m.pg_cpu_us_per_request).toFixed(0).padStart(7)} ${med((m) => m.statements_per_request ?? NaN).toFixed(1).padStart(5)} | ${med((m) => m.rps, baselines).toFixed(0).padStart(8)} ${med((m) => m.p99_ms, baselines).toFixed(1).padStart(6)} | ${ratioText(row.rps_ratio)} ${ratioText(row.p99_ratio)} ${med((m) => m.load_1m).toFixed(1).padStart(5)}${flag}${loopText(subjects)}`,
      );
    }
    const rssPeak = subjectProbe.rss.peak();
    console.log(`\nserver RSS peak: ${rssPeak.toFixed(0)} MB (limit ${RSS_MAX_MB} MB)${rssPeak >= RSS_MAX_MB ? '  OVER THE LIMIT' : ''}`);
    subjectProbe.rss.stop();
    baselineProbe.rss.stop();
    const extra = only ? {} : await runExtras();
    const out = path.join(ROOT, 'bench/results');
    fs.mkdirSync(out, { recursive: true });
    fs.writeFileSync(path.join(out, 'latest.json'), JSON.stringify({ at: new Date().toISOString(), run_seconds: RUN_SECONDS, one_time_requests: oneTime, rounds: ROUNDS, connections: CONNECTIONS, pipelining: PIPELINING, node_flags: NODE_FLAGS, machine: { ...machine, load_at_end: os.loadavg() }, server_rss_peak_mb: rssPeak, server_rss_limit_mb: RSS_MAX_MB, operations: rows, extras: extra }, null, 2));
    console.log(`\nresults written to bench/results/latest.json`);
  } finally {
    for (const stop of stops) stop();
    await new Promise((r) => setTimeout(r, 500));
    await admin(baseUrl, `drop database if exists ${dbName} with (force)`).catch(() => undefined);
    await embedded?.stop();
  }
}

await main();

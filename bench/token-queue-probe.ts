// Where a token request waits (issue 14, tenth session): the whole service built by composeServices
// on the bench's embedded PostgreSQL, listening on loopback, and next to it the baseline's token
// route (bench/baseline-server.ts's, in this process on its own pool), each loaded by autocannon
// from another process (bench/fixed-load.ts) with fresh assertions. For each it prints, per request:
// the time a statement waited for a pool connection and held it, the time from submitting a
// signature to libuv's thread pool to its callback, the server's time per request, the event
// loop's delay and the pool's waiting count sampled every millisecond.
// `npx tsx bench/token-queue-probe.ts [connections,…]` (default 1,10,50); PROBE_REQUESTS (default 1500),
// PROBE_POOL_MAX (both pools' size; default LIMITS.DB_POOL_CONNECTIONS_MAX).
// Also the PostgreSQL cluster's CPU per request (/proc, 10 ms ticks; both sides share the cluster, runs are sequential).
import { spawn } from 'node:child_process';
import crypto, { createPublicKey, generateKeyPairSync, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import Fastify, { type FastifyInstance } from 'fastify';
import { importPKCS8, jwtVerify, SignJWT } from 'jose';
import { sql } from 'kysely';
import pg from 'pg';
import pino from 'pino';
import { composeServices } from '../src/compose.js';
import { loadConfig } from '../src/config.js';
import { createPartner, generatePartnerKeyPair } from '../src/modules/partners/index.js';
import { systemClock } from '../src/platform/clock.js';
import { adminExecute, withDatabase } from '../src/platform/db/admin.js';
import { openEmbedded } from '../src/platform/db/embedded.js';
import { migrate } from '../src/platform/db/migrate.js';
import { createDb, poolStats, type Db } from '../src/platform/db/pool.js';
import { clusterCpuMs, postmasterOf } from './probes.js';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const REQUESTS = Number(process.env.PROBE_REQUESTS ?? 1500);
const PUBLIC_URL = 'http://127.0.0.1:8080';

/** Durations in ms, by what they measure; reset before each run. */
const samples = new Map<string, number[]>();
const record = (name: string, ms: number) => {
  let list = samples.get(name);
  if (list === undefined) samples.set(name, (list = []));
  list.push(ms);
};
const now = () => performance.now();

// Pool: the wait for a connection and how long it is held.
const connect = pg.Pool.prototype.connect;
pg.Pool.prototype.connect = function (this: pg.Pool, ...args: unknown[]) {
  if (args.length > 0) return (connect as (...a: unknown[]) => unknown).apply(this, args);
  const asked = now();
  const tag = (this as unknown as { options: { application_name?: string } }).options.application_name ?? '?';
  return ((connect as unknown as (this: pg.Pool) => Promise<pg.PoolClient>).call(this)).then((client) => {
    const got = now();
    record(`${tag} pool wait`, got - asked);
    const release = client.release;
    client.release = function (this: pg.PoolClient, ...r: unknown[]) {
      record(`${tag} pool hold`, now() - got);
      client.release = release;
      return (release as (...a: unknown[]) => void).apply(this, r);
    };
    return client;
  });
} as typeof connect;

// libuv's thread pool: node:crypto's callback sign/verify, submit to callback.
for (const name of ['sign', 'verify'] as const) {
  const original = crypto[name] as (...a: unknown[]) => unknown;
  (crypto as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
    const callback = args[args.length - 1];
    if (typeof callback !== 'function') return original(...args);
    const sent = now();
    return original(...args.slice(0, -1), (...r: unknown[]) => {
      record(`crypto ${name} submit->callback`, now() - sent);
      (callback as (...a: unknown[]) => void)(...r);
    });
  };
}
syncBuiltinESMExports();

function quantiles(xs: number[]): string {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => (s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? NaN).toFixed(2);
  const mean = s.reduce((a, b) => a + b, 0) / Math.max(s.length, 1);
  return `n ${String(s.length).padStart(5)} mean ${mean.toFixed(2).padStart(7)} p50 ${q(0.5).padStart(7)} p90 ${q(0.9).padStart(7)} p99 ${q(0.99).padStart(7)} max ${q(1).padStart(7)}`;
}

async function load(app: FastifyInstance, urlPath: string, bodies: string[], connections: number): Promise<number> {
  const address = app.server.address() as { port: number };
  const planFile = path.join(os.tmpdir(), `caas-token-probe-${process.pid}.json`);
  fs.writeFileSync(planFile, JSON.stringify({ url: `http://127.0.0.1:${address.port}${urlPath}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, bodies, amount: bodies.length, connections, status: 200 }));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/fixed-load.ts'), planFile], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  let started = 0;
  app.server.once('request', () => (started = now()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  fs.rmSync(planFile, { force: true });
  if (code !== 0) throw new Error(`${urlPath}: the load process failed (${code})`);
  return bodies.length / ((now() - started) / 1000);
}

/** The cluster's postmaster, for its CPU per request (bench/probes.ts). */
let postmaster: number | null = null;

async function run(name: string, app: FastifyInstance, urlPath: string, bodies: string[], connections: number, dbs: Db[]): Promise<void> {
  samples.clear();
  const delay = monitorEventLoopDelay({ resolution: 1 });
  const onRequest = (_req: unknown, res: { once(e: string, f: () => void): void }) => {
    const t = now();
    res.once('finish', () => record('server time per request', now() - t));
  };
  app.server.on('request', onRequest);
  const waiting: number[] = [];
  const sampler = setInterval(() => {
    for (const db of dbs) waiting.push(poolStats(db)?.waiting ?? 0);
  }, 1);
  const cpu = process.cpuUsage();
  const pgCpu = postmaster === null ? 0 : clusterCpuMs(postmaster);
  delay.enable();
  const rps = await load(app, urlPath, bodies, connections);
  delay.disable();
  const used = process.cpuUsage(cpu);
  const pgUsed = postmaster === null ? NaN : clusterCpuMs(postmaster) - pgCpu;
  clearInterval(sampler);
  app.server.off('request', onRequest);
  console.log(`\n${name}, ${connections} connections: ${rps.toFixed(0)} req/s, process CPU ${((used.user + used.system) / bodies.length).toFixed(0)} µs/request (probe's sampling included), PostgreSQL CPU ${((pgUsed * 1000) / bodies.length).toFixed(0)} µs/request (whole cluster)`);
  for (const [key, xs] of [...samples].sort()) console.log(`  ${key.padEnd(34)} ${quantiles(xs)}`);
  console.log(`  ${'pool waiting (1 ms samples)'.padEnd(34)} mean ${(waiting.reduce((a, b) => a + b, 0) / Math.max(waiting.length, 1)).toFixed(2)} max ${Math.max(0, ...waiting)}`);
  console.log(`  ${'event loop delay ms'.padEnd(34)} mean ${(delay.mean / 1e6).toFixed(2)} p50 ${(delay.percentile(50) / 1e6).toFixed(2)} p99 ${(delay.percentile(99) / 1e6).toFixed(2)} max ${(delay.max / 1e6).toFixed(2)}`);
}

/** The baseline's token route (bench/baseline-server.ts) on its own pool. */
function baselineApp(db: Db, partnerPem: string): FastifyInstance {
  const partnerKey = createPublicKey(partnerPem);
  const signingKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
  const app = Fastify({ logger: false });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))));
  app.post<{ Body: Record<string, string> }>('/baseline/token', async (request) => {
    const { payload } = await jwtVerify(request.body.client_assertion ?? '', partnerKey, { algorithms: ['RS256'], audience: `${PUBLIC_URL}/connect/token` });
    const accessToken = await new SignJWT({ client_id: payload.iss, scope: 'caas.proposals' }).setProtectedHeader({ alg: 'ES256', typ: 'at+jwt' }).setIssuer(PUBLIC_URL).setSubject(payload.iss as string).setAudience(PUBLIC_URL).setJti(randomUUID()).setIssuedAt().setExpirationTime('1h').sign(signingKey);
    await sql`insert into bench_baseline (payload) values (${payload.jti as string})`.execute(db);
    return { access_token: accessToken, token_type: 'Bearer', expires_in: 3600, scope: 'caas.proposals' };
  });
  return app;
}

async function main(): Promise<void> {
  const connectionCounts = (process.argv[2] ?? '1,10,50').split(',').map(Number);
  const embedded = await openEmbedded(path.join(ROOT, '.caas-bench'), 'server');
  const dbName = `caas_token_probe_${Date.now()}`;
  await adminExecute(embedded.url, [`create database ${dbName}`]);
  const url = withDatabase(embedded.url, dbName);
  await migrate(url);
  postmaster = await postmasterOf(url);
  const maxConnections = process.env.PROBE_POOL_MAX ? Number(process.env.PROBE_POOL_MAX) : undefined;
  const db = createDb(url, { maxConnections });
  const baseDb = createDb(url, { pipelined: false, applicationName: 'baseline', maxConnections });
  await sql`create table if not exists bench_baseline (id bigserial primary key, payload text not null, created_at timestamptz not null default now())`.execute(baseDb);
  const keys = await generatePartnerKeyPair();
  const partner = await createPartner(db, systemClock, { name: 'Probe', publicKeyPem: keys.publicKeyPem });
  const config = loadConfig({ PUBLIC_URL, DATABASE_URL: url, LOG_LEVEL: process.env.LOG_LEVEL ?? 'error', CAAS_WORKERS: 'false', CAAS_RATE_LIMIT_PER_SECOND: '1000000' });
  const { app } = await composeServices(db, systemClock, config, { startWorkers: false, logStream: pino.destination({ dest: '/dev/null', sync: false }) as unknown as NodeJS.WritableStream });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = baselineApp(baseDb, keys.publicKeyPem);
  await base.listen({ host: '127.0.0.1', port: 0 });
  const privateKey = await importPKCS8(keys.privateKeyPem, 'RS256');
  const form = async () => {
    const t = Math.floor(Date.now() / 1000);
    const assertion = await new SignJWT({}).setProtectedHeader({ alg: 'RS256', typ: 'JWT' }).setIssuer(partner.clientId).setSubject(partner.clientId).setAudience(`${PUBLIC_URL}/connect/token`).setJti(randomUUID()).setIssuedAt(t).setExpirationTime(t + 600).sign(privateKey);
    return new URLSearchParams({ grant_type: 'client_credentials', client_id: partner.clientId, client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer', client_assertion: assertion }).toString();
  };
  const bodies = async (n: number) => Promise.all(Array.from({ length: n }, form));
  try {
    await load(app, '/connect/token', await bodies(300), 10); // warm-up
    await load(base, '/baseline/token', await bodies(300), 10);
    for (const connections of connectionCounts) {
      await run('caas /connect/token', app, '/connect/token', await bodies(REQUESTS), connections, [db]);
      await run('baseline /baseline/token', base, '/baseline/token', await bodies(REQUESTS), connections, [baseDb]);
    }
  } finally {
    await app.close();
    await base.close();
    await db.destroy();
    await baseDb.destroy();
    await adminExecute(embedded.url, [`drop database if exists ${dbName} with (force)`]);
    await embedded.stop();
  }
}

await main();

// Where PostgreSQL's time goes on the writes (issue 14): runs each write N times in process against
// a cluster started with pg_stat_statements (track = all) and track_functions = all, then prints the
// statements (nested ones included: trigger bodies) by total time and the trigger functions' time.
// PG_PROFILE_URL: a superuser URL of such a cluster (not the bench's or the tests'), e.g. one started with
//   postgres -c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track=all
//            -c pg_stat_statements.track_planning=on -c track_functions=all
// PG_PROFILE_N: writes per kind; PG_PROFILE_PAUSE=<kind>: wait 3 s before it (to attach perf);
// PG_PROFILE_PERF=1: perf stat instructions of the backends (where the machine has counters);
// PG_PROFILE_KEEP=1: keep the database for EXPLAIN. No lock needed: one connection, in process.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { migrate } from '../src/platform/db/migrate.js';
import { adminExecute, withDatabase } from '../src/platform/db/admin.js';
import { observeStatements } from '../src/platform/db/prepared.js';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { clusterCpuMs, cpuMs, postmasterOf } from './probes.js';

/** CPU ms of each child of the postmaster, by its title (backends, walwriter, autovacuum …). */
function perProcess(postmaster: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== postmaster) continue;
      const title = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ').trim().replace(/ (idle|idle in transaction|INSERT|SELECT|UPDATE|COMMIT|BEGIN)$/, '');
      out.set(`${entry} ${title}`, cpuMs(Number(entry)));
    } catch {
      // gone
    }
  }
  return out;
}

const base = process.env.PG_PROFILE_URL;
if (!base) throw new Error('PG_PROFILE_URL is not set');
const N = Number(process.env.PG_PROFILE_N ?? 100);
const template = 'pgp_template';
await adminExecute(base, [`drop database if exists ${template} with (force)`, `create database ${template}`]);
await migrate(withDatabase(base, template));
process.env.CAAS_TEST_DATABASE_URL = base;
process.env.CAAS_TEST_TEMPLATE = template;
process.env.CAAS_ANSWER_CACHE = process.env.CAAS_ANSWER_CACHE ?? 'on';
const { openFor, singleBoleto, post } = await import('../test/http/receivables-fixture.js');
const { startTestService } = await import('../test/support/app.js');
const service = await startTestService({ CAAS_RATE_LIMIT_PER_SECOND: '1000000' });
const partner = await service.onboard();
const world = { service, partner, token: await service.token(partner) };
const admin = new pg.Client({ connectionString: world.service.database.url });
await admin.connect();
const adminPort = (admin as unknown as { connection: { stream: { localPort: number } } }).connection.stream.localPort;
await admin.query('create extension if not exists pg_stat_statements');
const postmaster = await postmasterOf(base);

const schedules: string[] = [];
for (let i = 0; i < Math.ceil((3 * N + 40) / 40) + 1; i += 1) schedules.push((await openFor(world, { count: 48 })).proposalId);
const slot = (i: number) => ({ id: schedules[i % schedules.length]!, n: Math.floor(i / schedules.length) + 1 });
const chargeBody = (id: string, n: number) => ({ dto: { codigoProposta: id, nroParcelas: [n] }, dtoGerarUnicaLiquidacao: { dtVencimento: '2026-12-23', liquidacao: true, descricaoLiquidacao: `Parcela ${n}` } });

async function profile(name: string, bodies: Array<[string, unknown]>): Promise<void> {
  let shown = false;
  const texts: string[] = [];
  const stop = observeStatements((t) => {
    if (!shown) texts.push(t);
  });
  await admin.query('select pg_stat_statements_reset(), pg_stat_reset()');
  const walBefore = (await admin.query('select wal_records::int8 as records, wal_fpi::int8 as fpi, wal_bytes::int8 as bytes from pg_stat_wal')).rows[0] as Record<string, string>;
  const before = postmaster ? clusterCpuMs(postmaster) : 0;
  const beforeEach = postmaster ? perProcess(postmaster) : new Map<string, number>();
  // PG_PROFILE_PERF=1: instructions of the service's backends (perf stat), steady where CPU time on a loaded machine is not.
  const dbName = world.service.database.url.split('/').pop()!;
  const backends = [...beforeEach.keys()].filter((k) => k.includes(dbName) && !k.includes(`(${adminPort})`)).map((k) => k.split(' ')[0]!);
  const perf = process.env.PG_PROFILE_PERF && backends.length > 0 ? spawn('perf', ['stat', '-x', ',', '-e', 'instructions:u,instructions:k', '-p', backends.join(',')], { stdio: ['ignore', 'ignore', 'pipe'] }) : null;
  let perfText = '';
  perf?.stderr.on('data', (d: Buffer) => (perfText += d.toString()));
  if (perf) await new Promise((r) => setTimeout(r, 300));
  if (process.env.PG_PROFILE_PAUSE === name) {
    console.log(`ready: ${name} (pid of this process ${process.pid}); starting in 3 s`);
    await new Promise((r) => setTimeout(r, 3000));
  }
  for (const [path, body] of bodies) {
    const r = await post(world.service, world.token, path, body, randomUUID());
    if (r.status !== 200) throw new Error(`${name}: ${r.status} ${r.raw.body}`);
    shown = true;
  }
  const cpu = postmaster ? ((clusterCpuMs(postmaster) - before) * 1000) / bodies.length : NaN;
  stop();
  const afterEach = postmaster ? perProcess(postmaster) : new Map<string, number>();
  if (perf) {
    const exited = new Promise((r) => perf.on('exit', r));
    perf.kill('SIGINT');
    await exited;
    const counts = perfText.split('\n').filter((l) => l.includes('instructions')).map((l) => `${l.split(',')[2]} ${(Number(l.split(',')[0]) / bodies.length / 1000).toFixed(0)}k`);
    console.log(`\n--- ${name}: instructions per write (backends ${backends.join(' ')}): ${counts.join('; ')}`);
  }
  const deltas = [...afterEach].map(([k, v]) => [k, ((v - (beforeEach.get(k) ?? 0)) * 1000) / bodies.length] as const).filter(([, d]) => d > 0).sort((a, b) => b[1] - a[1]);
  const walAfter = (await admin.query('select wal_records::int8 as records, wal_fpi::int8 as fpi, wal_bytes::int8 as bytes from pg_stat_wal')).rows[0] as Record<string, string>;
  const wal = (k: string) => ((Number(walAfter[k]) - Number(walBefore[k])) / bodies.length).toFixed(1);
  console.log(`\n--- ${name}: WAL per write: ${wal('records')} records, ${wal('fpi')} full pages, ${wal('bytes')} bytes`);
  console.log(`--- ${name}: µs/write by process: ${deltas.map(([k, d]) => `${k.replace(/^\d+ postgres: /, '')} ${d.toFixed(0)}`).join('; ')}`);
  console.log(`\n=== ${name}: ${bodies.length} writes, PG cluster CPU ${cpu.toFixed(0)} µs/write; statements of the first:`);
  for (const t of texts) console.log(`  ${t.replace(/\s+/g, ' ').slice(0, 220)}`);
  const s = await admin.query(
    `select calls, round(total_exec_time::numeric * 1000 / $1, 0) as exec_us, round(total_plan_time::numeric * 1000 / $1, 0) as plan_us, toplevel, left(regexp_replace(query, '\\s+', ' ', 'g'), 200) as q
       from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database()) and query not like '%pg_stat%' order by total_exec_time desc limit 25`,
    [bodies.length],
  );
  console.log('  per write: exec µs | plan µs | calls | top | statement');
  for (const r of s.rows) console.log(`  ${String(r.exec_us).padStart(6)} ${String(r.plan_us).padStart(5)} ${String(r.calls).padStart(6)} ${r.toplevel ? 'T' : 'n'} ${r.q}`);
  const f = await admin.query(`select funcname, calls, round(total_time::numeric * 1000 / $1, 0) as total_us, round(self_time::numeric * 1000 / $1, 0) as self_us from pg_stat_user_functions order by total_time desc limit 15`, [bodies.length]);
  console.log('  functions per write: total µs | self µs | calls');
  for (const r of f.rows) console.log(`  ${String(r.total_us).padStart(6)} ${String(r.self_us).padStart(6)} ${String(r.calls).padStart(6)} ${r.funcname}`);
}

const warm = Math.min(20, N);
const boletos = (from: number, count: number): Array<[string, unknown]> => Array.from({ length: count }, (_, i) => ['/AgendaRecebivel/GerarUnicoBoleto', singleBoleto(slot(from + i).id, [slot(from + i).n])]);
await profile('warm-up boletos', boletos(0, warm));
await profile('GerarUnicoBoleto', boletos(warm, N));
const charges: Array<[string, unknown]> = Array.from({ length: N }, (_, i) => ['/AgendaRecebivel/GerarUnicaCobranca', chargeBody(slot(warm + N + i).id, slot(warm + N + i).n)]);
const codes: Array<{ id: string; code: string }> = [];
await profile('GerarUnicaCobranca', charges);
const rows = await admin.query(`select s.proposal_id, c.id as code from receivable_charges c join receivable_schedules s on s.id = c.schedule_id where c.status = 'active'`);
for (const r of rows.rows as Array<{ proposal_id: string; code: string }>) codes.push({ id: r.proposal_id, code: r.code });
if (codes.length > 0) {
  await profile('CancelarCobrancas', codes.slice(0, N).map((c) => ['/FGTS/CancelarCobrancas', { dto: { codigoProposta: c.id }, dtoCancelarCobrancas: { codigosLiquidacoes: [c.code] } }]));
}
const launches: Array<[string, unknown]> = Array.from({ length: N }, (_, i) => ['/AgendaRecebivel/IncluirLancamentoMultiplasParcelas', { dto: { codigoProposta: slot(i).id }, dtoLancamentoParcelas: [{ nroParcela: 48 - (Math.floor(i / schedules.length) % 40), dtPagamento: '2026-11-23', vlrPagamento: 1, vlrDesconto: 0, permiteDescapitalizacao: false, descricaoLancamento: 'x' }] }]);
await profile('IncluirLancamentoMultiplasParcelas', launches);
await admin.end();
if (process.env.PG_PROFILE_KEEP) {
  console.log(`kept database ${world.service.database.url}`);
  process.exit(0);
}
await world.service.close();

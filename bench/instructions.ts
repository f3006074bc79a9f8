// Instructions per request (issue 14), repeatable on a loaded machine: the composed service and a
// bare Fastify app listen in one process run under `valgrind --tool=callgrind` (instrumentation off
// until both are warm); autocannon (another process, not under valgrind) sends N requests per case
// through a real socket, and `callgrind_control` zeroes the counters before and dumps them after
// each case's N. Prints instructions per request per case (median of INSTR_ROUNDS interleaved
// rounds; the main thread's, and all threads'); the dumps stay in INSTR_DIR for `callgrind_annotate` (the JIT's code shows as `???`).
// `npx tsx bench/instructions.ts [no-op,unknown,bare]`; INSTR_REQUESTS (500), INSTR_ROUNDS (3), INSTR_WARM_UP (1500 per case),
// LOG_LEVEL (error, as the bench's server), INSTR_PERF_MAP=1 (node --perf-basic-prof: /tmp/perf-PID.map names the JIT's code),
// INSTR_BASE=<another checkout> (its service too, in the same process, interleaved: old and new under the same JIT and heap).
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { SignJWT, importPKCS8 } from 'jose';
import pino from 'pino';
import { benchDatabase } from './bench-db.js';
import { systemClock } from '../src/platform/clock.js';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const REQUESTS = Number(process.env.INSTR_REQUESTS ?? 500);
const ROUNDS = Number(process.env.INSTR_ROUNDS ?? 3);
const WARM_UP = Number(process.env.INSTR_WARM_UP ?? 1500);
const DIR = process.env.INSTR_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'caas-instr-'));
fs.mkdirSync(DIR, { recursive: true });
const PUBLIC_URL = 'http://127.0.0.1:8080';

interface Plan {
  url: string;
  partner: { clientId: string; privateKeyPem: string };
}
interface Ready {
  caasPort: number;
  /** The same service built from INSTR_BASE's checkout (another commit), in the same process: its cases end in `@base`. */
  basePort?: number;
  barePort: number;
  token: string;
}

const REFUSED = JSON.stringify({ msg: null, hasError: true, messages: [{ code: 'V0001', description: 'bare', field: 'dto.numeroProposta' }] });

/** The measured process (under valgrind): the service and bare Fastify, listening; writes Ready to `readyFile`. */
/** The composed service of the checkout at `root` (this one, or INSTR_BASE's), its modules loaded from there. */
async function composedApp(root: string, url: string) {
  const { composeServices } = (await import(path.join(root, 'src/compose.ts'))) as typeof import('../src/compose.js');
  const { loadConfig } = (await import(path.join(root, 'src/config.ts'))) as typeof import('../src/config.js');
  const { createDb: createDbAt } = (await import(path.join(root, 'src/platform/db/pool.ts'))) as typeof import('../src/platform/db/pool.js');
  const db = createDbAt(url);
  const config = loadConfig({ PUBLIC_URL, DATABASE_URL: url, LOG_LEVEL: process.env.LOG_LEVEL ?? 'error', CAAS_WORKERS: 'false', CAAS_RATE_LIMIT_PER_SECOND: '1000000' });
  const { app } = await composeServices(db, systemClock, config, { startWorkers: false, logStream: pino.destination({ dest: '/dev/null', sync: false }) as unknown as NodeJS.WritableStream });
  return { app, db };
}

/** The measured process (under valgrind): the service (and INSTR_BASE's) and bare Fastify, listening; writes Ready to `readyFile`. */
async function serve(planFile: string, readyFile: string): Promise<void> {
  const plan = JSON.parse(fs.readFileSync(planFile, 'utf8')) as Plan;
  const { app, db } = await composedApp(ROOT, plan.url);
  const base = process.env.INSTR_BASE ? await composedApp(path.resolve(process.env.INSTR_BASE), plan.url) : null;
  const privateKey = await importPKCS8(plan.partner.privateKeyPem, 'RS256');
  const now = Math.floor(Date.now() / 1000);
  const assertion = await new SignJWT({}).setProtectedHeader({ alg: 'RS256', typ: 'JWT' }).setIssuer(plan.partner.clientId).setSubject(plan.partner.clientId).setAudience(`${PUBLIC_URL}/connect/token`).setJti(randomUUID()).setIssuedAt(now).setExpirationTime(now + 300).sign(privateKey);
  const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: plan.partner.clientId, client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer', client_assertion: assertion }).toString();
  const answer = await app.inject({ method: 'POST', url: '/connect/token', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form });
  const token = (answer.json() as { access_token: string }).access_token;
  const bare = Fastify({ logger: false });
  bare.post('/bare', async (_request, reply) => reply.code(400).type('application/json; charset=utf-8').send(REFUSED));
  await app.listen({ host: '127.0.0.1', port: 0 });
  await bare.listen({ host: '127.0.0.1', port: 0 });
  if (base) await base.app.listen({ host: '127.0.0.1', port: 0 });
  const port = (a: { server: { address(): unknown } }) => (a.server.address() as { port: number }).port;
  fs.writeFileSync(readyFile, JSON.stringify({ caasPort: port(app), barePort: port(bare), token, ...(base ? { basePort: port(base.app) } : {}) } satisfies Ready));
  process.once('SIGTERM', () => void Promise.all([app.close(), bare.close(), db.destroy(), base?.app.close(), base?.db.destroy()]).then(() => process.exit(0)));
}

function load(url: string, headers: Record<string, string>, body: () => string, amount: number, status: number): Promise<void> {
  const planFile = path.join(DIR, `load-${randomUUID()}.json`);
  fs.writeFileSync(planFile, JSON.stringify({ url, headers, bodies: Array.from({ length: Math.min(amount, 200) }, body), amount, connections: 10, status, timeout_s: 300 }));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/fixed-load.ts'), planFile], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  return new Promise((resolve, reject) => child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`load failed (${code})`)))));
}

function control(pid: number, ...args: string[]): void {
  const result = spawnSync('callgrind_control', [...args, String(pid)], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`callgrind_control ${args.join(' ')}: ${result.stderr}`);
}

/** Instructions (Ir) of the newest dump of `pid`: the main (JavaScript) thread's, and every thread's (the JIT's compiler threads, GC helpers). */
function lastDumpIr(pid: number): { main: number; all: number } {
  const files = fs.readdirSync(DIR).filter((f) => f.startsWith(`cg.${pid}.`) && f.includes('-'));
  const part = Math.max(...files.map((f) => Number(f.split('.')[2]?.split('-')[0])));
  const totals = files.filter((f) => f.startsWith(`cg.${pid}.${part}-`)).map((f) => {
    const match = /^(?:summary|totals): (\d+)/m.exec(fs.readFileSync(path.join(DIR, f), 'utf8'));
    return { main: f.endsWith('-01'), ir: match ? Number(match[1]) : 0 };
  });
  return { main: totals.find((t) => t.main)?.ir ?? 0, all: totals.reduce((sum, t) => sum + t.ir, 0) };
}

async function waitFor(file: string, child: ReturnType<typeof spawn>): Promise<Ready> {
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server exited');
    if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as Ready;
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function main(): Promise<void> {
  const only = (process.argv[2] ?? 'no-op,unknown,bare').split(',');
  const { url, keys, partner, drop } = await benchDatabase(ROOT, 'caas_instr', 'Instr');
  const planFile = path.join(DIR, 'plan.json');
  const readyFile = path.join(DIR, 'ready.json');
  fs.writeFileSync(planFile, JSON.stringify({ url, partner: { clientId: partner.clientId, privateKeyPem: keys.privateKeyPem } } satisfies Plan));
  const server = spawn('valgrind', ['--tool=callgrind', '--instr-atstart=no', '--separate-threads=yes', `--callgrind-out-file=${DIR}/cg.%p`, process.execPath, ...(process.env.INSTR_PERF_MAP === '1' ? ['--perf-basic-prof'] : []), '--import', 'tsx', path.join(ROOT, 'bench/instructions.ts'), 'serve', planFile, readyFile], { cwd: ROOT, stdio: ['ignore', 'ignore', fs.openSync(path.join(DIR, 'valgrind.log'), 'w')] });
  try {
    const ready = await waitFor(readyFile, server);
    const pid = server.pid as number;
    const auth = { 'content-type': 'application/json', authorization: `Bearer ${ready.token}` };
    const cases = [
      { name: 'no-op', url: `http://127.0.0.1:${ready.caasPort}/Proposta/Consultar`, body: () => JSON.stringify({ dto: { numeroProposta: 'x' } }), status: 400 },
      { name: 'unknown', url: `http://127.0.0.1:${ready.caasPort}/Proposta/Consultar`, body: () => JSON.stringify({ dto: { codigoProposta: randomUUID() } }), status: 400 },
      { name: 'bare', url: `http://127.0.0.1:${ready.barePort}/bare`, body: () => JSON.stringify({ dto: { numeroProposta: 'x' } }), status: 400 },
      ...(ready.basePort === undefined
        ? []
        : [
            { name: 'no-op@base', url: `http://127.0.0.1:${ready.basePort}/Proposta/Consultar`, body: () => JSON.stringify({ dto: { numeroProposta: 'x' } }), status: 400 },
            { name: 'unknown@base', url: `http://127.0.0.1:${ready.basePort}/Proposta/Consultar`, body: () => JSON.stringify({ dto: { codigoProposta: randomUUID() } }), status: 400 },
          ]),
    ].filter((c) => only.includes(c.name.replace('@base', '')));
    control(pid, '-i', 'on');
    for (const c of cases) await load(c.url, auth, c.body, WARM_UP, c.status); // warm-up, instrumented (the JIT settles)
    const figures = new Map<string, { main: number; all: number }[]>(cases.map((c) => [c.name, []]));
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const c of round % 2 === 0 ? cases : [...cases].reverse()) {
        control(pid, '-z');
        await load(c.url, auth, c.body, REQUESTS, c.status);
        control(pid, '-d', `${c.name}-${round}`);
        const ir = lastDumpIr(pid);
        figures.get(c.name)?.push({ main: ir.main / REQUESTS, all: ir.all / REQUESTS });
      }
    }
    const median = (xs: number[]) => ([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number).toFixed(0);
    for (const [name, xs] of figures) {
      const main = xs.map((x) => x.main);
      const all = xs.map((x) => x.all);
      console.log(`${name.padEnd(12)} main thread ${median(main).padStart(8)} instructions/request (rounds ${main.map((x) => x.toFixed(0)).join(' ')}); all threads ${median(all)} (rounds ${all.map((x) => x.toFixed(0)).join(' ')})`);
    }
    console.log(`dumps in ${DIR}`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await drop();
  }
}

if (process.argv[2] === 'serve') await serve(process.argv[3] as string, process.argv[4] as string);
else await main();

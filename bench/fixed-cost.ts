// The fixed cost of a request, in-process (issue 14): the whole service built by composeServices
// on the bench's embedded PostgreSQL, driven through fastify.inject (no socket, no other process),
// next to a bare Fastify app answering the same refused body. Prints the main thread's CPU µs per
// request (process.cpuUsage, concurrency FIXED_CONCURRENCY; and the main thread's alone, from /proc), median of FIXED_ROUNDS interleaved
// rounds. Steadier than `npm run bench` on a shared machine; the socket and HTTP parsing are not in it.
// `npx tsx bench/fixed-cost.ts [no-op,unknown,token,bare,create,read,boleto]` (create: the bench's 12-installment proposal; read: Consultar by numero;
// boleto: GerarUnicoBoleto, each on a fresh installment of 48-installment proposals disbursed first); LOG_LEVEL as the server's (default info).
// FIXED_PROFILE=file.cpuprofile: a CPU profile of the measured rounds only (bench/profile-summary.ts reads it).
// FIXED_SOCKET=1: through a listening socket instead (HTTP parsing and socket writes included, as in
// `npm run bench`), the load sent by autocannon from another process (bench/fixed-load.ts).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { SignJWT, importPKCS8 } from 'jose';
import pino from 'pino';
import { composeServices } from '../src/compose.js';
import { loadConfig } from '../src/config.js';
import { systemClock } from '../src/platform/clock.js';
import { benchDatabase } from './bench-db.js';
import { proposalBody } from './operations.js';
import { outboxWriter, proposalDeps } from '../src/bindings.js';
import { withOutboxEvents } from '../src/platform/commands.js';
import { approveProposal, disburseProposal } from '../src/modules/proposals/operator-lifecycle.js';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const REQUESTS = Number(process.env.FIXED_REQUESTS ?? 3000);
const ROUNDS = Number(process.env.FIXED_ROUNDS ?? 5);
const CONCURRENCY = Number(process.env.FIXED_CONCURRENCY ?? 10);
const PUBLIC_URL = 'http://127.0.0.1:8080';
const SOCKET = process.env.FIXED_SOCKET === '1';

interface Case {
  name: string;
  app: () => FastifyInstance;
  request: () => Promise<{ url: string; headers: Record<string, string>; payload: string }>;
  status: number;
}

/** CPU µs of the main (JavaScript) thread alone, from /proc (10 ms ticks): work queued to libuv's thread pool is not in it. */
function mainThreadCpuUs(): number {
  const stat = fs.readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/** CPU µs per request: the whole process (every thread), and its main thread alone. */
async function cpuPerRequest(c: Case, amount: number): Promise<{ all: number; main: number }> {
  const requests = await Promise.all(Array.from({ length: amount }, () => c.request()));
  if (SOCKET) return socketCpuPerRequest(c, requests);
  const mainBefore = mainThreadCpuUs();
  const before = process.cpuUsage();
  for (let i = 0; i < amount; i += CONCURRENCY) {
    const answers = await Promise.all(requests.slice(i, i + CONCURRENCY).map((r) => c.app().inject({ method: 'POST', ...r })));
    for (const a of answers) if (a.statusCode !== c.status) throw new Error(`${c.name}: ${a.statusCode} ${a.body.slice(0, 300)}`);
  }
  const used = process.cpuUsage(before);
  return { all: (used.user + used.system) / amount, main: (mainThreadCpuUs() - mainBefore) / amount };
}

/** The same through the app's listening socket, autocannon in another process (its start-up not counted). */
async function socketCpuPerRequest(c: Case, requests: { url: string; headers: Record<string, string>; payload: string }[]): Promise<{ all: number; main: number }> {
  const first = requests[0] as { url: string; headers: Record<string, string> };
  const { idempotencykey: _key, ...headers } = first.headers;
  const address = c.app().server.address() as { port: number };
  const planFile = path.join(os.tmpdir(), `caas-fixed-load-${process.pid}.json`);
  fs.writeFileSync(planFile, JSON.stringify({ url: `http://127.0.0.1:${address.port}${first.url}`, headers, bodies: requests.map((r) => r.payload), amount: requests.length, connections: CONCURRENCY, status: c.status }));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/fixed-load.ts'), planFile], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  // The figures start once the child has loaded (its first request) and stop when it exits.
  let mainBefore = 0;
  let before: NodeJS.CpuUsage | null = null;
  const onRequest = () => {
    mainBefore = mainThreadCpuUs();
    before = process.cpuUsage();
  };
  c.app().server.once('request', onRequest);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  fs.rmSync(planFile, { force: true });
  if (code !== 0 || before === null) throw new Error(`${c.name}: the load process failed (${code})`);
  const used = process.cpuUsage(before);
  return { all: (used.user + used.system) / requests.length, main: (mainThreadCpuUs() - mainBefore) / requests.length };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

async function main(): Promise<void> {
  const only = (process.argv[2] ?? 'no-op,unknown,token,bare').split(',');
  const { url, db, keys, partner, drop } = await benchDatabase(ROOT, 'caas_fixed', 'Fixed');
  const level = process.env.LOG_LEVEL ?? 'info';
  const config = loadConfig({ PUBLIC_URL, DATABASE_URL: url, LOG_LEVEL: level, CAAS_WORKERS: 'false', CAAS_RATE_LIMIT_PER_SECOND: '1000000' });
  // The server's own logger, writing to /dev/null through pino's destination (what stdout is in the bench).
  const { app } = await composeServices(db, systemClock, config, { startWorkers: false, logStream: pino.destination({ dest: '/dev/null', sync: false }) as unknown as NodeJS.WritableStream });
  await app.ready();
  if (SOCKET) await app.listen({ host: '127.0.0.1', port: 0 });
  const privateKey = await importPKCS8(keys.privateKeyPem, 'RS256');
  const assertion = () => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({}).setProtectedHeader({ alg: 'RS256', typ: 'JWT' }).setIssuer(partner.clientId).setSubject(partner.clientId).setAudience(`${PUBLIC_URL}/connect/token`).setJti(randomUUID()).setIssuedAt(now).setExpirationTime(now + 300).sign(privateKey);
  };
  const form = async () => new URLSearchParams({ grant_type: 'client_credentials', client_id: partner.clientId, client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer', client_assertion: await assertion() }).toString();
  const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };
  const tokenAnswer = await app.inject({ method: 'POST', url: '/connect/token', headers: formHeaders, payload: await form() });
  const token = (tokenAnswer.json() as { access_token: string }).access_token;
  const jsonHeaders = () => ({ 'content-type': 'application/json', authorization: `Bearer ${token}`, idempotencykey: randomUUID() });
  // read: Proposta/Consultar by numero of one proposal created here (a read model hit after the first).
  const created = await app.inject({ method: 'POST', url: '/Proposta/IncluirManualSimplificado', headers: jsonHeaders(), payload: proposalBody() });
  const numero = (created.json() as { numero: number }).numero;
  // boleto: fresh installments (one live boleto each) of 48-installment proposals, disbursed here.
  const slots: Array<{ codigo: string; n: number }> = [];
  if (only.includes('boleto')) {
    const wanted = Math.ceil(REQUESTS / 3) + ROUNDS * REQUESTS;
    const operator = (work: (scope: { tx: never; clock: typeof systemClock; enqueue: never }) => Promise<unknown>) =>
      db.transaction().execute((tx) => withOutboxEvents(tx, new Date(), outboxWriter, 'bench', (enqueue) => work({ tx: tx as never, clock: systemClock, enqueue: enqueue as never })));
    for (let made = 0; made < wanted; made += 48) {
      const firstDue = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
      const dto = { documentoCliente: (JSON.parse(proposalBody()) as { dto: { documentoCliente: string } }).dto.documentoCliente, vlrSolicitado: 50000, prazo: 48, percJurosNegociado: 1, dtPrimeiroVencto: firstDue, propostaContaPagamentoDTO: { codigoBanco: 341, tipoConta: 1, agencia: '0001', conta: '123456', contaDig: '7', numeroBanco: '341', documentoFederalPagamento: '123.456.789-09', nomePagamento: 'Maria da Silva' } };
      const answer = (await app.inject({ method: 'POST', url: '/Proposta/IncluirManualSimplificado', headers: jsonHeaders(), payload: JSON.stringify({ dto, parametros: [{ nome: 'Proposta_IsentarIOF', valor: 'true' }] }) })).json() as { codigo: string; numero: number };
      await operator((scope) => approveProposal(scope as never, { proposalNumber: answer.numero, by: 'bench' }));
      await operator((scope) => disburseProposal(scope as never, { proposalNumber: answer.numero, by: 'bench' }, proposalDeps(config)));
      for (let n = 1; n <= 48; n += 1) slots.push({ codigo: answer.codigo, n });
    }
  }
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const bare = Fastify({ logger: false });
  const REFUSED = JSON.stringify({ msg: null, hasError: true, messages: [{ code: 'V0001', description: 'bare', field: 'dto.numeroProposta' }] });
  bare.post('/bare', async (_request, reply) => reply.code(400).type('application/json; charset=utf-8').send(REFUSED));
  await bare.ready();
  if (SOCKET) await bare.listen({ host: '127.0.0.1', port: 0 });
  const cases: Case[] = [
    { name: 'no-op', app: () => app, status: 400, request: async () => ({ url: '/Proposta/Consultar', headers: jsonHeaders(), payload: JSON.stringify({ dto: { numeroProposta: 'x' } }) }) },
    { name: 'unknown', app: () => app, status: 400, request: async () => ({ url: '/Proposta/Consultar', headers: jsonHeaders(), payload: JSON.stringify({ dto: { codigoProposta: randomUUID() } }) }) },
    { name: 'token', app: () => app, status: 200, request: async () => ({ url: '/connect/token', headers: formHeaders, payload: await form() }) },
    { name: 'read', app: () => app, status: 200, request: async () => ({ url: '/Proposta/Consultar', headers: jsonHeaders(), payload: JSON.stringify({ dto: { numeroProposta: numero } }) }) },
    { name: 'create', app: () => app, status: 200, request: async () => ({ url: '/Proposta/IncluirManualSimplificado', headers: jsonHeaders(), payload: proposalBody() }) },
    {
      name: 'boleto',
      app: () => app,
      status: 200,
      request: async () => {
        const slot = slots.shift();
        if (slot === undefined) throw new Error('boleto: no installment left');
        return { url: '/AgendaRecebivel/GerarUnicoBoleto', headers: jsonHeaders(), payload: JSON.stringify({ dto: { codigoProposta: slot.codigo, nroParcelas: [slot.n] }, dtoGerarUnicoBoleto: { dtVencimento: inDays(10), dtExpiracao: inDays(40), descricaoBoleto: 'Parcela', liquidacao: true, tipoRegistro: 1 } }) };
      },
    },
    { name: 'bare', app: () => bare, status: 400, request: async () => ({ url: '/bare', headers: jsonHeaders(), payload: JSON.stringify({ dto: { numeroProposta: 'x' } }) }) },
  ].filter((c) => only.includes(c.name));
  try {
    for (const c of cases) await cpuPerRequest(c, Math.ceil(REQUESTS / 3)); // warm-up
    const figures = new Map<string, { all: number; main: number }[]>(cases.map((c) => [c.name, []]));
    const profiler = process.env.FIXED_PROFILE ? new Session() : null;
    if (profiler) {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
    }
    for (let round = 0; round < ROUNDS; round += 1) for (const c of round % 2 === 0 ? cases : [...cases].reverse()) figures.get(c.name)?.push(await cpuPerRequest(c, REQUESTS));
    if (profiler) fs.writeFileSync(process.env.FIXED_PROFILE as string, JSON.stringify((await profiler.post('Profiler.stop')).profile));
    for (const [name, xs] of figures) {
      const all = xs.map((x) => x.all);
      const main = xs.map((x) => x.main);
      console.log(`${name.padEnd(8)} ${median(all).toFixed(0).padStart(6)} µs/request CPU (rounds ${all.map((x) => x.toFixed(0)).join(' ')}), main thread ${median(main).toFixed(0)} µs (rounds ${main.map((x) => x.toFixed(0)).join(' ')})`);
    }
  } finally {
    await app.close();
    await bare.close();
    await drop();
  }
}

await main();

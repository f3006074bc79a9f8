// The partner SDK (packages/sdk, its committed build) against a real listening caas: the demo
// flow, a creation whose answer is dropped (retried with the same key, created once), a delivered
// callback verified and parsed, and the package installed from its npm pack tarball.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { CaasClient, CaasError, OPERATIONS, readCallback, type CallbackEvent } from '../../packages/sdk/dist/index.js';
import { addDays, brazilDateAt } from '../../src/platform/dates.js';
import { personDto } from '../http/proposals-fixture.js';
import { createTestDatabase, type TestDatabase } from '../support/db.js';
import { startDroppingProxy } from '../support/dropping-proxy.js';
import { cli, onboardPartner, type E2ePartner } from '../support/e2e-partner.js';
import { startServer, type RunningServer } from '../support/server.js';

const PUBLIC_URL = 'http://caas.sdk.test';
const ENV_KEYS = ['DATABASE_URL', 'CAAS_WORKERS', 'LOG_LEVEL'] as const;
const savedEnv = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));
const dueDate = addDays(brazilDateAt(new Date()), 30);

interface Delivery {
  headers: http.IncomingHttpHeaders;
  body: string;
}

let database: TestDatabase;
let server: RunningServer;
let partner: E2ePartner;
let client: CaasClient;
let receiver: http.Server;
const deliveries: Delivery[] = [];
let demo: { codigo: string; numero: number };

function clientAt(baseUrl: string): CaasClient {
  return new CaasClient({ baseUrl, clientId: partner.clientId, privateKey: partner.privateKeyPem, audience: `${PUBLIC_URL}/connect/token`, retry: { backoffBaseMs: 50 } });
}

async function proposalCount(): Promise<number> {
  const row = await database.db.selectFrom('proposals').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

before(async () => {
  database = await createTestDatabase();
  Object.assign(process.env, { DATABASE_URL: database.url, CAAS_WORKERS: 'false', LOG_LEVEL: 'silent' });
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      deliveries.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  server = await startServer({ DATABASE_URL: database.url, PUBLIC_URL, CAAS_WORKERS: 'true', CAAS_CALLBACKS_TIMEOUT_MS: '2000' });
  partner = await onboardPartner(PUBLIC_URL, { callbackUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/caas` });
  client = clientAt(server.url);
});

after(async () => {
  await server?.kill('SIGKILL');
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
  partner?.cleanup();
  for (const k of ENV_KEYS) if (savedEnv[k] === undefined) delete process.env[k];
  else process.env[k] = savedEnv[k];
  await database.drop();
});

describe('SDK end to end', () => {
  test('demo flow: token, proposal, operator approval and disbursement, boleto, payment, details', async () => {
    const created = await client.createProposal({ dto: personDto({ dtPrimeiroVencto: dueDate }) as never, parametros: null });
    assert.equal(created.hasError, false);
    demo = { codigo: created.codigo as string, numero: created.numero as number };
    assert.match(demo.codigo, /^[0-9a-f-]{36}$/);
    for (const step of ['approve', 'disburse']) {
      const run = await cli('proposal', step, String(demo.numero));
      assert.equal(run.code, 0, run.err);
    }
    const read = await client.getProposal({ dto: { codigoProposta: demo.codigo } });
    assert.equal(read.hasError, false);
    const boleto = await client.generateSingleBoleto({ dto: { codigoProposta: demo.codigo, nroParcelas: [1] }, dtoGerarUnicoBoleto: { dtVencimento: dueDate, liquidacao: true, descricaoBoleto: 'Parcela 1', tipoRegistro: 1 } });
    assert.equal(boleto.hasError, false);
    const [listed] = JSON.parse((await cli('boleto', 'list', '--proposal', String(demo.numero), '--json')).out) as Array<{ numeroBoleto: number }>;
    const paid = await cli('boleto', 'pay', String(listed!.numeroBoleto));
    assert.equal(paid.code, 0, paid.err);
    const details = await client.getScheduleDetails({ dto: { codigoProposta: demo.codigo } });
    const first = (details.parcelas as Array<{ nroParcela: number; situacao: number }>).find((p) => p.nroParcela === 1);
    assert.equal(first?.situacao, 1, JSON.stringify(details.parcelas));
    assert.ok(client.lastServiceClock instanceof Date);

    // A refusal is a typed CaasError carrying the envelope's messages (PascalCase answers too).
    await assert.rejects(client.cancelProposal({ dto: { codigoProposta: demo.codigo }, documentoCliente: '111.111.111-11' } as never), (error: unknown) => {
      assert.ok(error instanceof CaasError);
      assert.equal(error.status, 400);
      assert.deepEqual(error.codes, ['4']);
      assert.equal(error.messages[0]!.field, 'documentoCliente');
      return true;
    });
  });

  test('a creation whose answer is dropped is retried with the same key and creates once', async () => {
    const proxy = await startDroppingProxy(server.port, 'POST /Proposta/IncluirManualSimplificado');
    try {
      const before = await proposalCount();
      const created = await clientAt(proxy.url).createProposal({ dto: personDto({ dtPrimeiroVencto: dueDate }) as never, parametros: null });
      assert.equal(proxy.dropped(), 1);
      assert.equal(proxy.marked(), 2, 'sent twice');
      assert.equal(await proposalCount(), before + 1);
      const row = await database.db.selectFrom('proposals').select('id').where('id', '=', created.codigo as string).executeTakeFirst();
      assert.ok(row, 'the answer of the retry names the proposal the first attempt created');
    } finally {
      await proxy.close();
    }
  });

  test('a delivered callback verifies with the partner secret and parses into typed events', async () => {
    const deadline = Date.now() + 30_000;
    while (!deliveries.some((d) => d.body.includes('"TipoEvento":3')) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const events: CallbackEvent[] = deliveries.map((d) => readCallback({ headers: d.headers, body: d.body, secrets: partner.callbackSecret! }));
    const ofDemo = events.filter((e) => e.proposalId === demo.codigo);
    assert.deepEqual([...new Set(ofDemo.map((e) => e.kind))].slice(0, 3), ['schedule_created', 'boleto_created', 'installment_launch']);
    assert.equal(ofDemo[0]!.proposalNumber, demo.numero);
    assert.match(ofDemo[0]!.id, /^msg_/);
    assert.throws(() => readCallback({ headers: deliveries[0]!.headers, body: `${deliveries[0]!.body} `, secrets: partner.callbackSecret! }), /no_matching_signature/);
  });

  test('installed from its npm pack tarball, the package imports with its types', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caas-sdk-install-'));
    try {
      const packed = execFileSync('npm', ['pack', path.resolve('packages/sdk'), '--pack-destination', dir, '--json'], { encoding: 'utf8' });
      const tarball = path.join(dir, (JSON.parse(packed) as Array<{ filename: string }>)[0]!.filename);
      const app = path.join(dir, 'app');
      fs.mkdirSync(app);
      fs.writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'partner-app', private: true, type: 'module' }));
      execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', tarball], { cwd: app, stdio: 'pipe' });
      fs.rmSync(tarball);
      const out = execFileSync(process.execPath, ['--input-type=module', '-e', "import { CaasClient, readCallback, CaasError, OPERATIONS } from '@caas/sdk'; const c = new CaasClient({ baseUrl: 'http://x', clientId: 'a', privateKey: 'k' }); console.log(typeof c.createProposal, typeof readCallback, typeof CaasError, Object.keys(OPERATIONS).length)"], { cwd: app, encoding: 'utf8' });
      assert.equal(out.trim(), `function function function ${Object.keys(OPERATIONS).length}`);
      const installed = path.join(app, 'node_modules/@caas/sdk');
      assert.ok(fs.existsSync(path.join(installed, 'dist/index.d.ts')));
      assert.ok(fs.existsSync(path.join(installed, 'dist/generated/openapi.d.ts')));
      assert.deepEqual(fs.readdirSync(installed).sort(), ['dist', 'package.json']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

// `caas demo` (issue 15) against a real listening server: once given its URL, once starting its
// own `caas serve` (same database). The flow ends with the callbacks received and verified, the
// slip's PDF on disk, and the data left behind for the operator's queries.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { main } from '../../src/cli/main.js';
import { createTestDatabase, type TestDatabase } from '../support/db.js';
import { startServer, type RunningServer } from '../support/server.js';

const ENV_KEYS = ['DATABASE_URL', 'CAAS_WORKERS', 'LOG_LEVEL', 'CAAS_URL', 'PUBLIC_URL', 'PORT'] as const;
const savedEnv = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));

let database: TestDatabase;
let server: RunningServer;
let dir: string;

async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

before(async () => {
  database = await createTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caas-demo-'));
  for (const k of ENV_KEYS) delete process.env[k];
  Object.assign(process.env, { DATABASE_URL: database.url, LOG_LEVEL: 'silent' });
  server = await startServer({ DATABASE_URL: database.url, CAAS_WORKERS: 'true' });
});

after(async () => {
  await server?.kill('SIGTERM');
  for (const k of ENV_KEYS) if (savedEnv[k] === undefined) delete process.env[k];
  else process.env[k] = savedEnv[k];
  fs.rmSync(dir, { recursive: true, force: true });
  await database.drop();
});

function checkFlow(out: string, outDir: string): number {
  for (const title of ['Onboard a demo partner', 'Token: POST /connect/token', 'Create: POST /Proposta/IncluirManualSimplificado', 'Approve', 'Disburse', 'Boleto: POST /AgendaRecebivel/GerarUnicoBoleto', 'Pay at the (sandbox) bank', 'Details: POST /AgendaRecebivel/ConsultarDetalhes', 'Callbacks received']) {
    assert.ok(out.includes(title), `missing step "${title}":\n${out}`);
  }
  assert.match(out, /TipoEvento 0 /);
  assert.match(out, /TipoEvento 5 /);
  assert.match(out, /TipoEvento 3 /);
  const pdf = /look at the slip: (\S+\.pdf)/.exec(out)?.[1];
  assert.ok(pdf !== undefined && pdf.startsWith(outDir), out);
  assert.equal(fs.readFileSync(pdf).subarray(0, 5).toString('latin1'), '%PDF-');
  assert.ok(fs.existsSync(path.join(outDir, 'private.pem')));
  return Number(/numero (\d+), codigo/.exec(out)?.[1]);
}

test('against a running server (--url): the whole flow, callbacks verified, data left behind', async () => {
  const outDir = path.join(dir, 'given');
  const run = await cli('demo', '--url', server.url, '--out-dir', outDir, '--callback-timeout', '90');
  assert.equal(run.code, 0, `${run.out}\n${run.err}`);
  assert.match(run.out, new RegExp(`^caas demo against ${server.url}$`, 'm'));
  const numero = checkFlow(run.out, outDir);
  const shown = await cli('proposal', 'show', String(numero), '--json');
  assert.equal(shown.code, 0, shown.err);
  const details = JSON.parse(shown.out);
  assert.deepEqual([details.data.status, details.schedule.installmentsPaid], [5, 1]);
});

test('with no server answering: starts its own caas serve on the same database and stops it', async () => {
  const outDir = path.join(dir, 'own');
  process.env.PUBLIC_URL = 'http://127.0.0.1:9'; // nothing answers there
  try {
    const run = await cli('demo', '--out-dir', outDir, '--callback-timeout', '90');
    assert.equal(run.code, 0, `${run.out}\n${run.err}`);
    assert.match(run.out, /No server answers at http:\/\/127\.0\.0\.1:9: starting one/);
    const url = /^caas demo against (\S+) \(started for the demo; stopped at the end\)$/m.exec(run.out)?.[1];
    assert.ok(url, run.out);
    checkFlow(run.out, outDir);
    await assert.rejects(fetch(`${url}/health/live`));
  } finally {
    delete process.env.PUBLIC_URL;
  }
  const listed = await cli('proposal', 'list', '--status', 'liberada', '--json');
  assert.equal((JSON.parse(listed.out) as unknown[]).length, 2);
});

test('a --url where nothing answers is a clear error', async () => {
  const run = await cli('demo', '--url', 'http://127.0.0.1:9');
  assert.equal(run.code, 1);
  assert.match(run.err, /no caas answers at http:\/\/127\.0\.0\.1:9\/health\/ready/);
});

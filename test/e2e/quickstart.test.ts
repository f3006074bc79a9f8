// docs/quickstart.md, executed literally (issue 15): its ```bash blocks run in order in one bash
// against a real listening server, then its Node token recipe (the ```js block) runs as written.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, test } from 'node:test';
import { createTestDatabase, type TestDatabase } from '../support/db.js';
import { freePort, startServer, type RunningServer } from '../support/server.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const DOC = fs.readFileSync(path.join(ROOT, 'docs/quickstart.md'), 'utf8');

function blocks(language: string): string[] {
  return [...DOC.matchAll(new RegExp('^```' + language + '\\n([\\s\\S]*?)^```$', 'gm'))].map((m) => m[1] as string);
}

let database: TestDatabase;
let server: RunningServer;
let qs: string | undefined;

before(async () => {
  database = await createTestDatabase();
  server = await startServer({ DATABASE_URL: database.url, CAAS_WORKERS: 'true' });
});

after(async () => {
  await server?.kill('SIGTERM');
  if (qs !== undefined) fs.rmSync(qs, { recursive: true, force: true });
  await database.drop();
});

test('the curl + openssl walk-through, as written, against a real server', async () => {
  const script = [...blocks('bash'), 'echo "QS=$QS"; echo "CLIENT_ID=$CLIENT_ID"; echo "NUMERO=$NUMERO"'].join('\n');
  assert.ok(script.includes('openssl dgst -sha256 -sign'), 'the token recipe is among the executed blocks');
  const env = { ...process.env, CAAS_URL: server.url, CALLBACK_PORT: String(await freePort()), DATABASE_URL: database.url, LOG_LEVEL: 'warn' };
  const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', script], { cwd: ROOT, env, timeout: 600_000, maxBuffer: 16 * 1024 * 1024 }).catch((error: { stdout?: string; stderr?: string }) => {
    throw new Error(`the walk-through failed:\n${error.stdout}\n${error.stderr}`);
  });
  qs = /^QS=(.+)$/m.exec(stdout)?.[1];
  const clientId = /^CLIENT_ID=(.+)$/m.exec(stdout)?.[1];
  const numero = /^NUMERO=(\d+)$/m.exec(stdout)?.[1];
  assert.ok(qs && clientId && numero, stdout);
  assert.match(stdout, /^token: eyJ/m);
  assert.match(stdout, /"hasError":false/);
  assert.equal(fs.readFileSync(path.join(qs, 'boleto.pdf')).subarray(0, 5).toString('latin1'), '%PDF-');
  assert.match(stdout, /"nroParcela":1,"situacao":1/);
  const callbacks = fs.readFileSync(path.join(qs, 'callbacks.log'), 'utf8');
  for (const type of [0, 5, 3]) assert.match(callbacks, new RegExp(`"TipoEvento":${type},`));
  assert.match(stdout, /proposal \d+ \(.*\)\n\s+status\s+5 Liberada/);
  assert.ok(fs.readFileSync(path.join(qs, 'payments.csv'), 'utf8').startsWith('proposalNumber,'));

  // The Node recipe: token.mjs as written, jose resolved as in the checkout.
  const [js] = blocks('js');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caas-qs-node-'));
  try {
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
    fs.writeFileSync(path.join(dir, 'token.mjs'), js!);
    const token = (await run(process.execPath, ['token.mjs'], { cwd: dir, env: { ...process.env, CAAS_URL: server.url, CLIENT_ID: clientId, QS: qs } })).stdout.trim();
    const answer = await fetch(`${server.url}/AgendaRecebivel/ConsultarDetalhes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, idempotencykey: 'qs-node-1', 'content-type': 'application/json' },
      body: JSON.stringify({ dto: { numeroProposta: Number(numero) }, dtoConsultaDetalhes: {} }),
    });
    assert.equal(answer.status, 200, await answer.text());
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

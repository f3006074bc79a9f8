// End to end through real listening servers: onboarding with the CLI, a token over HTTP, a jti
// replayed against a second instance on the same database, graceful stop on SIGTERM.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { importPKCS8, SignJWT } from 'jose';
import { main } from '../../src/cli/main.js';
import { createTestDatabase, type TestDatabase } from '../support/db.js';
import { startServer, type RunningServer } from '../support/server.js';

const PUBLIC_URL = 'http://caas.e2e.test';
let database: TestDatabase;
let servers: RunningServer[] = [];
let keysDir: string;
let clientId: string;

async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(args, { out: (l) => (out += `${l}\n`), err: (l) => (err += `${l}\n`) });
  return { code, out, err };
}

async function assertion(): Promise<string> {
  const key = await importPKCS8(fs.readFileSync(path.join(keysDir, 'private.pem'), 'utf8'), 'RS256');
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({}).setProtectedHeader({ alg: 'RS256', typ: 'JWT' }).setIssuer(clientId).setSubject(clientId).setAudience(`${PUBLIC_URL}/connect/token`).setJti(randomUUID()).setIssuedAt(now).setNotBefore(now).setExpirationTime(now + 120).sign(key);
}

function tokenForm(jwt: string): string {
  return new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, scope: 'bmp.digital.api.full.access', client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer', client_assertion: jwt }).toString();
}

async function requestToken(server: RunningServer, jwt: string) {
  return fetch(`${server.url}/connect/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'cache-control': 'no-cache' }, body: tokenForm(jwt) });
}

before(async () => {
  database = await createTestDatabase();
  process.env.DATABASE_URL = database.url;
  keysDir = fs.mkdtempSync(path.join(os.tmpdir(), 'caas-keys-'));
});

after(async () => {
  await Promise.all(servers.map((s) => s.kill('SIGKILL')));
  fs.rmSync(keysDir, { recursive: true, force: true });
  delete process.env.DATABASE_URL;
  await database.drop();
});

describe('servers', () => {
  test('the CLI onboards a partner: keygen, then partner create --json', async () => {
    const keygen = await cli(['keygen', '--out', keysDir]);
    assert.equal(keygen.code, 0, keygen.err);
    assert.match(fs.readFileSync(path.join(keysDir, 'private.pem'), 'utf8'), /BEGIN PRIVATE KEY/);
    assert.match(fs.readFileSync(path.join(keysDir, 'public.pem'), 'utf8'), /BEGIN PUBLIC KEY/);
    const refused = await cli(['partner', 'create', '--name', 'Bad', '--public-key', path.join(keysDir, 'private.pem')]);
    assert.notEqual(refused.code, 0);
    assert.match(refused.err, /PRIVATE key/i);
    const created = await cli(['partner', 'create', '--name', 'ACME Crédito', '--public-key', path.join(keysDir, 'public.pem'), '--client-id', 'bmp.acme', '--can-refuse', '--json']);
    assert.equal(created.code, 0, created.err);
    clientId = (JSON.parse(created.out) as { clientId: string }).clientId;
    assert.equal(clientId, 'bmp.acme');
    const listed = await cli(['partner', 'list', '--json']);
    assert.equal((JSON.parse(listed.out) as { clientId: string }[])[0]?.clientId, 'bmp.acme');
  });

  test('two instances on one database: a jti used on one is refused on the other', async () => {
    servers = await Promise.all([startServer({ DATABASE_URL: database.url, PUBLIC_URL, CAAS_WORKERS: 'false' }), startServer({ DATABASE_URL: database.url, PUBLIC_URL, CAAS_WORKERS: 'false' })]);
    const [a, b] = servers as [RunningServer, RunningServer];
    const jwt = await assertion();
    const first = await requestToken(a, jwt);
    assert.equal(first.status, 200, await first.clone().text());
    const token = ((await first.json()) as { access_token: string }).access_token;
    const replay = await requestToken(b, jwt);
    assert.equal(replay.status, 401);
    assert.equal(((await replay.json()) as { error: string }).error, 'invalid_client');
    // The token issued by A is accepted by B (shared signing keys in the database).
    const op = await fetch(`${b.url}/Proposta/Consultar`, { method: 'POST', headers: { authorization: `Bearer ${token}`, idempotencykey: randomUUID(), 'content-type': 'application/json' }, body: JSON.stringify({ dto: { numeroProposta: 999999 } }) });
    assert.notEqual(op.status, 401);
    assert.ok(op.headers.get('x-request-id'));
  });

  test('SIGTERM drains and exits 0', async () => {
    const [a] = servers as [RunningServer];
    const code = await a.kill('SIGTERM');
    assert.equal(code, 0, `exit ${code}\n${a.output()}`);
  });
});

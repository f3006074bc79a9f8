// `caas operator create|list|disable|enable|reset-password` (issue 16), against the database of a
// service driven through inject: the printed one-time link sets the password in the console, the
// password can come from stdin, replays under the same key change nothing, disable ends logins.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { LightMyRequestResponse } from 'fastify';
import { main } from '../../src/cli/main.js';
import { startTestService, type TestService } from '../support/app.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let service: TestService;

async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(args, { out: (l) => (out += `${l}\n`), err: (l) => (err += `${l}\n`) });
  return { code, out, err };
}

before(async () => {
  service = await startTestService();
  process.env.DATABASE_URL = service.database.url;
});
after(async () => {
  delete process.env.DATABASE_URL;
  await service.close();
});

function form(fields: Record<string, string>, cookie = ''): { headers: Record<string, string>; payload: string } {
  return { headers: { 'content-type': 'application/x-www-form-urlencoded', cookie }, payload: new URLSearchParams(fields).toString() };
}

async function tryLogin(email: string, password: string): Promise<LightMyRequestResponse> {
  const page = await service.app.inject({ url: '/console/entrar' });
  const csrf = /name="_csrf" value="([^"]+)"/.exec(page.body)![1]!;
  const cookie = page.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  return service.app.inject({ method: 'POST', url: '/console/entrar', ...form({ _csrf: csrf, email, password }, cookie) });
}

const loggedIn = (r: LightMyRequestResponse) => r.statusCode === 303 && r.cookies.some((c) => c.name === 'caas_console');

test('create prints a one-time link; the link sets the password once; login works', async () => {
  const created = await cli(['operator', 'create', '--email', 'Ana@Example.com', '--name', 'Ana Lima', '--role', 'admin', '--idempotency-key', 'op-ana']);
  assert.equal(created.code, 0, created.err);
  assert.match(created.out, /operator ana@example.com \(admin\) created/);
  const link = /(http\S+\/console\/senha\?t=\S+)/.exec(created.out)?.[1];
  assert.ok(link, created.out);
  const url = new URL(link);
  const page = await service.app.inject({ url: `${url.pathname}${url.search}` });
  assert.equal(page.statusCode, 200);
  assert.match(page.body, /Nova senha/);
  const token = url.searchParams.get('t')!;
  const short = await service.app.inject({ method: 'POST', url: '/console/senha', ...form({ t: token, password: 'short', confirmation: 'short' }) });
  assert.equal(short.statusCode, 400, 'a short password is refused');
  const set = await service.app.inject({ method: 'POST', url: '/console/senha', ...form({ t: token, password: 'a long enough passphrase', confirmation: 'a long enough passphrase' }) });
  assert.equal(set.statusCode, 303);
  assert.equal((await service.app.inject({ url: `${url.pathname}${url.search}` })).statusCode, 400, 'the link works once');
  assert.ok(loggedIn(await tryLogin('ana@example.com', 'a long enough passphrase')));
  const replay = await cli(['operator', 'create', '--email', 'Ana@Example.com', '--name', 'Ana Lima', '--role', 'admin', '--idempotency-key', 'op-ana']);
  assert.equal(replay.code, 0, replay.err);
  assert.match(replay.err, /replayed: nothing changed/);
  assert.doesNotMatch(replay.out, /senha\?t=/, 'no new link once the password is set');
  const list = await cli(['operator', 'list', '--json']);
  assert.deepEqual((JSON.parse(list.out) as { email: string; hasPassword: boolean }[]).map((o) => [o.email, o.hasPassword]), [['ana@example.com', true]]);
  const audit = await service.database.db.selectFrom('command_audit').select(['command', 'actor_kind']).where('command', 'like', 'operator.%').execute();
  assert.deepEqual(audit.map((a) => a.command).sort(), ['operator.create', 'operator.password-link', 'operator.set-password']);
});

test('--password-stdin sets the password from a pipe; disable refuses logins, enable lets them in; reset-password clears it', async () => {
  const child = spawnSync(process.execPath, [path.join(ROOT, 'bin/caas.mjs'), 'operator', 'create', '--email', 'bia@example.com', '--name', 'Bia', '--role', 'approver', '--password-stdin'], {
    cwd: ROOT,
    input: 'bia has a long passphrase\n',
    env: { ...process.env, DATABASE_URL: service.database.url, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 120_000,
  });
  assert.equal(child.status, 0, child.stderr);
  assert.match(child.stdout, /password of bia@example.com set/);
  assert.ok(loggedIn(await tryLogin('bia@example.com', 'bia has a long passphrase')));
  assert.equal((await cli(['operator', 'disable', 'bia@example.com'])).code, 0);
  assert.ok(!loggedIn(await tryLogin('bia@example.com', 'bia has a long passphrase')));
  assert.equal((await cli(['operator', 'enable', 'bia@example.com'])).code, 0);
  assert.ok(loggedIn(await tryLogin('bia@example.com', 'bia has a long passphrase')));
  const reset = await cli(['operator', 'reset-password', 'bia@example.com']);
  assert.equal(reset.code, 0, reset.err);
  assert.match(reset.out, /\/console\/senha\?t=/);
  assert.ok(!loggedIn(await tryLogin('bia@example.com', 'bia has a long passphrase')));
  const bad = await cli(['operator', 'create', '--email', 'x@example.com', '--name', 'X', '--role', 'boss']);
  assert.equal(bad.code, 2);
  const unknown = await cli(['operator', 'disable', 'nobody@example.com']);
  assert.notEqual(unknown.code, 0);
  assert.match(unknown.err, /OPR002/);
});

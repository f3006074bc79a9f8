// The zero-setup path (issue #2): `caas serve` with no DATABASE_URL starts a real PostgreSQL under
// CAAS_DATA_DIR; the CLI joins that running database instead of starting a second one; SIGTERM
// drains and stops PostgreSQL; data survives a restart; with no server, the CLI starts and stops
// PostgreSQL itself.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { main } from '../../src/cli/main.js';
import { generatePartnerKeyPair } from '../../src/modules/partners/index.js';
import { startServer, type RunningServer } from '../support/server.js';

let dataDir: string;
let server: RunningServer | null = null;
const saved = { DATABASE_URL: process.env.DATABASE_URL, CAAS_DATA_DIR: process.env.CAAS_DATA_DIR };

const postmasterPid = () => path.join(dataDir, 'pg', 'postmaster.pid');
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(args, { out: (l) => (out += `${l}\n`), err: (l) => (err += `${l}\n`) });
  return { code, out, err };
}

before(() => {
  // A data folder the postgres OS user can reach (mkdtemp makes 0700 folders: as root the cluster
  // would move to CAAS_SYSTEM_DIR, which test/e2e/start-anywhere.test.ts covers).
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'caas-embedded-'));
  fs.chmodSync(parent, 0o755);
  dataDir = path.join(parent, 'data');
  process.env.DATABASE_URL = '';
  process.env.CAAS_DATA_DIR = dataDir;
});

after(async () => {
  await server?.kill('SIGKILL');
  if (fs.existsSync(postmasterPid())) {
    const pid = Number(fs.readFileSync(postmasterPid(), 'utf8').split('\n')[0]);
    try {
      process.kill(pid, 'SIGINT');
    } catch {
      // already gone
    }
    await new Promise((r) => setTimeout(r, 2_000));
  }
  fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
  process.env.DATABASE_URL = saved.DATABASE_URL;
  process.env.CAAS_DATA_DIR = saved.CAAS_DATA_DIR;
  if (saved.DATABASE_URL === undefined) delete process.env.DATABASE_URL;
  if (saved.CAAS_DATA_DIR === undefined) delete process.env.CAAS_DATA_DIR;
});

test('serve, CLI against the running server, SIGTERM, restart: data survives', async () => {
  server = await startServer({ DATABASE_URL: '', CAAS_DATA_DIR: dataDir, CAAS_WORKERS: 'false' });
  assert.ok(fs.existsSync(postmasterPid()), 'PostgreSQL runs under the data dir');
  const pidBefore = fs.readFileSync(postmasterPid(), 'utf8').split('\n')[0];
  const keys = await generatePartnerKeyPair();
  fs.writeFileSync(path.join(dataDir, 'public.pem'), keys.publicKeyPem);
  const created = await cli(['partner', 'create', '--name', 'Durable', '--public-key', path.join(dataDir, 'public.pem'), '--json']);
  assert.equal(created.code, 0, created.err);
  assert.equal(fs.readFileSync(postmasterPid(), 'utf8').split('\n')[0], pidBefore, 'the CLI joined the server’s PostgreSQL');
  assert.equal(await server.kill('SIGTERM'), 0, server.output());
  assert.equal(fs.existsSync(postmasterPid()), false, 'PostgreSQL stopped with the server');
  server = await startServer({ DATABASE_URL: '', CAAS_DATA_DIR: dataDir, CAAS_WORKERS: 'false' });
  const listed = await cli(['partner', 'list', '--json']);
  assert.equal(listed.code, 0, listed.err);
  assert.deepEqual((JSON.parse(listed.out) as { name: string }[]).map((p) => p.name), ['Durable']);
  assert.equal(await server.kill('SIGTERM'), 0);
  server = null;
});

test('with no server running, the CLI starts PostgreSQL for itself and stops it after', async () => {
  assert.equal(fs.existsSync(postmasterPid()), false);
  const listed = await cli(['partner', 'list', '--json']);
  assert.equal(listed.code, 0, listed.err);
  assert.equal((JSON.parse(listed.out) as unknown[]).length, 1);
  assert.equal(fs.existsSync(postmasterPid()), false);
});

test('a server that cannot start (port taken) exits non-zero and stops the PostgreSQL it started', async () => {
  assert.equal(fs.existsSync(postmasterPid()), false);
  const blocker = net.createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  const port = (blocker.address() as net.AddressInfo).port;
  try {
    const child = spawn(process.execPath, [path.join(ROOT, 'bin/caas.mjs'), 'serve'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: '', CAAS_DATA_DIR: dataDir, CAAS_WORKERS: 'false', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    assert.notEqual(code, 0);
    assert.match(stderr, /^caas serve: listen EADDRINUSE[^\n]*\n$/, 'one line, no stack');
    assert.equal(fs.existsSync(postmasterPid()), false, 'the embedded PostgreSQL was left running');
  } finally {
    blocker.close();
  }
});

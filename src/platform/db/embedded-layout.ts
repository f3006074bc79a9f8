// Where the embedded PostgreSQL's binaries and cluster live. As a normal user: the binaries of
// node_modules and the cluster under `<dataDir>/pg`. As root, PostgreSQL runs as the `postgres` OS
// user, which may be unable to traverse a parent folder of the checkout (say /root, or a 0700
// `mktemp -d` folder); we never change the permissions of folders we did not create. Instead:
//  - binaries it cannot reach are staged once per version under <systemDir>/postgresql/<version>;
//  - a cluster it cannot reach goes under <systemDir>/clusters/<hash of the data dir's path>, and
//    the choice is recorded in <dataDir>/cluster.json, so restarts and the CLI find it.
// systemDir is CAAS_SYSTEM_DIR (default /var/lib/caas). When even that fails, the error says what
// to run instead.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const DEFAULT_SYSTEM_DIR = '/var/lib/caas';

export type RunAs = { uid: number; gid: number } | Record<string, never>;

export interface Layout {
  /** The folder holding bin/, lib/ and share/ of the PostgreSQL to run. */
  native: string;
  /** PGDATA. */
  pgDir: string;
  /** The OS user PostgreSQL runs as ({} = this process's user). */
  runAs: RunAs;
}

export interface LayoutOptions {
  systemDir: string;
  /** What the user ran (`npm start`, `npm test`): the advice repeats it with the variable to set. */
  rerun: string;
}

/** A start-up problem with the fix in its message. */
export class EmbeddedSetupError extends Error {
  override name = 'EmbeddedSetupError';
}

const CLUSTER_FILE = 'cluster.json';
const SUGGESTED_SYSTEM_DIR = '/var/tmp/caas';

export function postgresUser(): RunAs {
  if (os.userInfo().uid !== 0) return {};
  const id = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  if (id('-u').status !== 0) {
    // Root-only environments (containers, CI): PostgreSQL needs an unprivileged user to run as.
    try {
      execFileSync('sh', ['-c', 'getent group postgres >/dev/null || groupadd --system postgres; useradd --system -g postgres -d /nonexistent -s /usr/sbin/nologin postgres'], { stdio: 'pipe' });
    } catch {
      throw new EmbeddedSetupError('PostgreSQL cannot run as root and there is no postgres OS user, which useradd/groupadd could not create: create one (useradd --system postgres), run caas as a normal user, or set DATABASE_URL');
    }
  }
  return { uid: Number(id('-u').stdout.trim()), gid: Number(id('-g').stdout.trim()) };
}

/** Can the user PostgreSQL runs as reach (traverse to) this path? */
export function reachable(runAs: RunAs, target: string): boolean {
  if (!('uid' in runAs)) return true;
  return spawnSync('test', ['-x', target], { uid: runAs.uid, gid: runAs.gid }).status === 0;
}

function advice(options: LayoutOptions, why: string): EmbeddedSetupError {
  return new EmbeddedSetupError(
    `${why}. Run instead: CAAS_SYSTEM_DIR=${SUGGESTED_SYSTEM_DIR} ${options.rerun} (any folder root can write and every user can traverse), or set DATABASE_URL to a PostgreSQL of yours`,
  );
}

/** mkdir -p that makes the folders it creates world-traversable (0755) whatever the umask. */
function mkdirOpen(dir: string): void {
  const first = fs.mkdirSync(dir, { recursive: true });
  if (first === undefined) return;
  for (let d = dir; d.length >= first.length; d = path.dirname(d)) fs.chmodSync(d, 0o755);
}

function openPermissions(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isSymbolicLink()) continue;
    if (entry.isDirectory()) {
      fs.chmodSync(full, 0o755);
      openPermissions(full);
    } else fs.chmodSync(full, fs.statSync(full).mode & 0o111 ? 0o755 : 0o644);
  }
}

function stageBinaries(native: string, version: string, runAs: RunAs, options: LayoutOptions): string {
  const target = path.join(options.systemDir, 'postgresql', version);
  try {
    if (!fs.existsSync(path.join(target, 'bin', 'postgres'))) {
      mkdirOpen(path.dirname(target));
      const building = `${target}.staging-${process.pid}`;
      fs.cpSync(native, building, { recursive: true, verbatimSymlinks: true });
      openPermissions(building);
      fs.chmodSync(building, 0o755);
      try {
        fs.renameSync(building, target);
      } catch (error) {
        fs.rmSync(building, { recursive: true, force: true });
        if (!fs.existsSync(target)) throw error; // another start staged the same version first
      }
    }
  } catch (error) {
    throw advice(options, `the postgres OS user cannot reach the PostgreSQL binaries in ${native}, and copying them to ${target} failed (${(error as Error).message})`);
  }
  if (!reachable(runAs, path.join(target, 'bin', 'postgres'))) throw advice(options, `the postgres OS user cannot reach ${target} (a parent folder is not traversable)`);
  return target;
}

function recordedCluster(dataDir: string): string | null {
  const file = path.join(dataDir, CLUSTER_FILE);
  if (!fs.existsSync(file)) return null;
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { pgDir: string }).pgDir;
}

/** PGDATA of a data dir: the recorded relocation, else `<dataDir>/pg`. */
export function clusterDir(dataDir: string): string {
  return recordedCluster(dataDir) ?? path.join(dataDir, 'pg');
}

/** Records a relocated cluster in the data dir, and the data dir beside the cluster (for operators). */
export function recordCluster(dataDir: string, pgDir: string): void {
  if (pgDir === path.join(dataDir, 'pg')) return;
  fs.writeFileSync(path.join(dataDir, CLUSTER_FILE), `${JSON.stringify({ pgDir })}\n`);
  fs.writeFileSync(`${pgDir}.data-dir`, `${dataDir}\n`);
}

function relocatedCluster(dataDir: string, runAs: RunAs, options: LayoutOptions): string {
  const clusters = path.join(options.systemDir, 'clusters');
  try {
    mkdirOpen(clusters);
  } catch (error) {
    throw advice(options, `the postgres OS user cannot reach the data folder ${dataDir}, and ${clusters} cannot be created (${(error as Error).message})`);
  }
  if (!reachable(runAs, clusters)) throw advice(options, `the postgres OS user cannot reach ${dataDir} nor ${clusters} (a parent folder is not traversable)`);
  const hash = createHash('sha256').update(fs.realpathSync(dataDir)).digest('hex').slice(0, 16);
  return path.join(clusters, hash);
}

export function layoutFor(dataDir: string, native: string, version: string, options: LayoutOptions): Layout {
  const runAs = postgresUser();
  const binaries = reachable(runAs, path.join(native, 'bin', 'postgres')) ? native : stageBinaries(native, version, runAs, options);
  const recorded = recordedCluster(dataDir);
  const pgDir = recorded ?? (reachable(runAs, dataDir) ? path.join(dataDir, 'pg') : relocatedCluster(dataDir, runAs, options));
  return { native: binaries, pgDir, runAs };
}

// `npm install && npm start` from anywhere (issue 15): a copy of the project in a 0700 folder (as
// root, the postgres OS user can reach neither its data folder nor its binaries), started with the
// real `npm start`; SIGTERM and SIGINT to npm's own pid stop node and PostgreSQL. When even the
// fallback folder is unusable, the one-line advice works when followed literally, and the failed
// first start leaves no folder behind.
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { cloneProject } from '../support/clone.js';
import { freePort } from '../support/server.js';

const READY_TIMEOUT_MS = 180_000;
const isRoot = os.userInfo().uid === 0;
const cleanups: (() => void)[] = [];

after(() => {
  for (const cleanup of cleanups.reverse()) cleanup();
});

function tempDir(prefix: string, mode: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, mode);
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function clone(owner?: { uid: number; gid: number }): string {
  const dir = cloneProject(owner);
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The suggested system folder if this test made it; else only the cluster this test put in it. */
function removeSuggested(suggested: string, existedBefore: boolean, dataDir: string): void {
  if (!existedBefore) return fs.rmSync(suggested, { recursive: true, force: true });
  const recorded = path.join(dataDir, 'cluster.json');
  if (!fs.existsSync(recorded)) return;
  const { pgDir } = JSON.parse(fs.readFileSync(recorded, 'utf8')) as { pgDir: string };
  fs.rmSync(pgDir, { recursive: true, force: true });
  fs.rmSync(`${pgDir}.data-dir`, { force: true });
}

interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

async function npmStart(cwd: string, env: Record<string, string>, options: { shell?: string; uid?: number; gid?: number } = {}): Promise<Started> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const fullEnv = { ...process.env, DATABASE_URL: '', CAAS_DATA_DIR: '', CAAS_WORKERS: 'false', HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: url, LOG_LEVEL: 'warn', ...env };
  const child = options.shell
    ? spawn('sh', ['-c', options.shell], { cwd, env: fullEnv, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
    : spawn('npm', ['start'], { cwd, env: fullEnv, stdio: ['ignore', 'pipe', 'pipe'], ...(options.uid === undefined ? {} : { uid: options.uid, gid: options.gid }) });
  let log = '';
  child.stdout?.on('data', (c) => (log += c.toString()));
  child.stderr?.on('data', (c) => (log += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  cleanups.push(() => {
    // Only a child still running: a dead one's number may belong to another process group by now.
    if (child.exitCode === null && child.signalCode === null) spawnSync('kill', ['-KILL', options.shell ? `-${child.pid}` : `${child.pid}`]);
  });
  return { child, url, output: () => log, exited };
}

async function ready(started: Started): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    assert.equal(started.child.exitCode, null, `npm start exited:\n${started.output()}`);
    const status = await fetch(`${started.url}/health/ready`).then((r) => r.status, () => 0);
    if (status === 200) return;
    assert.ok(Date.now() < deadline, `not ready in time:\n${started.output()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

function childrenOf(pid: number): number[] {
  const out = spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).stdout;
  return out.split('\n').filter((l) => l !== '').map(Number);
}

function postmaster(dataDir: string): { pid: number; pgDir: string } {
  const recorded = path.join(dataDir, 'cluster.json');
  const pgDir = fs.existsSync(recorded) ? (JSON.parse(fs.readFileSync(recorded, 'utf8')) as { pgDir: string }).pgDir : path.join(dataDir, 'pg');
  return { pid: Number(fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]), pgDir };
}

async function signalNpmAndCheck(started: Started, dataDir: string, signal: NodeJS.Signals): Promise<void> {
  const npmPid = started.child.pid as number;
  const nodes = childrenOf(npmPid);
  assert.equal(nodes.length, 1, 'npm runs node directly (no shell in between)');
  const { pid: postgresPid, pgDir } = postmaster(dataDir);
  process.kill(npmPid, signal);
  assert.equal(await started.exited, 0, started.output());
  await new Promise((r) => setTimeout(r, 200));
  assert.equal(alive(nodes[0]!), false, 'node still runs');
  assert.equal(alive(postgresPid), false, 'PostgreSQL still runs');
  assert.equal(fs.existsSync(path.join(pgDir, 'postmaster.pid')), false, 'PostgreSQL did not shut down cleanly');
}

test('npm start in a 0700 folder serves; SIGTERM then SIGINT to npm stop node and PostgreSQL; data survives', async () => {
  const project = clone();
  const systemDir = tempDir('caas-system-', 0o755);
  const dataDir = path.join(project, '.caas');
  const first = await npmStart(project, { CAAS_SYSTEM_DIR: systemDir });
  await ready(first);
  if (isRoot) {
    assert.match(postmaster(dataDir).pgDir, new RegExp(`^${systemDir}/clusters/[0-9a-f]{16}$`), 'the cluster moved where the postgres user can reach it');
    assert.ok(fs.readdirSync(path.join(systemDir, 'postgresql')).length === 1, 'the binaries were staged once');
  }
  const keygen = spawnSync(process.execPath, ['bin/caas.mjs', 'keygen', '--out', 'keys'], { cwd: project, encoding: 'utf8' });
  assert.equal(keygen.status, 0, keygen.stderr);
  const created = spawnSync(process.execPath, ['bin/caas.mjs', 'partner', 'create', '--name', 'Anywhere', '--public-key', 'keys/public.pem'], { cwd: project, encoding: 'utf8', env: { ...process.env, DATABASE_URL: '', CAAS_DATA_DIR: '', CAAS_SYSTEM_DIR: systemDir } });
  assert.equal(created.status, 0, created.stderr);
  await signalNpmAndCheck(first, dataDir, 'SIGTERM');

  const second = await npmStart(project, { CAAS_SYSTEM_DIR: systemDir });
  await ready(second);
  const listed = spawnSync(process.execPath, ['bin/caas.mjs', 'partner', 'list', '--json'], { cwd: project, encoding: 'utf8', env: { ...process.env, DATABASE_URL: '', CAAS_DATA_DIR: '', CAAS_SYSTEM_DIR: systemDir } });
  assert.deepEqual((JSON.parse(listed.stdout) as { name: string }[]).map((p) => p.name), ['Anywhere']);
  await signalNpmAndCheck(second, dataDir, 'SIGINT');
});

test('as root with no usable system folder: one line of advice, no folder left, and the advice works', { skip: !isRoot && 'only root runs PostgreSQL as another user' }, async () => {
  const project = clone();
  const blocker = path.join(tempDir('caas-blocker-', 0o755), 'a-file');
  fs.writeFileSync(blocker, ''); // a folder cannot be created under a file (ENOTDIR)
  const failed = await npmStart(project, { CAAS_SYSTEM_DIR: path.join(blocker, 'caas') });
  assert.notEqual(await failed.exited, 0);
  const lines = failed.output().split('\n').filter((l) => l.startsWith('caas serve:'));
  assert.equal(lines.length, 1, failed.output());
  assert.doesNotMatch(failed.output(), /^\s+at /m, 'a stack was printed');
  assert.equal(fs.existsSync(path.join(project, '.caas')), false, 'the failed first start left its data folder behind');
  const advice = /Run instead: (CAAS_SYSTEM_DIR=(\S+) npm start) /.exec(lines[0]!);
  assert.ok(advice, lines[0]);
  const suggested = advice[2]!;
  const existedBefore = fs.existsSync(suggested);
  cleanups.push(() => removeSuggested(suggested, existedBefore, path.join(project, '.caas')));
  const followed = await npmStart(project, {}, { shell: advice[1]! });
  await ready(followed);
  const { pid, pgDir } = postmaster(path.join(project, '.caas'));
  assert.ok(pgDir.startsWith(`${suggested}/clusters/`), pgDir);
  process.kill(-(followed.child.pid as number), 'SIGINT'); // the terminal's Ctrl-C: the whole group
  await followed.exited; // the shell dies of the signal at once; npm and node drain and stop
  for (let i = 0; i < 300 && alive(pid); i += 1) await new Promise((r) => setTimeout(r, 100));
  assert.equal(alive(pid), false, 'PostgreSQL still runs');
});

test('as a normal user, in a 0700 folder of theirs', { skip: !isRoot && 'needs root to create the user' }, async () => {
  spawnSync('sh', ['-c', 'id caas-e2e >/dev/null 2>&1 || useradd --system --create-home --home-dir /var/tmp/caas-e2e-home caas-e2e']);
  const uid = Number(spawnSync('id', ['-u', 'caas-e2e'], { encoding: 'utf8' }).stdout.trim());
  const gid = Number(spawnSync('id', ['-g', 'caas-e2e'], { encoding: 'utf8' }).stdout.trim());
  const project = clone({ uid, gid });
  const started = await npmStart(project, { HOME: project, npm_config_cache: path.join(project, '.npm') }, { uid, gid });
  await ready(started);
  const { pid } = postmaster(path.join(project, '.caas'));
  assert.equal(fs.statSync(`/proc/${pid}`).uid, uid, 'PostgreSQL runs as the user');
  await signalNpmAndCheck(started, path.join(project, '.caas'), 'SIGTERM');
});

test('npm test as root in a 0700 folder: the advice names a variable the runner reads, and works', { skip: !isRoot && 'only root runs PostgreSQL as another user' }, async () => {
  const project = clone();
  const blocker = path.join(tempDir('caas-blocker-', 0o755), 'a-file');
  fs.writeFileSync(blocker, '');
  const run = (command: string, env: Record<string, string>) =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      // NODE_TEST_CONTEXT would make the inner node --test skip its files (it thinks it is nested).
      const { NODE_TEST_CONTEXT: _nested, ...outer } = process.env;
      const child = spawn('sh', ['-c', command], { cwd: project, env: { ...outer, DATABASE_URL: '', CAAS_TEST_DATA_DIR: '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (c) => (output += c.toString()));
      child.stderr.on('data', (c) => (output += c.toString()));
      child.on('exit', (code) => resolve({ code, output }));
    });
  const failed = await run('npm test -- src/platform/documents', { CAAS_SYSTEM_DIR: path.join(blocker, 'caas') });
  assert.notEqual(failed.code, 0);
  const line = failed.output.split('\n').find((l) => l.startsWith('npm test:'));
  assert.ok(line, failed.output);
  assert.doesNotMatch(failed.output, /^\s+at /m, 'a stack was printed');
  assert.equal(fs.existsSync(path.join(project, '.caas-test')), false, 'the failed first start left its data folder behind');
  const advice = /Run instead: (CAAS_SYSTEM_DIR=(\S+) npm test) /.exec(line);
  assert.ok(advice, line);
  assert.match(fs.readFileSync(path.join(project, 'scripts/test.ts'), 'utf8'), /process\.env\.CAAS_SYSTEM_DIR/, 'the runner reads the variable it names');
  const suggested = advice[2]!;
  const existedBefore = fs.existsSync(suggested);
  cleanups.push(() => removeSuggested(suggested, existedBefore, path.join(project, '.caas-test')));
  const followed = await run(`${advice[1]} -- src/platform/documents`, {});
  assert.equal(followed.code, 0, followed.output);
  assert.match(followed.output, /ℹ pass [1-9]/);
});

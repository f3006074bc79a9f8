// The server the demo talks to: the one already answering at the URL (given, or this
// configuration's PUBLIC_URL), or a `caas serve` it starts itself on 127.0.0.1 and stops at the
// end (same configuration, so the same database: the data stays behind).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../platform/db/embedded.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** A first start compiles the sources and may create the embedded PostgreSQL: give it time. */
const READY_TIMEOUT_MS = 180_000;

export interface DemoServer {
  url: string;
  startedHere: boolean;
  stop(): Promise<void>;
}

export async function isReady(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/health/ready`, { signal: AbortSignal.timeout(2_000) })).status === 200;
  } catch {
    return false;
  }
}

async function waitReady(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!(await isReady(url))) {
    if (child.exitCode !== null) throw new Error(`caas serve exited during start-up:\n${log()}`);
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`caas serve not ready in ${READY_TIMEOUT_MS / 1000} s:\n${log()}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

export async function startOwnServer(): Promise<DemoServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, [path.join(ROOT, 'bin/caas.mjs'), 'serve'], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: url, CAAS_WORKERS: 'true' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => (log = `${log}${chunk.toString('utf8')}`.slice(-8_000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitReady(url, child, () => log);
  return {
    url,
    startedHere: true,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

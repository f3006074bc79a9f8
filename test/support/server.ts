// A real `caas serve` in a child process, listening on 127.0.0.1 at a free port, for end-to-end
// tests (restarts, kill -9, several instances on one database). Always stopped by the test.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../src/platform/db/embedded.js';

export { freePort };

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const READY_TIMEOUT_MS = 120_000; // a cold tsx compile on a loaded 2-core machine takes tens of seconds

export interface RunningServer {
  url: string;
  port: number;
  child: ChildProcess;
  output(): string;
  kill(signal?: NodeJS.Signals): Promise<number | null>;
}


export async function startServer(env: Record<string, string>, port?: number): Promise<RunningServer> {
  const chosen = port ?? (await freePort());
  const url = `http://127.0.0.1:${chosen}`;
  let log = '';
  const child = spawn(process.execPath, [path.join(ROOT, 'bin/caas.mjs'), 'serve'], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(chosen), PUBLIC_URL: url, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk) => (log += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited during start-up:\n${log}`);
    try {
      const response = await fetch(`${url}/health/ready`);
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready in ${READY_TIMEOUT_MS} ms:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port: chosen,
    child,
    output: () => log,
    kill: async (signal = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

// A lock file left by a killed PostgreSQL names a pid the system may have handed to another process
// since (pid_max is 32768 on many machines): stopping that cluster must never signal that process.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { stopEmbedded } from './embedded.js';

test('a stale postmaster.pid naming a live process that is not its PostgreSQL: stop sends it nothing', async (t) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'caas-stale-lock-'));
  const stranger = spawn('sleep', ['30'], { stdio: 'ignore' });
  t.after(() => {
    stranger.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const pgDir = path.join(dataDir, 'pg');
  fs.mkdirSync(pgDir);
  // postmaster.pid's layout: pid, data dir, start time, port, ...
  fs.writeFileSync(path.join(pgDir, 'postmaster.pid'), `${stranger.pid}\n${pgDir}\n0\n5432\n`);
  await stopEmbedded(dataDir);
  await new Promise((r) => setTimeout(r, 100));
  assert.equal(stranger.exitCode, null);
  assert.equal(stranger.signalCode, null, 'the stranger got a signal');
});

// Start-up errors (issue 15): one clear line on stderr, the stack only with LOG_LEVEL=debug, and a
// failed first start leaves no folder behind.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { openEmbedded } from '../../src/platform/db/embedded.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function serve(env: Record<string, string>) {
  return spawnSync(process.execPath, [path.join(ROOT, 'bin/caas.mjs'), 'serve'], { cwd: ROOT, env: { ...process.env, DATABASE_URL: '', ...env }, encoding: 'utf8' });
}

test('a configuration error: one line naming every problem; the stack only at debug level; no folder made', () => {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'caas-errors-'));
  const dataDir = path.join(parent, 'data');
  try {
    const plain = serve({ CAAS_DATA_DIR: dataDir, PORT: 'eighty', LOG_LEVEL: 'info' });
    assert.equal(plain.status, 1);
    assert.match(plain.stderr, /^caas serve: invalid configuration: PORT [^\n]*\n$/);
    const debug = serve({ CAAS_DATA_DIR: dataDir, PORT: 'eighty', LOG_LEVEL: 'debug' });
    assert.equal(debug.status, 1);
    assert.match(debug.stderr, /^caas serve: invalid configuration: PORT [^\n]*\n/);
    assert.match(debug.stderr, /^\s+at /m, 'debug shows the stack');
    assert.equal(fs.existsSync(dataDir), false);
  } finally {
    fs.rmSync(parent, { recursive: true, force: true });
  }
});

test('a failed first start removes the folders it created', { skip: os.userInfo().uid !== 0 && 'the unusable-system-folder case exists only as root' }, async () => {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'caas-errors-')); // 0700: the postgres user cannot reach it
  const blocker = path.join(parent, 'a-file');
  fs.writeFileSync(blocker, '');
  const dataDir = path.join(parent, 'deep', 'er', 'data');
  try {
    await assert.rejects(openEmbedded(dataDir, 'client', { systemDir: path.join(blocker, 'caas'), rerun: 'npm start' }), (error: Error) => {
      assert.match(error.message, /^the postgres OS user cannot reach .*\. Run instead: CAAS_SYSTEM_DIR=\S+ npm start /);
      assert.doesNotMatch(error.message, /\n/);
      return true;
    });
    assert.deepEqual(fs.readdirSync(parent), ['a-file'], 'folders were left behind');
  } finally {
    fs.rmSync(parent, { recursive: true, force: true });
  }
});

// The pool's connections (issue 14): kept warm for LIMITS.DB_POOL_IDLE_TIMEOUT_MS between bursts
// (node-postgres's 10 s default re-authenticated and re-prepared inside requests), yet an idle pool
// never holds a finished process open.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../../test/support/db.js';
import { LIMITS } from '../config/limits.js';
import { poolStats } from './pool.js';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');
let database: TestDatabase;
before(async () => {
  database = await createTestDatabase();
});
after(async () => {
  await database.drop();
});

test('the idle timeout is the named limit, minutes rather than node-postgres default 10 s', () => {
  assert.equal(poolStats(database.db)?.idleTimeout_ms, LIMITS.DB_POOL_IDLE_TIMEOUT_MS);
  assert.ok(LIMITS.DB_POOL_IDLE_TIMEOUT_MS >= 60_000);
});

test('connections kept idle for minutes send TCP keepalive probes (a middlebox may drop a quiet flow)', () => {
  assert.equal(poolStats(database.db)?.keepAliveDelay_ms, LIMITS.DB_KEEPALIVE_INITIAL_DELAY_MS);
  assert.ok(LIMITS.DB_KEEPALIVE_INITIAL_DELAY_MS < LIMITS.DB_POOL_IDLE_TIMEOUT_MS);
});

test('a connection left idle in the pool does not keep a finished script running', async () => {
  const script = `
    import { sql } from 'kysely';
    import { createDb } from './src/platform/db/pool.ts';
    const db = createDb(process.env.URL);
    await sql\`select 1\`.execute(db);
    console.log('queried');`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, env: { ...process.env, URL: database.url }, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  // Far below the idle timeout: only allowExitOnIdle lets it end this soon.
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  const code = await exited;
  clearTimeout(timer);
  assert.equal(code, 0);
  assert.match(out, /queried/);
  const { rows } = await sql<{ one: number }>`select 1 as one`.execute(database.db);
  assert.equal(rows[0]?.one, 1);
});

// `npm test`: the type checker first (fail fast), then one PostgreSQL for the whole run (DATABASE_URL, or an embedded one under
// CAAS_TEST_DATA_DIR, default .caas-test/; as root, CAAS_SYSTEM_DIR as for npm start), migrated
// once into a template database; each test file clones its own database from the template
// (test/support/db.ts), so files run in parallel without sharing state.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { adminExecute, adminQuery, withDatabase } from '../src/platform/db/admin.js';
import { openEmbedded, stopEmbedded } from '../src/platform/db/embedded.js';
import { migrate } from '../src/platform/db/migrate.js';
import { ensureSystemTools } from './system-tools.js';

// Names scoped to this run, so two runs on one PostgreSQL never drop each other's databases.
const RUN_ID = `${process.pid.toString(36)}${Date.now().toString(36)}`;
const TEMPLATE = `caas_tpl_${RUN_ID}`;
const TEST_DB_PREFIX = `caas_t_${RUN_ID}_`;
const ROOTS = ['src', 'test'];
// Every run holds one connection under this name while it lasts: several runs in one checkout
// share the embedded PostgreSQL, and only the last one to finish may stop it. A crashed run's
// connection closes with it, so it never keeps the server alive.
const RUN_APPLICATION_NAME = 'caas-test-run';

function findTests(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) findTests(full, out);
    else if (entry.name.endsWith('.test.ts')) out.push(full);
  }
  return out;
}



async function dropTestDatabases(url: string): Promise<void> {
  const rows = await adminQuery<{ datname: string }>(url, 'select datname from pg_database where datname like $1 or datname = $2', [`${TEST_DB_PREFIX}%`, TEMPLATE]);
  await adminExecute(url, rows.map((r) => `drop database if exists "${r.datname}" with (force)`));
}

/** `tsc --noEmit` before any test (issue 13): a type error fails the run at once, before PostgreSQL starts. */
function typecheck(): boolean {
  const tsc = path.join('node_modules', 'typescript', 'bin', 'tsc');
  console.log('tests: type checking (tsc --noEmit)');
  const result = spawnSync(process.execPath, [tsc, '--noEmit'], { stdio: 'inherit' });
  return result.status === 0;
}

async function main(): Promise<number> {
  if (!typecheck()) {
    console.error('npm test: the type checker failed; no test ran');
    return 1;
  }
  const filters = process.argv.slice(2);
  const files = ROOTS.filter((r) => fs.existsSync(r)).flatMap((r) => findTests(r)).sort().filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)));
  ensureSystemTools((line) => console.log(line));
  // An empty variable counts as unset, as for npm start.
  const external = process.env.DATABASE_URL || null;
  const dataDir = path.resolve(process.env.CAAS_TEST_DATA_DIR || '.caas-test');
  const embedded = external ? null : await openEmbedded(dataDir, 'server', { systemDir: process.env.CAAS_SYSTEM_DIR, rerun: 'npm test' });
  const baseUrl = external ?? (embedded as { url: string }).url;
  console.log(`tests: ${files.length} files against ${external ? 'DATABASE_URL' : 'embedded PostgreSQL'}`);
  const presence = new pg.Client({ connectionString: withDatabase(baseUrl, 'postgres'), application_name: RUN_APPLICATION_NAME });
  presence.on('error', () => undefined);
  try {
    await presence.connect();
    await adminExecute(baseUrl, [`create database ${TEMPLATE}`]);
    await migrate(withDatabase(baseUrl, TEMPLATE));
    const args = ['--import', 'tsx', '--test', '--test-reporter=spec', `--test-concurrency=${process.env.CAAS_TEST_CONCURRENCY ?? '2'}`, ...files];
    const code = await new Promise<number>((resolve) => {
      const child = spawn(process.execPath, args, { stdio: 'inherit', env: { CAAS_ANSWER_CACHE: 'verify', ...process.env, CAAS_TEST_DATABASE_URL: baseUrl, CAAS_TEST_TEMPLATE: TEMPLATE, CAAS_TEST_DB_PREFIX: TEST_DB_PREFIX } });
      child.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0)));
    });
    return code;
  } finally {
    await dropTestDatabases(baseUrl).catch((error: unknown) => console.error(`could not drop test databases: ${(error as Error).message}`));
    const others = await otherRuns(presence);
    await presence.end().catch(() => undefined);
    if (embedded !== null && others > 0) console.log('tests: another test run still uses the embedded PostgreSQL; the last one stops it');
    if (embedded !== null && others === 0) await stopEmbedded(dataDir);
  }
}

async function otherRuns(presence: pg.Client): Promise<number> {
  try {
    const { rows } = await presence.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where application_name = $1 and pid <> pg_backend_pid()', [RUN_APPLICATION_NAME]);
    return rows[0]?.n ?? 0;
  } catch {
    return 0; // our presence never connected, or the server is gone: nothing to share
  }
}

// A failure to set up (no PostgreSQL, missing tools) is one line saying what to do; the stack only
// with LOG_LEVEL=debug.
process.exitCode = await main().catch((error: unknown) => {
  console.error(`npm test: ${(error as Error).message}`);
  if (['debug', 'trace'].includes((process.env.LOG_LEVEL ?? '').toLowerCase())) console.error((error as Error).stack);
  return 1;
});

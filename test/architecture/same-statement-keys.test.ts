// Migration 0058 dropped three foreign keys whose referencing row takes its key from the row the
// same statement inserts: callback_events.job_id (the outbox statement's job), and the boleto's and
// the charge's installment links (row-with-links.ts: the row's id parameter). That is only a guarantee while
// these are the only statements inserting such rows: this test fails when another source file
// (src/, bench/, scripts/, packages/) inserts into one of the three tables, or when the two
// statements stop taking the key that way. The volume seed (bench/seed-1m.ts) clones the links
// too, by a table name built at run time: it is the one other writer, and checks its own links
// before each commit (assertNoOrphanLinks). bench/row-return-micro.ts writes boletos through
// collection-repository's own BOLETO_INSERT (no writer of its own).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const TABLES = ['callback_events', 'receivable_boleto_installments', 'receivable_charge_installments'];
const ROOTS = ['src', 'bench', 'scripts', 'packages'];

/** Source files (not tests, not declarations) under `dir`, node_modules and build output aside. */
function sourceFiles(dir: string, out: string[] = []): string[] {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!['node_modules', 'dist'].includes(entry.name)) sourceFiles(full, out);
    } else if (/\.(ts|tsx|mts|js|mjs)$/.test(entry.name) && !/\.test(-util)?\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/**
 * Files naming one of the tables in an insert or a copy (kysely's or SQL text, schema-qualified or
 * quoted or not), handing it to rowWithLinksStatement, or naming it in a file that inserts into a
 * table whose name is built at run time.
 */
function writers(files: ReadonlyMap<string, string>): string[] {
  const found: string[] = [];
  const dynamic = /insert\s+into\s+\$\{|copy\s+\$\{|insertInto\(\s*[^'"\s)]/i;
  for (const [file, text] of files) {
    for (const table of TABLES) {
      const name = `(?:"?\\w+"?\\.)?"?${table}\\b`;
      const insert = new RegExp(`insertInto\\(\\s*['"](?:\\w+\\.)?${table}['"]|insert\\s+into\\s+${name}|copy\\s+${name}`, 'i');
      if (insert.test(text)) found.push(`inserts into ${table}: ${file}`);
      else if (dynamic.test(text) && new RegExp(`['"\`]${table}['"\`]`).test(text)) found.push(`may insert into ${table} (a name built at run time): ${file}`);
      if (new RegExp(`rowWithLinksStatement[^;]*['"]${table}['"]`).test(text)) found.push(`links into ${table}: ${file}`);
    }
  }
  return found.sort();
}

test('0058: the outbox statement, row-with-links and the volume seed are the only writers of the tables whose keys are unchecked', () => {
  const files = new Map(ROOTS.flatMap((root) => sourceFiles(path.join(ROOT, root))).map((file) => [path.relative(ROOT, file), fs.readFileSync(file, 'utf8')]));
  assert.deepEqual(writers(files), [
    'inserts into callback_events: src/modules/callbacks/outbox.ts',
    'links into receivable_boleto_installments: src/modules/receivables/collections/collection-repository.ts',
    'links into receivable_charge_installments: src/modules/receivables/collections/collection-repository.ts',
    'may insert into receivable_boleto_installments (a name built at run time): bench/seed-1m.ts',
    'may insert into receivable_charge_installments (a name built at run time): bench/seed-1m.ts',
  ]);
  const outbox = files.get('src/modules/callbacks/outbox.ts')!.replace(/\s+/g, ' ');
  assert.match(outbox, /insert into callback_events \([^)]*job_id\) select [^;]*, j\.id from outbox_event e join outbox_job j on j\.event_id = e\.id::text/, "the event's job_id is the job inserted by the same statement");
  assert.match(outbox, /outbox_job as \( insert into jobs [^;]* returning id, payload ->> 'event_id' as event_id/);
  const links = files.get('src/modules/receivables/collections/row-with-links.ts')!;
  assert.match(links, /const picked = \[`\$\{parameter\('id'\)\}::uuid`, \.\.\.carried/, "each link's key is the parameter the row's id is bound to");
  assert.doesNotMatch(links, /insert into "\$\{linksTable\}"[^`]*"link"\.\*/, 'no link column copied blindly from the parameters');
  assert.match(links, /"row" as \(insert into "\$\{table\}" \(\$\{quotedNames\(columns\)\}\) values \(\$\{values\}\) returning \$\{quotedNames\(returned\)\}\)/, "the row's insert, unconditional");
  assert.doesNotMatch(links, /on\s+conflict/i, 'no row, no links: an insert that may skip the row (on conflict … do nothing) would keep its links (migration-0062.test.ts: no BEFORE INSERT trigger, no rule)');
  const seed = files.get('bench/seed-1m.ts')!;
  assert.match(seed, /await assertNoOrphanLinks\(client\);\s*\} catch \(error\) \{\s*await client\.query\('rollback'\);\s*throw error;\s*\}\s*await client\.query\('commit'\);/, "the seed checks its batch's links before committing it");
});

test('the checker sees a writer of each kind', () => {
  const files = new Map([
    ['src/modules/x.ts', "await tx.insertInto('callback_events').values(row).execute();"],
    ['src/modules/y.ts', 'await sql`insert into receivable_charge_installments (charge_id) values (${id})`.execute(db);'],
    ['src/modules/z.ts', "const S = rowWithLinksStatement('receivable_boletos', cols, 'receivable_boleto_installments', link);"],
    ['src/modules/ok.ts', "db.selectFrom('callback_events').selectAll()"],
    ['bench/q.ts', 'await client.query(`insert into public."receivable_boleto_installments" select * from x`);'],
    ['scripts/c.ts', 'await client.query(`copy receivable_charge_installments (charge_id) from stdin`);'],
    ['bench/d.ts', "const T = ['callback_events']; for (const t of T) await client.query(`insert into ${t} select 1`);"],
    ['packages/k.ts', "const t = 'callback_events'; await db.insertInto(t).values(row).execute();"],
    ['bench/r.ts', "const T = ['callback_events']; await client.query(`select * from ${T[0]}`);"],
  ]);
  assert.deepEqual(writers(files), [
    'inserts into callback_events: src/modules/x.ts',
    'inserts into receivable_boleto_installments: bench/q.ts',
    'inserts into receivable_charge_installments: scripts/c.ts',
    'inserts into receivable_charge_installments: src/modules/y.ts',
    'links into receivable_boleto_installments: src/modules/z.ts',
    'may insert into callback_events (a name built at run time): bench/d.ts',
    'may insert into callback_events (a name built at run time): packages/k.ts',
  ]);
});

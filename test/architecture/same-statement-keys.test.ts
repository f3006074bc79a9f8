// Migration 0058 dropped three foreign keys whose referencing row takes its key from the row the
// same statement inserts: callback_events.job_id (the outbox statement's job), and the boleto's and
// the charge's installment links (row-with-links.ts: the row's id parameter). That is only a guarantee while
// these are the only statements inserting such rows: this test fails when another source file
// inserts into one of the three tables, or when the two statements stop taking the key that way.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { sources } from './boundaries.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const TABLES = ['callback_events', 'receivable_boleto_installments', 'receivable_charge_installments'];

/** Files naming one of the tables in an insert (kysely's or SQL text), or handing it to rowWithLinksStatement. */
function writers(files: ReadonlyMap<string, string>): string[] {
  const found: string[] = [];
  for (const [file, text] of files) {
    for (const table of TABLES) {
      const insert = new RegExp(`insertInto\\(\\s*['"]${table}['"]|insert\\s+into\\s+"?${table}\\b`, 'i');
      if (insert.test(text)) found.push(`inserts into ${table}: ${file}`);
      if (new RegExp(`rowWithLinksStatement[^;]*['"]${table}['"]`).test(text)) found.push(`links into ${table}: ${file}`);
    }
  }
  return found.sort();
}

test('0058: the outbox statement and row-with-links are the only writers of the tables whose keys are unchecked', () => {
  const files = new Map(sources(path.join(ROOT, 'src')).map((file) => [path.relative(ROOT, file), fs.readFileSync(file, 'utf8')]));
  assert.deepEqual(writers(files), [
    'inserts into callback_events: src/modules/callbacks/outbox.ts',
    'links into receivable_boleto_installments: src/modules/receivables/collections/collection-repository.ts',
    'links into receivable_charge_installments: src/modules/receivables/collections/collection-repository.ts',
  ]);
  const outbox = files.get('src/modules/callbacks/outbox.ts')!.replace(/\s+/g, ' ');
  assert.match(outbox, /insert into callback_events \([^)]*job_id\) select [^;]*, j\.id from outbox_event e join outbox_job j on j\.event_id = e\.id::text/, "the event's job_id is the job inserted by the same statement");
  assert.match(outbox, /outbox_job as \( insert into jobs [^;]* returning id, payload ->> 'event_id' as event_id/);
  const links = files.get('src/modules/receivables/collections/row-with-links.ts')!;
  assert.match(links, /const picked = \[`\$\{parameter\('id'\)\}::uuid`, \.\.\.carried/, "each link's key is the parameter the row's id is bound to");
  assert.doesNotMatch(links, /insert into "\$\{linksTable\}"[^`]*"link"\.\*/, 'no link column copied blindly from the parameters');
});

test('the checker sees a writer of each kind', () => {
  const files = new Map([
    ['src/modules/x.ts', "await tx.insertInto('callback_events').values(row).execute();"],
    ['src/modules/y.ts', 'await sql`insert into receivable_charge_installments (charge_id) values (${id})`.execute(db);'],
    ['src/modules/z.ts', "const S = rowWithLinksStatement('receivable_boletos', cols, 'receivable_boleto_installments', link);"],
    ['src/modules/ok.ts', "db.selectFrom('callback_events').selectAll()"],
  ]);
  assert.deepEqual(writers(files), [
    'inserts into callback_events: src/modules/x.ts',
    'inserts into receivable_charge_installments: src/modules/y.ts',
    'links into receivable_boleto_installments: src/modules/z.ts',
  ]);
});

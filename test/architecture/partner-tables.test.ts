// Issue 13: the partners module owns its tables (partners, partner_keys, partner_callback_secrets).
// Every other source file reads a partner through src/modules/partners/index.ts (the read
// interface: partnerProfile, the directory, the listing subqueries). Fails when code outside the
// module names one of those tables in a query. Test files and fixtures are left out (tests may
// set up rows anywhere); comments are ignored.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const OWNER = 'src/modules/partners/';
const TABLE_RE = /\b(?:from|join|into|update)\s+partners\b|['"`]partners(?:\s+as\s+\w+)?['"`.]|\bpartner_keys\b|\bpartner_callback_secrets\b/i;

// Known readers still to move onto the read interface, each with why. One that no longer reads
// fails the second test (delete it: the code got better).
const KNOWN: readonly { file: RegExp; why: string }[] = [];

function sources(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sources(full, out);
    else if (/\.tsx?$/.test(entry.name) && !/(\.test|test-|fixture|fake)/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

function readers(): string[] {
  return sources(path.join(ROOT, 'src'))
    .map((file) => path.relative(ROOT, file))
    .filter((file) => !file.startsWith(OWNER) && TABLE_RE.test(withoutComments(fs.readFileSync(path.join(ROOT, file), 'utf8'))))
    .sort();
}

test('only the partners module reads the partner tables; the others use its read interface', () => {
  assert.deepEqual(readers().filter((file) => !KNOWN.some((k) => k.file.test(file))), []);
});

test('every listed reader still reads them (delete the ones that moved to the read interface)', () => {
  const found = readers();
  assert.deepEqual(KNOWN.filter((k) => !found.some((file) => k.file.test(file))).map((k) => k.why), []);
});

test('the check sees a query and ignores prose', () => {
  for (const text of ["db.selectFrom('partners')", "innerJoin('partners as pa', 'pa.id', 'x.partner_id')", 'select 1 from partners p', 'from partner_keys k']) assert.ok(TABLE_RE.test(withoutComments(text)), text);
  for (const text of ['// text comes from partners.', '/** the partners module */', 'const partners = 1;']) assert.ok(!TABLE_RE.test(withoutComments(text)), text);
});

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { BOLETO_AMOUNT_ERROR_CODE } from '../../modules/receivables/collections/boleto/barcode.js';
import { catalogueOfMarkdown, readMessageCatalogue, repositoryDocsDir } from './message-catalogue.js';

/** Literals of the source that look like codes but are not message codes. */
const NOT_MESSAGE_CODES = new Set([
  'ES256', 'HS256', 'HS512', 'PS256', 'RS256', 'RS384', 'RS512', // JWT algorithms
  'C0185', 'C0196', 'V0001', 'V0004', 'V0009', // halves of catalogue codes, joined as C0196/V0001 by pricingCode()
  'CI200', 'CI409', // caas's own SQLSTATEs, raised by the idempotency statements (migration 0056), never sent to a client
]);

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(full, out);
    else if (entry.name.endsWith('.ts') && !/\.(test|fixture)\.ts$|test-(fakes|fixtures|util)|\.test-util\.ts$/.test(entry.name)) out.push(full);
  }
  return out;
}

test('a table row whose cell is a code is an entry; runs of codes expand; other rows are not', () => {
  const markdown = ['| Code | Meaning |', '|---|---|', '| REQ003 | required field missing |', '| COB002–COB004 | none, unknown, paid |', '| `codigo` | optional uuid | GAR008 |', '| 4 | cancelled |', 'text REQ009 outside a table'].join('\n');
  const entries = catalogueOfMarkdown(markdown, 'docs/x.md');
  assert.deepEqual(entries.map((e) => e.code), ['REQ003', 'COB002', 'COB003', 'COB004', 'GAR008']);
  assert.equal(entries[0]?.meaning, 'required field missing');
  assert.equal(entries[4]?.meaning, '`codigo` · optional uuid');
});

test('every message code the source raises has a row in docs/ (the one catalogue)', () => {
  const documented = new Set(readMessageCatalogue().map((e) => e.code));
  const srcDir = path.join(path.dirname(repositoryDocsDir() as string), 'src');
  const raised = new Set<string>([BOLETO_AMOUNT_ERROR_CODE]);
  for (const file of sourceFiles(srcDir)) {
    for (const match of fs.readFileSync(file, 'utf8').matchAll(/'([A-Z]{1,5}\d{2,4}(?:\/[A-Z]\d{4})?)'/g)) raised.add(match[1] as string);
  }
  const missing = [...raised].filter((code) => !NOT_MESSAGE_CODES.has(code) && !documented.has(code));
  assert.deepEqual(missing, [], `codes without a row in docs/: ${missing.join(' ')}`);
});

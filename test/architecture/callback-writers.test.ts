// Issue 13: callbacks go through the command runner's outbox hook. Producers emit events with
// ctx.enqueue (callbacks' emitCallback builds them); only the callbacks module writes callback
// rows, and only the composition root (src/bindings.ts) hands its writer to the runners. Fails
// when another file writes callback_events or reaches for the row-writing functions.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { sources } from './boundaries.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const WRITES_ROWS = /insertInto\(\s*['"]callback_events['"]|insert\s+into\s+callback_events\b/i;
const ROW_WRITERS = /\b(enqueueCallback|writeCallbackOutbox)\b|modules\/callbacks\/outbox(\.js)?['"]/;
const COMPOSITION_ROOT = new Set(['src/bindings.ts']);

/** What breaks the rule, one line per file: "rule: file". `files`: path relative to the root → text. */
function callbackWriterViolations(files: ReadonlyMap<string, string>): string[] {
  const found: string[] = [];
  for (const [file, text] of files) {
    if (file.startsWith('src/modules/callbacks/')) continue;
    if (WRITES_ROWS.test(text)) found.push(`writes callback rows: ${file}`);
    if (!COMPOSITION_ROOT.has(file) && ROW_WRITERS.test(text)) found.push(`uses the callback row writer: ${file}`);
  }
  return found.sort();
}

function sourceTexts(): Map<string, string> {
  return new Map(sources(path.join(ROOT, 'src')).map((file) => [path.relative(ROOT, file), fs.readFileSync(file, 'utf8')]));
}

test('only the callbacks module writes callback rows, and only the composition root hands its writer out', () => {
  assert.deepEqual(callbackWriterViolations(sourceTexts()), []);
});

test('the checker sees each kind of violation', () => {
  const files = new Map([
    ['src/modules/receivables/x.ts', "await tx.insertInto('callback_events').values(row).execute();"],
    ['src/modules/payees/y.ts', "import { enqueueCallback } from '../callbacks/outbox.js';"],
    ['src/cli/z.ts', "await sql`insert into callback_events (id) values (${id})`.execute(db);"],
    ['src/console/w.ts', "import { writeCallbackOutbox } from '../modules/callbacks/index.js';"],
    ['src/bindings.ts', "import { writeCallbackOutbox } from './modules/callbacks/index.js';"],
    ['src/modules/callbacks/outbox.ts', "await tx.insertInto('callback_events').values(row).execute();"],
    ['src/modules/receivables/ok.ts', "emitCallback(enqueue, partnerId, event);"],
  ]);
  assert.deepEqual(callbackWriterViolations(files), [
    'uses the callback row writer: src/console/w.ts',
    'uses the callback row writer: src/modules/payees/y.ts',
    'writes callback rows: src/cli/z.ts',
    'writes callback rows: src/modules/receivables/x.ts',
  ]);
});

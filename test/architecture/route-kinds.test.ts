// Issue 13: every partner operation is a command or a query in domain terms. Its route file maps
// wire → input and result → answer with defineCommandRoute or defineQueryRoute; a handler on the
// wire body (defineRoute called directly) is what both are built on and is used nowhere else.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { sources } from './boundaries.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const DEFINING_FILE = 'src/platform/http/route.ts';
const DIRECT = /\bdefineRoute\s*\(/;
const DOMAIN_ROUTE = /\bdefine(Command|Query)Route\s*\(/;

/** What breaks the rule, one line per file. `files`: path relative to the root → text. */
function routeKindViolations(files: ReadonlyMap<string, string>): string[] {
  const found: string[] = [];
  for (const [file, text] of files) {
    if (file === DEFINING_FILE) continue;
    if (DIRECT.test(text)) found.push(`a handler on the wire body: ${file}`);
    if (file.endsWith('.route.ts') && !DOMAIN_ROUTE.test(text)) found.push(`a route that is neither a command nor a query: ${file}`);
  }
  return found.sort();
}

test('every route is a command route or a query route', () => {
  const files = new Map(sources(path.join(ROOT, 'src')).map((file) => [path.relative(ROOT, file), fs.readFileSync(file, 'utf8')]));
  assert.ok([...files.keys()].filter((f) => f.endsWith('.route.ts')).length >= 18, 'the route files are found');
  assert.deepEqual(routeKindViolations(files), []);
});

test('the checker sees each kind of violation', () => {
  const files = new Map([
    ['src/modules/x/old.route.ts', 'export const route = defineRoute(spec, async (body, ctx) => ok);'],
    ['src/modules/x/new.route.ts', 'export const route = defineQueryRoute(spec, { input, query, view });'],
  ]);
  assert.deepEqual(routeKindViolations(files), ['a handler on the wire body: src/modules/x/old.route.ts', 'a route that is neither a command nor a query: src/modules/x/old.route.ts']);
});

// Issue 13: self-describing modules. Every folder under src/modules/ exports one descriptor from
// its public entry, listed once in src/descriptors.ts (what compose.ts assembles), named by its
// folder, declaring exactly the tables of its tables.ts (each table owned by one module).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { MODULES } from '../../src/descriptors.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const MODULES_DIR = path.join(ROOT, 'src', 'modules');

function folders(): string[] {
  return fs.readdirSync(MODULES_DIR, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
}

/** The keys of the `…Tables` interface a module's tables.ts declares (none without a tables.ts). */
function declaredTables(module: string): string[] {
  const file = path.join(MODULES_DIR, module, 'tables.ts');
  if (!fs.existsSync(file)) return [];
  const body = /^export interface \w+Tables \{([\s\S]*?)^\}/m.exec(fs.readFileSync(file, 'utf8'))?.[1] ?? '';
  return [...body.matchAll(/^\s+(\w+):/gm)].map((m) => m[1]!).sort();
}

test('every module folder has one descriptor, listed once, named by its folder', () => {
  assert.deepEqual(MODULES.map((m) => m.name).sort(), folders());
});

test("each descriptor declares exactly its tables.ts tables, and no table has two owners", () => {
  for (const module of MODULES) assert.deepEqual([...module.tables].sort(), declaredTables(module.name), module.name);
  const all = MODULES.flatMap((m) => m.tables);
  assert.equal(new Set(all).size, all.length);
});

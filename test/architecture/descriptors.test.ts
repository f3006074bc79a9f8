// Issue 13: self-describing modules. Every folder under src/modules/ exports one descriptor from
// its public entry, listed once in src/descriptors.ts (what compose.ts assembles), named by its
// folder, declaring exactly the tables of its tables.ts (each table owned by one module), its
// settings parser when it has a settings.ts, and the operations of its *.schema.ts files; every
// route, command and job kind the composition root registers is declared by exactly one module.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { commandCatalogue, jobKinds, moduleContext } from '../../src/compose.js';
import { loadConfig } from '../../src/config.js';
import { ALL_SPECS, MODULES } from '../../src/descriptors.js';
import { fixedClock } from '../../src/platform/clock.js';
import { createDb } from '../../src/platform/db/pool.js';
import type { OperationSpec } from '../../src/platform/http/operation-spec.js';

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

/** Every file under a module folder whose name ends with `suffix` (test files left out). */
function filesOf(module: string, suffix: string): string[] {
  const dir = path.join(MODULES_DIR, module);
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith(suffix) && !f.endsWith('.test.ts')).map((f) => path.join(dir, f)).sort();
}

test('a module with a settings.ts declares its settings parser, under its own name (config.<name>)', () => {
  for (const module of MODULES) {
    assert.equal(module.settings !== undefined, fs.existsSync(path.join(MODULES_DIR, module.name, 'settings.ts')), module.name);
    if (module.settings) assert.equal(module.settings.key, module.name);
  }
  const config = loadConfig({});
  for (const module of MODULES.filter((m) => m.settings)) assert.equal(typeof (config as unknown as Record<string, unknown>)[module.name], 'object', module.name);
});

test("each module declares exactly the operations of its *.schema.ts files, and no operation has two owners", async () => {
  for (const module of MODULES) {
    const specs = await Promise.all(filesOf(module.name, '.schema.ts').map(async (file) => ((await import(pathToFileURL(file).href)) as { spec?: OperationSpec }).spec));
    const own = specs.filter((s): s is OperationSpec => s !== undefined).map((s) => s.operationId).sort();
    assert.deepEqual((module.operations ?? []).map((s) => s.operationId).sort(), own, module.name);
  }
  const ids = ALL_SPECS.map((s) => s.operationId);
  assert.equal(new Set(ids).size, ids.length);
});

// The descriptors' factories as the composition root calls them; nothing here reaches the
// database (pg connects lazily), so no PostgreSQL is needed.
const db = createDb('postgres://127.0.0.1:9/unused');
after(() => db.destroy());
const ctx = moduleContext(db, fixedClock('2026-11-23T12:00:00Z'), loadConfig({}));

/** name → the modules declaring it. */
function owners(declared: (module: (typeof MODULES)[number]) => readonly string[]): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const module of MODULES) for (const name of declared(module)) found.set(name, [...(found.get(name) ?? []), module.name]);
  return found;
}

function declaredTwice(found: Map<string, string[]>): string[] {
  return [...found].filter(([, modules]) => modules.length !== 1).map(([name, modules]) => `${name}: ${modules.join(', ')}`);
}

test('every operation is served by exactly one route, of one module', () => {
  const found = owners((m) => (m.routes?.(ctx) ?? []).map((r) => r.spec.operationId));
  assert.deepEqual(declaredTwice(found), []);
  assert.deepEqual([...found.keys()].sort(), ALL_SPECS.map((s) => s.operationId).sort());
});

test('every command is declared by exactly one module (its commands, or a command one of its routes runs)', () => {
  const found = owners((m) => {
    const routes = (m.routes?.(ctx) ?? []).flatMap((r) => (typeof r.handler === 'function' ? [] : [r.handler.command.name]));
    return [...new Set([...(m.commands?.(ctx) ?? []).map((c) => c.name), ...routes])];
  });
  assert.deepEqual(declaredTwice(found), []);
  assert.deepEqual([...commandCatalogue(ctx).keys()].sort(), [...found.keys()].sort());
  for (const expected of ['proposal.approve', 'boleto.pay', 'partner.create', 'payee.register', 'callbacks.redeliver']) assert.ok(found.has(expected), expected);
});

test('every job kind is declared by exactly one module; adapting them declares none', () => {
  const found = owners((m) => Object.keys(m.jobs?.(ctx) ?? {}));
  assert.deepEqual(declaredTwice(found), []);
  assert.deepEqual(Object.keys(jobKinds(ctx)).sort(), [...found.keys()].sort());
});

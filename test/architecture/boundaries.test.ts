// Issue 13: the import boundaries. Fails when platform imports a module, when a module imports
// another module's internals instead of its public entry (src/modules/<name>/index.ts), or when a
// module imports a face (src/cli, another module's routes), or when a file of src/ other than a
// test imports test/ (the dependency goes test → src only). The code of today breaks these rules in
// known places: each is listed below with why, as a (from, to) pattern. A new violation fails the
// test; so does an exception that no longer matches anything (delete it: the code got better).
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { importEdges, violations } from './boundaries.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

interface Exception {
  from: RegExp;
  to: RegExp;
  why: string;
}

const KNOWN: readonly Exception[] = [
  // Modules → another module's internals (until each gets its index.ts).
];

function isKnown(line: string): boolean {
  const [, from, to] = /: (\S+) → (\S+)$/.exec(line) ?? [];
  return KNOWN.some((e) => e.from.test(from ?? '') && e.to.test(to ?? '') && !line.startsWith('module imports a face'));
}

test('imports respect the boundaries: platform knows no module, modules meet through index.ts, no module imports a face, src imports no test code', () => {
  const found = violations(importEdges(ROOT));
  assert.deepEqual(found.filter((line) => !isKnown(line)), [], 'new boundary violations (fix them, or list one in KNOWN with why)');
});

test('every listed exception still matches an import (delete the ones the code no longer needs)', () => {
  const found = violations(importEdges(ROOT));
  const stale = KNOWN.filter((e) => !found.some((line) => {
    const [, from, to] = /: (\S+) → (\S+)$/.exec(line) ?? [];
    return e.from.test(from ?? '') && e.to.test(to ?? '');
  }));
  assert.deepEqual(stale.map((e) => e.why), []);
});

test('the checker sees each kind of violation', () => {
  const edges = [
    { from: 'src/platform/x.ts', to: 'src/modules/a/y.ts' },
    { from: 'src/modules/a/x.ts', to: 'src/modules/b/internal.ts' },
    { from: 'src/modules/a/x.ts', to: 'src/modules/b/index.ts' },
    { from: 'src/modules/a/x.ts', to: 'src/modules/a/own.ts' },
    { from: 'src/modules/a/x.ts', to: 'src/cli/io.ts' },
    { from: 'src/modules/a/x.ts', to: 'src/modules/b/routes.ts' },
    { from: 'src/modules/a/x.ts', to: 'src/modules/b/pay.route.ts' },
    { from: 'src/modules/a/data.fixture.ts', to: 'test/support/db.ts' },
  ];
  assert.deepEqual(violations(edges), [
    "module imports a face: src/modules/a/x.ts → src/cli/io.ts",
    "module imports another module's internals: src/modules/a/x.ts → src/modules/b/internal.ts",
    "module imports another module's routes: src/modules/a/x.ts → src/modules/b/pay.route.ts",
    "module imports another module's routes: src/modules/a/x.ts → src/modules/b/routes.ts",
    'platform imports a module: src/platform/x.ts → src/modules/a/y.ts',
    'src imports test code: src/modules/a/data.fixture.ts → test/support/db.ts',
  ]);
});

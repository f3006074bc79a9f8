// docs/glossary.md's table "Wire operations → commands → files" (issue 13) stays true: one row for
// every operation of the interface, its kind as the operation declares it, the command name the
// route really runs, a function the named file declares, and a route file whose schema is that
// operation's. A new operation, a renamed command or a moved file fails here until the table says so.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { moduleContext, moduleRoutes } from '../../src/compose.js';
import { loadConfig } from '../../src/config.js';
import { ALL_SPECS } from '../../src/descriptors.js';
import { fixedClock } from '../../src/platform/clock.js';
import { createDb } from '../../src/platform/db/pool.js';
import type { OperationSpec } from '../../src/platform/http/operation-spec.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const HEADING = '## Wire operations → commands → files (issue 13)';

interface Row {
  path: string;
  kind: string;
  /** The command's name (`proposal.approve`), or null for a query. */
  command: string | null;
  fn: string;
  definedIn: string;
  route: string;
}

/** The rows of the table under HEADING (up to the next heading). */
function rows(): Row[] {
  const text = fs.readFileSync(path.join(ROOT, 'docs/glossary.md'), 'utf8');
  const start = text.indexOf(HEADING);
  assert.ok(start >= 0, `docs/glossary.md has no section "${HEADING}"`);
  const section = text.slice(start + HEADING.length).split(/^## /m)[0] as string;
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const cells = line.split('|').slice(1, -1).map((c) => c.trim());
      assert.equal(cells.length, 5, line);
      const [wire, kind, runs, definedIn, route] = cells as [string, string, string, string, string];
      const named = /^`([^`]+)`(?: \((\w+)\))?$/.exec(runs);
      assert.ok(named, `cannot read the command cell: ${runs}`);
      const command = named[2] === undefined ? null : (named[1] as string);
      return { path: wire.replace(/`/g, ''), kind, command, fn: named[2] ?? (named[1] as string), definedIn: definedIn.replace(/`/g, ''), route: route.replace(/`/g, '') };
    });
}

// The routes as the composition root builds them (pg connects lazily: no PostgreSQL needed).
const db = createDb('postgres://127.0.0.1:9/unused');
after(() => db.destroy());
const routes = moduleRoutes(moduleContext(db, fixedClock('2026-11-23T12:00:00Z'), loadConfig({})));

test('the glossary has one row per operation, and no row for anything else', () => {
  const listed = rows().map((r) => r.path);
  assert.equal(new Set(listed).size, listed.length, 'a path listed twice');
  assert.deepEqual([...listed].sort(), ALL_SPECS.map((s) => s.path).sort());
});

test("each row's kind and command name are those the operation's route runs", () => {
  const byPath = new Map(rows().map((r) => [r.path, r]));
  for (const route of routes) {
    const row = byPath.get(route.spec.path) as Row;
    assert.equal(row.kind, route.spec.kind, route.spec.path);
    const command = typeof route.handler === 'function' ? null : route.handler.command.name;
    assert.equal(row.command, command, route.spec.path);
  }
});

test('each named file exists; the function is declared in its file; the route file serves that operation', async () => {
  for (const row of rows()) {
    for (const file of [row.definedIn, row.route]) assert.ok(fs.existsSync(path.join(ROOT, file)), `${row.path}: ${file} does not exist`);
    const source = fs.readFileSync(path.join(ROOT, row.definedIn), 'utf8');
    assert.match(source, new RegExp(`export (?:async )?(?:function|const) ${row.fn}\\b`), `${row.path}: ${row.definedIn} declares no ${row.fn}`);
    const schema = /from '(\.\/[\w-]+\.schema)\.js'/.exec(fs.readFileSync(path.join(ROOT, row.route), 'utf8'))?.[1];
    assert.ok(schema, `${row.path}: ${row.route} imports no schema`);
    const { spec } = (await import(pathToFileURL(path.join(ROOT, path.dirname(row.route), `${schema}.ts`)).href)) as { spec: OperationSpec };
    assert.equal(spec.path, row.path, `${row.route} serves ${spec.path}`);
  }
});

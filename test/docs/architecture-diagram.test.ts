// docs/architecture.md's module diagram (issue 13) draws the modules' real dependencies: its
// arrows inside `subgraph modules` are exactly the imports between modules of src/ (types
// included; tests left out), and every module folder is in it.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { importEdges, moduleOf } from '../architecture/boundaries.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function diagram(): string {
  const text = fs.readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');
  const block = /subgraph modules\[[^\]]*\]\n([\s\S]*?)\n\s*end\n/.exec(text)?.[1];
  assert.ok(block, 'docs/architecture.md has no `subgraph modules[…]` diagram');
  return block;
}

test("the module diagram's arrows are the imports between modules, and it names every module", () => {
  const block = diagram();
  const drawn = [...block.matchAll(/^\s*(\w+) --> (\w+)\s*$/gm)].map((m) => `${m[1]} --> ${m[2]}`).sort();
  const real = new Set<string>();
  for (const { from, to } of importEdges(ROOT)) {
    const source = moduleOf(from);
    const target = moduleOf(to);
    if (source !== null && target !== null && source !== target) real.add(`${source} --> ${target}`);
  }
  assert.deepEqual(drawn, [...real].sort());
  const named = new Set(block.split(/\s+|-->/).filter(Boolean));
  const folders = fs.readdirSync(path.join(ROOT, 'src/modules'), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
  assert.deepEqual(folders.filter((m) => !named.has(m)), []);
});

// One style for status enums (issue 13): each is `export const XStatus = {...} as const` with English
// keys plus `export type XStatus`. No identifier declared in src may be named after the wire's
// `situacao` (`*Situacao*`), and no bare `Status` may be declared: the wire names (`situacao`,
// `situacaoAgenda`, ...) stay as schema properties and view fields, which this test does not read.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SRC = path.join(ROOT, 'src');
/** A declared name: `const X`, `let X`, `function X`, `type X`, `interface X`, `enum X`, `class X`. */
const DECLARATION_RE = /\b(?:const|let|var|function\*?|type|interface|enum|class)\s+([A-Za-z_$][\w$]*)/g;

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(full, out);
    else if (entry.name.endsWith('.ts')) out.push(full);
  }
  return out;
}

export function badStatusNames(text: string): string[] {
  return [...text.matchAll(DECLARATION_RE)].map((m) => m[1] as string).filter((name) => /Situacao/.test(name) || name === 'Status');
}

test('the rule catches Portuguese and bare status enum names, and lets the style through', () => {
  assert.deepEqual(badStatusNames('export const PayeeSituacao = {};\ntype SituacaoAgenda = 1;\nexport const Status = {};'), ['PayeeSituacao', 'SituacaoAgenda', 'Status']);
  assert.deepEqual(badStatusNames('export const PayeeStatus = {};\nexport type PayeeStatus = 1;\nconst situacao = row.situacao;'), []);
});

test('no *Situacao* identifier and no bare Status is declared in src', () => {
  const found = sourceFiles(SRC).flatMap((file) => badStatusNames(fs.readFileSync(file, 'utf8')).map((name) => `${path.relative(ROOT, file)}: ${name}`));
  assert.deepEqual(found, []);
});

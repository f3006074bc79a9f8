// Limits live in one file per module (issue 13): a `*_MAX` / `*_MIN` constant is declared only in
// src/modules/<module>/limits.ts, src/platform/config/limits.ts or a face's src/<face>/limits.ts (cli, console); each module has
// at most one limits file, at its root; a limit's name is declared once across all of them (shared
// limits such as the Pix key length have one home); and every limits file is checked at start-up.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SRC = path.join(ROOT, 'src');
/** `const X_MAX =`, `let X_MIN:`, `readonly X_MAX =` (a class field), at any indentation. */
const DECLARATION_RE = /^\s*(?:export\s+)?(?:(?:const|let|var)\s+|(?:static\s+)?readonly\s+)([A-Z][A-Z0-9_]*_(?:MAX|MIN))\b\s*[:=]/gm;
/** A key of the platform's LIMITS object: `  NAME_MAX: value,`. */
const KEY_RE = /^\s+([A-Z][A-Z0-9_]*_(?:MAX|MIN)):/gm;

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(full, out);
    else if (entry.name.endsWith('.ts') && !/\.test(-util)?\.ts$/.test(entry.name)) out.push(path.relative(ROOT, full));
  }
  return out;
}

/** A module's (src/modules/<m>/limits.ts), the platform's (src/platform/config/limits.ts) or a face's (src/cli, src/console). */
const isLimitsFile = (file: string) => /^src\/(modules\/[^/]+|platform\/config|(?!modules|platform)[^/]+)\/limits\.ts$/.test(file);
const FILES = sourceFiles(SRC);

test('no *_MAX / *_MIN constant is declared outside a limits file', () => {
  const stray = FILES.filter((f) => !isLimitsFile(f)).flatMap((file) => [...fs.readFileSync(path.join(ROOT, file), 'utf8').matchAll(DECLARATION_RE)].map((m) => `${file}: ${m[1]}`));
  assert.deepEqual(stray, []);
});

test('each module has at most one limits file, at its root', () => {
  const extra = FILES.filter((f) => path.basename(f) === 'limits.ts' && !isLimitsFile(f));
  assert.deepEqual(extra, []);
});

test('a limit is declared once across the limits files (shared limits have one home)', () => {
  const seen = new Map<string, string>();
  const twice: string[] = [];
  for (const file of FILES.filter(isLimitsFile)) {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    const names = new Set([...text.matchAll(DECLARATION_RE), ...(file === 'src/platform/config/limits.ts' ? text.matchAll(KEY_RE) : [])].map((m) => m[1] as string));
    for (const name of names) {
      if (seen.has(name)) twice.push(`${name}: ${seen.get(name)} and ${file}`);
      seen.set(name, file);
    }
  }
  assert.deepEqual(twice, []);
});

test('every limits file is checked at start-up (src/all-limits.ts lists them all)', async () => {
  const { MODULE_LIMITS, assertAllLimits } = await import('../../src/all-limits.js');
  const listed = Object.keys(MODULE_LIMITS).sort();
  const files = FILES.filter((f) => isLimitsFile(f) && f !== 'src/platform/config/limits.ts').map((f) => path.dirname(f).replace(/^src\/(modules\/)?/, '')).sort();
  assert.deepEqual(listed, files);
  assert.doesNotThrow(() => assertAllLimits());
});

// The documentation stands on its own: every link of README.md and docs/ stays inside the
// repository and points at a file that exists; no text names a path outside it (the interface
// is summarised in docs/interface.md). Web links (standards, RFCs) are allowed.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DOCUMENTS = ['README.md', ...fs.readdirSync(path.join(ROOT, 'docs')).filter((n) => n.endsWith('.md')).map((n) => `docs/${n}`)];
const LINK_RE = /\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;
/** Paths that leave the repository when written in a document (outside code that builds them). */
const OUTSIDE_RE = /\.\.\/shared\b|(?:^|[\s(`'"])\/work\//;

/** The prose lines of a Markdown text (code fences left out: code builds its own paths). */
function proseLines(text: string): [number, string][] {
  let fenced = false;
  return text.split('\n').flatMap((line, i): [number, string][] => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return [];
    }
    return fenced ? [] : [[i + 1, line]];
  });
}

function targetOf(document: string, link: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(link) || link.startsWith('#')) return null; // web, mailto, same page
  const file = decodeURIComponent(link.split('#')[0] as string);
  return path.resolve(ROOT, path.dirname(document), file);
}

test('every relative link of README.md and docs/ stays inside the repository and exists', () => {
  const problems: string[] = [];
  for (const document of DOCUMENTS) {
    const text = fs.readFileSync(path.join(ROOT, document), 'utf8');
    for (const match of text.matchAll(LINK_RE)) {
      const target = targetOf(document, match[1] as string);
      if (target === null) continue;
      if (path.isAbsolute(match[1] as string) || !target.startsWith(ROOT + path.sep)) problems.push(`${document}: ${match[1]} leaves the repository`);
      else if (!fs.existsSync(target)) problems.push(`${document}: ${match[1]} does not exist`);
    }
  }
  assert.deepEqual(problems, []);
});

test('no document names a file outside the repository (../shared, /work/…)', () => {
  const problems = DOCUMENTS.flatMap((document) =>
    proseLines(fs.readFileSync(path.join(ROOT, document), 'utf8')).flatMap(([n, line]) => (OUTSIDE_RE.test(line) ? [`${document}:${n}: ${line.trim()}`] : [])),
  );
  assert.deepEqual(problems, []);
});

test('docs/interface.md summarises the interface: every operation path is in it', async () => {
  const { ALL_SPECS } = await import('../../src/descriptors.js');
  const text = fs.readFileSync(path.join(ROOT, 'docs/interface.md'), 'utf8');
  for (const spec of ALL_SPECS) assert.ok(text.includes(spec.path.slice(1)), `${spec.path} missing from docs/interface.md`);
  assert.ok(text.includes('/connect/token'));
});

test('every repository path docs/architecture.md names exists (templates with <…>, * or NNNN aside)', () => {
  const text = fs.readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');
  const named = [...text.matchAll(/`((?:src|test|docs|bin|scripts|bench|packages)\/[^`\s#:]*)/g)].map((m) => (m[1] as string).replace(/[.,)]+$/, ''));
  const missing = [...new Set(named)].filter((p) => !/[<*]|NNNN/.test(p) && !fs.existsSync(path.join(ROOT, p)));
  assert.deepEqual(missing, []);
});

/** Every source file's text under the folders code lives in (what a document's identifiers must name). */
function codeText(): string {
  const read = (dir: string): string[] =>
    fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
      const rel = path.join(dir, e.name);
      if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'runs' ? [] : read(rel);
      return /\.(ts|mjs|js)$/.test(e.name) ? [fs.readFileSync(path.join(ROOT, rel), 'utf8')] : [];
    });
  return ['src', 'test', 'scripts', 'bin', 'bench'].filter((d) => fs.existsSync(path.join(ROOT, d))).flatMap(read).join('\n');
}

test('every code identifier docs/architecture.md names (`camelCase`, `PascalCase`, `call(…)`) exists in the code', () => {
  const text = fs.readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');
  const named = [...text.matchAll(/`([A-Za-z_$][\w$]*)(?:\([^`]*\))?`/g)].map((m) => m[1] as string).filter((name) => /^.+[A-Z]/.test(name) && /[a-z]/.test(name));
  const code = codeText();
  const missing = [...new Set(named)].filter((name) => !new RegExp(`\\b${name.replace(/\$/g, '\\$')}\\b`).test(code));
  assert.deepEqual(missing, []);
});

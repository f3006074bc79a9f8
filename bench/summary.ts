// Markdown tables from bench results (issue 14): the ratio table of one run, and with a second
// run (the 1 M-installment seed) each operation's p99 there against the first.
// Run: node --import tsx bench/summary.ts bench/results/latest.json [seeded.json]
import fs from 'node:fs';

interface Spread {
  median: number;
  min: number;
  max: number;
}
interface Cost {
  requests: number;
  cpu_us_per_request: number;
  pg_cpu_us_per_request: number;
  statements_per_request?: number;
  load_1m: number;
}
interface Row {
  operation: string;
  baseline_kind: string;
  subject_rps: Spread;
  subject_p99_ms: Spread;
  baseline_rps: Spread;
  baseline_p99_ms: Spread;
  rps_ratio: Spread;
  p99_ratio: Spread;
  unexpected: number;
  rounds: Array<{ subject: Cost; baseline: Cost }>;
}
interface Results {
  machine?: { load_at_start: number[]; load_at_end: number[] };
  server_rss_peak_mb: number;
  seeded_installments: number;
  operations: Row[];
}

const [small, seeded] = process.argv.slice(2).map((f) => JSON.parse(fs.readFileSync(f as string, 'utf8')) as Results);
if (!small) throw new Error('usage: bench/summary.ts <results.json> [seeded-results.json]');
const f = (x: number, d = 2) => x.toFixed(d);
const range = (s: Spread, d = 2) => `${f(s.median, d)} (${f(s.min, d)}–${f(s.max, d)})`;
const loads = (r: Row) => r.rounds.map((x) => x.subject.load_1m);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const cpu = (c: Cost) => c.cpu_us_per_request + c.pg_cpu_us_per_request;
/** CPU (server + PostgreSQL) per request of the baseline over the subject's: stable under load. */
const counted = (r: Row) => r.rounds.filter((x) => x.subject.requests > 0);
const cpuRatio = (r: Row) => median(counted(r).map((x) => cpu(x.baseline) / cpu(x.subject)));

console.log('| operation | baseline | req/s | baseline req/s | rps ratio (min–max) | p99 ms | baseline p99 ms | p99 ratio (min–max) | CPU µs/req (baseline) | CPU ratio | statements | load |');
console.log('|---|---|---:|---:|---|---:|---:|---|---:|---:|---:|---:|');
for (const r of small.operations) {
  console.log(`| ${r.operation}${r.unexpected ? ` (${r.unexpected} failed)` : ''} | ${r.baseline_kind} | ${f(r.subject_rps.median, 0)} | ${f(r.baseline_rps.median, 0)} | ${range(r.rps_ratio)} | ${f(r.subject_p99_ms.median, 0)} | ${f(r.baseline_p99_ms.median, 0)} | ${range(r.p99_ratio)} | ${f(median(counted(r).map((x) => cpu(x.subject))), 0)} (${f(median(counted(r).map((x) => cpu(x.baseline))), 0)}) | ${f(cpuRatio(r))} | ${f(median(counted(r).map((x) => x.subject.statements_per_request ?? NaN)), 1)} | ${f(Math.min(...loads(r)), 0)}–${f(Math.max(...loads(r)), 0)} |`);
}
console.log(`\nserver RSS peak: ${f(small.server_rss_peak_mb, 0)} MB; load at start/end: ${small.machine?.load_at_start.map((l) => f(l, 1)).join(' ')} / ${small.machine?.load_at_end.map((l) => f(l, 1)).join(' ')}`);
if (seeded) {
  console.log(`\n| operation | p99 ms, small database | p99 ms, ${seeded.seeded_installments.toLocaleString('en')} installments | change | p99 ratio to its baseline, small → seeded |`);
  console.log('|---|---:|---:|---:|---|');
  for (const r of seeded.operations) {
    const before = small.operations.find((o) => o.operation === r.operation);
    if (!before) continue;
    const change = r.subject_p99_ms.median / before.subject_p99_ms.median - 1;
    console.log(`| ${r.operation} | ${f(before.subject_p99_ms.median, 0)} | ${f(r.subject_p99_ms.median, 0)} | ${change >= 0 ? '+' : ''}${f(change * 100, 0)} % | ${f(before.p99_ratio.median)} → ${f(r.p99_ratio.median)} |`);
  }
  console.log(`\nserver RSS peak with the seed: ${f(seeded.server_rss_peak_mb, 0)} MB`);
}

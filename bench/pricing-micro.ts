// In-process cost of the CET (issue 14, "pricing precision"): the floating-point solve with its exact
// check at 40 digits, against solving at 40 digits throughout, and the whole pricing of a proposal
// for scale. CPU time per call, sequential, interleaved rounds (the median is printed).
// Run: node --import tsx bench/pricing-micro.ts [iterations]
import { addMonths, localDate } from '../src/platform/dates.js';
import { dec } from '../src/platform/money.js';
import { computeCet, computeCetExact, type CetInput } from '../src/modules/proposals/pricing/cet.js';
import { priceProposal, type ProposalPricingInput } from '../src/modules/proposals/pricing/index.js';

const iterations = Number(process.argv[2] ?? 300);
const ROUNDS = 5;
const contractDate = localDate('2026-11-27');

function pricingInput(months: number): ProposalPricingInput {
  return {
    personType: 'PF',
    contractDate,
    firstDueDate: localDate('2026-12-28'),
    termMonths: months,
    monthlyRatePercent: dec('1.99'),
    requestedAmount: dec('10000'),
    costs: { tac: dec('150') },
    iofExempt: false,
    sentIof: null,
    sentInstallment: null,
  };
}

function cetInput(months: number): CetInput {
  const pricing = priceProposal(pricingInput(months));
  return {
    contractDate,
    released: dec('10000'),
    payments: pricing.schedule.map((r) => ({ dueDate: r.dueDate, amount: r.installment })),
    guessLogRate: dec('1.0199').ln().times(365).div(31),
  };
}

function cpuUsPerCall(fn: () => unknown): number {
  for (let i = 0; i < 20; i += 1) fn();
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < iterations; i += 1) fn();
  const cpu = process.cpuUsage(cpu0);
  return (cpu.user + cpu.system) / iterations;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

for (const months of [12, 48, 120]) {
  const input = cetInput(months);
  const checked = computeCet(input);
  const exact = computeCetExact(input);
  if (!checked.annualPercent.equals(exact.annualPercent) || !checked.monthlyPercent.equals(exact.monthlyPercent)) throw new Error(`pricing-micro: results differ at ${months} months`);
  const figures: Record<string, number[]> = { checked: [], exact: [], pricing: [] };
  for (let r = 0; r < ROUNDS; r += 1) {
    figures.checked!.push(cpuUsPerCall(() => computeCet(input)));
    figures.exact!.push(cpuUsPerCall(() => computeCetExact(input)));
    figures.pricing!.push(cpuUsPerCall(() => priceProposal(pricingInput(months))));
  }
  console.log(
    `${String(months).padStart(3)} installments: CET float + exact check ${median(figures.checked!).toFixed(0).padStart(6)} µs (${checked.precision}, ${checked.iterations} steps)   CET at 40 digits ${median(figures.exact!).toFixed(0).padStart(6)} µs (${exact.iterations} steps)   whole pricing ${median(figures.pricing!).toFixed(0).padStart(6)} µs   → CET ${checked.annualPercent.toFixed(2)}% a year`,
  );
}

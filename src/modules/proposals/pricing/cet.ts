// CET, the effective total cost (Res. CMN 4.881/2020, formerly 3.517/2007): the annual rate that
// makes the amount released to the customer at the contract date equal the present value of
// every payment, each discounted by (1 + CET)^(days/365):
//   released = Σ payment_j / (1 + CET)^((date_j − contractDate)/365)
// Solved in x = ln(1 + CET), where the right-hand side is a convex decreasing function of x: a
// Newton step from a point where it still exceeds the released amount lands at or before the
// root, so the iteration is monotone and needs no bracket. The result is
// given as percentages rounded half up to two decimals, monthly = (1 + CET)^(1/12) − 1.
// The root is found in binary floating point (microseconds); an exact check then confirms both
// rounded percentages before they are returned (and stored), else the solve is redone at 40
// digits throughout (issue 14: lower precision only with an exact check). The check computes in
// decimal at CHECK_PRECISION digits and asks each sign by a margin 10^4 times its error bound.
import { Decimal, dec } from '../../../platform/money.js';
import { type LocalDate, daysBetween } from '../../../platform/dates.js';
import { CET_BOUND_LOGS_ENTRIES_MAX, CET_SOLVER_ITERATIONS_MAX } from '../limits.js';

export const CET_DAYS_PER_YEAR = 365;
/** Stop when a Newton step moves ln(1 + CET) by less than this: far below 0.005 percentage point. */
export const CET_STEP_TOLERANCE = dec('1e-15');
export const CET_PERCENT_DECIMALS = 2;
type DecimalClass = typeof Decimal;
/**
 * The exact check's precision (issue 14: at 40 digits its logarithms and exponentials were most of
 * a creation's pricing). decimal.js rounds each operation, exp and ln included, to these digits
 * (relative error ≤ 10^(1−p)); the present value of n ≤ 420 flows after ≤ 4n rounded operations,
 * and the boundaries themselves (an error in x moves the present value by at most its slope, ≤ 35
 * years × the released amount, times the error), stay within ~2·10^−16 of the released amount.
 */
const CHECK_PRECISION = 20;
const CheckDecimal = Decimal.clone({ precision: CHECK_PRECISION });
/**
 * The exact check refuses to confirm when the present value at a rounding boundary is within this
 * fraction of the released amount of zero (10^4 times the error bound above): the root is then
 * too close to the boundary for the check, and the solve is redone at 40 digits.
 */
const CHECK_MARGIN = dec('1e-12');
const HALF_POINT = dec('0.005');
/** Floating-point bounds further apart than this (relative) are ordered without 40-digit logs. */
const BOUND_SEPARATION = 1e-9;
/** The floating-point solve stops below this step in ln(1 + CET) (near a double's resolution). */
const FLOAT_STEP_TOLERANCE = 1e-13;

export interface CashFlow {
  dueDate: LocalDate;
  amount: Decimal;
}

export interface CetInput {
  contractDate: LocalDate;
  /** What the customer receives at the contract date (vlrSolicitado). */
  released: Decimal;
  payments: readonly CashFlow[];
  /** A starting point for ln(1 + CET) at or below the root speeds the solver (e.g. the contract rate). */
  guessLogRate?: Decimal;
}

export interface CetResult {
  /** Unrounded annual rate as a fraction. */
  annualRate: Decimal;
  annualPercent: Decimal;
  monthlyPercent: Decimal;
  iterations: number;
  /** 'checked': the floating-point solve, confirmed by the exact check; 'exact': solved at 40 digits. */
  precision: 'checked' | 'exact';
}

/** Rounded percentages not yet proven (the floating-point solve's). */
type Candidate = Omit<CetResult, 'annualRate'>;

interface Flow {
  days: number;
  /** Days since the previous flow (the first: since the contract date). */
  gapDays: number;
  amount: Decimal;
}

/**
 * Σ amount · e^(−x·days/365) − released, and its derivative in x. One exp per evaluation: the
 * daily discount e^(−x/365) is raised to each gap in days, walking the flows in date order.
 */
function presentValueGap(D: DecimalClass, flows: readonly Flow[], released: Decimal, x: Decimal, withSlope = true): { value: Decimal; slope: Decimal } {
  const dailyDiscount = new D(x).div(CET_DAYS_PER_YEAR).negated().exp();
  let discount = new D(1);
  let value = new D(released).negated();
  let slope = new D(0);
  const gapFactors = new Map<number, Decimal>(); // monthly gaps take only a few values (28..31)
  for (const f of flows) {
    let gapFactor = gapFactors.get(f.gapDays);
    if (gapFactor === undefined) {
      gapFactor = dailyDiscount.pow(f.gapDays);
      gapFactors.set(f.gapDays, gapFactor);
    }
    discount = discount.times(gapFactor);
    const discounted = discount.times(f.amount); // at D's precision (the receiver's)
    value = value.plus(discounted);
    if (withSlope) slope = slope.minus(discounted.times(f.days));
  }
  return { value, slope: slope.div(CET_DAYS_PER_YEAR) };
}

function toPercent(rate: Decimal): Decimal {
  return rate.times(100).toDecimalPlaces(CET_PERCENT_DECIMALS, Decimal.ROUND_HALF_UP);
}

export function computeCet(input: CetInput): CetResult {
  if (!input.released.greaterThan(0)) throw new Error('assertion: CET needs a positive released amount');
  const flows = flowsOf(input);
  const candidate = solveInFloat(flows, input);
  const found = candidate && candidateResult(candidate.x, candidate.iterations);
  if (candidate === null || found === null || !confirmed(flows, input.released, found)) return computeCetExact(input);
  // The unrounded rate (nobody stores it) is refined to 40 digits only when read: one Newton step
  // from the floating-point root squares its error (~1e-15 → ~1e-30).
  let annualRate: Decimal | undefined;
  const { annualPercent, monthlyPercent, iterations, precision } = found;
  return {
    annualPercent,
    monthlyPercent,
    iterations,
    precision,
    get annualRate() {
      return (annualRate ??= refinedRate(flows, input.released, candidate.x));
    },
  };
}

function refinedRate(flows: readonly Flow[], released: Decimal, x: Decimal): Decimal {
  const { value, slope } = presentValueGap(Decimal, flows, released, x);
  return x.minus(value.div(slope)).exp().minus(1);
}

/**
 * The same Newton iteration in binary floating point: only a candidate (null when it does not
 * settle), which the exact check must confirm before it is used.
 */
function solveInFloat(flows: readonly Flow[], input: CetInput): { x: Decimal; iterations: number } | null {
  const released = input.released.toNumber();
  const years = flows.map((f) => ({ t: f.days / CET_DAYS_PER_YEAR, amount: f.amount.toNumber() }));
  const gap = (x: number) => {
    let value = -released;
    let slope = 0;
    for (const f of years) {
      const discounted = f.amount * Math.exp(-x * f.t);
      value += discounted;
      slope -= discounted * f.t;
    }
    return { value, slope };
  };
  const guess = input.guessLogRate?.toNumber() ?? 0;
  let x = guess > 0 && gap(guess).value >= 0 ? guess : 0;
  for (let iterations = 1; iterations <= CET_SOLVER_ITERATIONS_MAX; iterations += 1) {
    const { value, slope } = gap(x);
    const step = slope === 0 ? 0 : -value / slope;
    x += step;
    if (!Number.isFinite(x)) return null;
    if (Math.abs(step) < FLOAT_STEP_TOLERANCE) return { x: dec(x), iterations };
  }
  return null;
}

/** The CET solved at the platform's 40 digits throughout: the reference the fast path is held to. */
export function computeCetExact(input: CetInput): CetResult {
  if (!input.released.greaterThan(0)) throw new Error('assertion: CET needs a positive released amount');
  return solve(Decimal, flowsOf(input), input, 'exact');
}

function flowsOf(input: CetInput): Flow[] {
  const sorted = [...input.payments].sort((a, b) => daysBetween(b.dueDate, a.dueDate));
  let previousDays = 0;
  return sorted.map((p) => {
    const days = daysBetween(input.contractDate, p.dueDate);
    if (days <= 0 || p.amount.isNegative()) throw new Error(`assertion: payment ${p.amount.toString()} on ${p.dueDate} is not after the contract`);
    const flow = { days, gapDays: days - previousDays, amount: p.amount };
    previousDays = days;
    return flow;
  });
}

/** Newton at the precision of D (the platform's 40 digits). */
function solve(D: DecimalClass, flows: readonly Flow[], input: CetInput, precision: CetResult['precision']): CetResult {
  // A loan never returns less than it released (rates and costs are non-negative), so the root
  // is at x ≥ 0 and Newton may start at 0, or at a guess where the gap is still non-negative.
  const guess = input.guessLogRate === undefined ? null : new D(input.guessLogRate);
  let x: Decimal = new D(0);
  if (guess !== null && guess.greaterThan(0) && !presentValueGap(D, flows, input.released, guess).value.isNegative()) x = guess;
  else if (presentValueGap(D, flows, input.released, x).value.isNegative()) throw new Error('assertion: payments are worth less than the released amount');
  for (let iterations = 1; iterations <= CET_SOLVER_ITERATIONS_MAX; iterations += 1) {
    const { value, slope } = presentValueGap(D, flows, input.released, x);
    if (value.isZero() || slope.isZero()) return result(x, iterations, precision);
    const step = value.div(slope).negated();
    x = x.plus(step);
    if (step.abs().lessThan(CET_STEP_TOLERANCE)) return result(x, iterations, precision);
  }
  throw new Error(`assertion: CET did not converge in ${CET_SOLVER_ITERATIONS_MAX} iterations`);
}

/**
 * The exact check: both rounded percentages are right when the true root x* = ln(1 + CET) lies in
 * the interval of x where each rounds (half up) to the value found. The present value is strictly
 * decreasing in x, so x* is in [lo, hi) exactly when the gap, evaluated at CHECK_PRECISION digits, is ≥ 0 at lo
 * and < 0 at hi (each by a margin beyond the evaluation's own error).
 */
function confirmed(flows: readonly Flow[], released: Decimal, found: Candidate): boolean {
  const annual = { percent: found.annualPercent, periods: 1 };
  const monthly = { percent: found.monthlyPercent, periods: 12 };
  const lo = boundary('lower', { ...annual, percent: annual.percent.minus(HALF_POINT) }, { ...monthly, percent: monthly.percent.minus(HALF_POINT) });
  const hi = boundary('upper', { ...annual, percent: annual.percent.plus(HALF_POINT) }, { ...monthly, percent: monthly.percent.plus(HALF_POINT) });
  if (!lo.lessThan(hi)) return false;
  const margin = released.times(CHECK_MARGIN);
  return presentValueGap(CheckDecimal, flows, released, lo, false).value.greaterThan(margin) && presentValueGap(CheckDecimal, flows, released, hi, false).value.lessThan(margin.negated());
}

interface RateBound {
  percent: Decimal;
  /** Periods a year of the rate (1: annual, 12: monthly). */
  periods: number;
}

/**
 * The tighter of two bounds on x = ln(1 + CET) (the larger lower one, the smaller upper one), from
 * x = periods · ln(1 + percent/100). A decimal logarithm is the check's dearest step, so when the
 * two bounds are far apart (beyond any floating-point error) only the tighter one is computed.
 */
function boundary(side: 'lower' | 'upper', a: RateBound, b: RateBound): Decimal {
  const exact = (r: RateBound) => boundLog(r);
  const estimate = (r: RateBound) => r.periods * Math.log1p(r.percent.toNumber() / 100);
  const [ea, eb] = [estimate(a), estimate(b)];
  if (Math.abs(ea - eb) <= BOUND_SEPARATION * (1 + Math.abs(ea))) return side === 'lower' ? Decimal.max(exact(a), exact(b)) : Decimal.min(exact(a), exact(b));
  return exact((side === 'lower') === ea > eb ? a : b);
}

/** periods · ln(1 + percent/100) at CHECK_PRECISION by bound (issue 14: the same CETs recur; a pure function, so remembered). */
const boundLogs = new Map<string, Decimal>();

function boundLog(r: RateBound): Decimal {
  const key = `${r.periods}|${r.percent.toString()}`;
  let log = boundLogs.get(key);
  if (log === undefined) {
    log = new CheckDecimal(1).plus(r.percent.div(100)).ln().times(r.periods) as Decimal;
    if (boundLogs.size >= CET_BOUND_LOGS_ENTRIES_MAX) boundLogs.clear();
    boundLogs.set(key, log);
  }
  return log;
}

/**
 * The floating-point root's rounded percentages (issue 14: two 40-digit exponentials were the
 * dearest step left): only candidates, which `confirmed` proves or refuses. The
 * unrounded rate is not computed here (computeCet refines it when read).
 */
function candidateResult(x: Decimal, iterations: number): Candidate | null {
  const [annual, monthly] = [Math.expm1(x.toNumber()), Math.expm1(x.toNumber() / 12)].map((rate) => rate * 100);
  if (annual === undefined || monthly === undefined || !Number.isFinite(annual) || !Number.isFinite(monthly)) return null;
  return { annualPercent: dec(annual.toFixed(CET_PERCENT_DECIMALS)), monthlyPercent: dec(monthly.toFixed(CET_PERCENT_DECIMALS)), iterations, precision: 'checked' };
}

function result(solved: Decimal, iterations: number, precision: CetResult['precision']): CetResult {
  const x = dec(solved.toString());
  const annualRate = x.exp().minus(1);
  const monthlyRate = x.div(12).exp().minus(1);
  return { annualRate, annualPercent: toPercent(annualRate), monthlyPercent: toPercent(monthlyRate), iterations, precision };
}

// Fixed-rate Price (French) amortization with a pro-rata first period.
//
// Convention (docs/pricing.md): interest compounds daily-exponentially on a 30-day month, so a
// first period of d1 days accrues (1+i)^(d1/30) − 1. Later periods are calendar months counted
// as exactly one period each. The installment is the one that makes the present value of the n
// installments, due at d1/30, d1/30 + 1, …, d1/30 + n − 1 months, equal to the principal:
//   PMT = P · (1+i)^((d1−30)/30) · i / (1 − (1+i)^−n)
// i.e. the principal carried (or discounted) to one month before the first due date, then the
// standard Price factor. The installment is rounded to centavos half up; each period's interest
// too; the last installment absorbs every rounding difference, so amortizations sum exactly to
// the principal.
import { type Decimal, ZERO, dec, roundCents, sum, compoundGrowth } from '../../../platform/money.js';
import { type LocalDate, addMonths, daysBetween } from '../../../platform/dates.js';
import { assertCents, assertFirstPeriod, assertMonthlyRate, assertTerm } from './input-checks.js';
import { LAST_INSTALLMENT_DEVIATION_PERCENT_MAX } from '../limits.js';

/** The month of the daily-exponential convention: a period of 30 days is one full period. */
export const DAYS_PER_MONTH_BASIS = 30;

export interface PriceInput {
  principal: Decimal;
  /** Monthly rate as a fraction: 0.0199 for 1.99% a month. */
  monthlyRate: Decimal;
  termMonths: number;
  contractDate: LocalDate;
  firstDueDate: LocalDate;
  /** An installment to use instead of the computed one (a value the partner sent and we accepted). */
  installment?: Decimal | null;
  /** The due dates (dueDatesOf), when the caller prices one plan several times (the IOF gross-up). */
  dueDates?: readonly LocalDate[];
  /** The terms' factors (priceFactorsOf), when the caller prices one plan several times: the same values, computed once. */
  factors?: PriceFactors;
}

/** What a plan's installment and interest depend on besides the principal (issue 14: once per pricing, not per schedule). */
export interface PriceFactors {
  firstPeriodDays: number;
  /** (1+i)^(d1/30): the first period's growth. */
  firstGrowth: Decimal;
  /** i / (1 − (1+i)^−n): the Price factor (null at a zero rate). */
  annuity: Decimal | null;
}

export interface ScheduleRow {
  number: number;
  dueDate: LocalDate;
  installment: Decimal;
  interest: Decimal;
  amortization: Decimal;
  /** Balance after this installment is paid. */
  balance: Decimal;
}

export interface PriceSchedule {
  installment: Decimal;
  firstPeriodDays: number;
  rows: ScheduleRow[];
  /**
   * False when an installment is not positive, a balance goes below zero before the end, or the
   * last installment strays from the regular one by more than LAST_INSTALLMENT_DEVIATION_PERCENT_MAX:
   * such a plan cannot be offered (the caller refuses it). True for every ordinary loan.
   */
  wellFormed: boolean;
}

/** Growth factor of `days` of interest: (1+i)^(days/30). */
export function periodFactor(monthlyRate: Decimal, days: number): Decimal {
  if (days === DAYS_PER_MONTH_BASIS) return dec(1).plus(monthlyRate); // exact: no fractional power
  if (monthlyRate.isZero()) return dec(1);
  return compoundGrowth(monthlyRate, days, DAYS_PER_MONTH_BASIS);
}

export function firstPeriodDays(contractDate: LocalDate, firstDueDate: LocalDate): number {
  return daysBetween(contractDate, firstDueDate);
}

/** Due date of installment `number` (1-based): always counted from the first due date, so a
 * 31st clamped to 28 February does not drift to the 28th for the rest of the loan. */
export function dueDateOf(firstDueDate: LocalDate, number: number): LocalDate {
  return addMonths(firstDueDate, number - 1);
}

/** The due dates of installments 1 to `termMonths`. */
export function dueDatesOf(firstDueDate: LocalDate, termMonths: number): LocalDate[] {
  assertTerm(termMonths);
  return Array.from({ length: termMonths }, (_, i) => dueDateOf(firstDueDate, i + 1));
}

/** The factors of a plan's terms, checked: what priceInstallment and buildPriceSchedule take as `factors`. */
export function priceFactorsOf(input: Omit<PriceInput, 'principal'>): PriceFactors {
  assertTerm(input.termMonths);
  assertMonthlyRate(input.monthlyRate);
  const d1 = firstPeriodDays(input.contractDate, input.firstDueDate);
  assertFirstPeriod(d1);
  const i = input.monthlyRate;
  const annuity = i.isZero() ? null : i.div(dec(1).minus(dec(1).plus(i).pow(-input.termMonths)));
  return { firstPeriodDays: d1, firstGrowth: periodFactor(i, d1), annuity };
}

function assertInput(input: PriceInput): PriceFactors {
  assertCents(input.principal, 'principal');
  return input.factors ?? priceFactorsOf(input);
}

/** The Price installment, rounded to centavos half up. */
export function priceInstallment(input: PriceInput): Decimal {
  const factors = assertInput(input);
  const { principal: p, monthlyRate: i, termMonths: n } = input;
  // A zero rate has no interest at all, whatever the first period: the installment is P/n.
  if (i.isZero() || factors.annuity === null) return roundCents(p.div(n));
  const carried = p.times(factors.firstGrowth).div(dec(1).plus(i));
  return roundCents(carried.times(factors.annuity));
}

/** The full schedule: per installment its due date, amount, interest, amortization and balance. */
export function buildPriceSchedule(input: PriceInput): PriceSchedule {
  const factors = assertInput(input);
  const d1 = factors.firstPeriodDays;
  const installment = input.installment ?? priceInstallment({ ...input, factors });
  assertCents(installment, 'installment');
  const firstRate = factors.firstGrowth.minus(1);
  const rows: ScheduleRow[] = [];
  let balance = input.principal;
  let wellFormed = true;
  const dueDates = input.dueDates ?? dueDatesOf(input.firstDueDate, input.termMonths);
  if (dueDates.length !== input.termMonths) throw new Error('assertion: one due date per installment');
  for (let number = 1; number <= input.termMonths; number += 1) {
    const interest = roundCents(balance.times(number === 1 ? firstRate : input.monthlyRate));
    const last = number === input.termMonths;
    // The last installment pays whatever balance is left: it absorbs the rounding differences.
    const amortization = last ? balance : installment.minus(interest);
    const amount = last ? balance.plus(interest) : installment;
    balance = balance.minus(amortization);
    if ((!last && balance.isNegative()) || !amount.greaterThan(0)) wellFormed = false;
    rows.push({ number, dueDate: dueDates[number - 1] as LocalDate, installment: amount, interest, amortization, balance });
  }
  const deviation = rows.at(-1)!.installment.minus(installment).abs();
  if (input.termMonths > 1 && deviation.times(100).greaterThan(installment.times(LAST_INSTALLMENT_DEVIATION_PERCENT_MAX))) wellFormed = false;
  const amortized = sum(rows.map((r) => r.amortization));
  if (!amortized.equals(input.principal) || !balance.equals(ZERO)) {
    throw new Error(`assertion: amortizations ${amortized.toString()} do not sum to the principal ${input.principal.toString()}`);
  }
  return { installment, firstPeriodDays: d1, rows, wellFormed };
}

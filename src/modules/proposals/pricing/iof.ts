// IOF on a credit operation (Decreto 6.306/2007 art. 7, I, b and §15):
//   daily rate × Σ (amortization of each installment × days from the contract date to its due
//   date, days capped at 365) + additional rate × principal.
// Summed exactly, rounded to centavos once (half up). Plus the gross-up of a financed IOF and
// the interface's cap (3% of the principal for a person, 1.5% for a company).
import { type Decimal, ZERO, dec, roundCents, truncateCents } from '../../../platform/money.js';
import { type LocalDate, daysBetween } from '../../../platform/dates.js';
import { type IofRate, type PersonType, iofRateAt } from './iof-rates.js';
import { assertCents } from './limits.js';

/** Art. 7 I b: the daily rate applies to at most 365 days, however long the installment runs. */
export const IOF_DAYS_MAX = 365;
/** The financed IOF converges in a handful of steps (each multiplies the error by ~3.4%). */
export const GROSS_UP_ITERATIONS_MAX = 50;
/** Interface limit: "IOF maximum 3% for a person, 1.5% for a company" (of the principal). */
export const IOF_CAP_PERCENT: Readonly<Record<PersonType, Decimal>> = Object.freeze({ PF: dec('3'), PJ: dec('1.5') });

export interface Amortization {
  dueDate: LocalDate;
  amortization: Decimal;
}

export interface IofInput {
  contractDate: LocalDate;
  personType: PersonType;
  principal: Decimal;
  amortizations: readonly Amortization[];
}

export interface IofResult {
  total: Decimal;
  /** The daily part, rounded half up; `additional` = total − daily so the parts add up. */
  daily: Decimal;
  additional: Decimal;
  rate: IofRate;
}

export function iofDays(contractDate: LocalDate, dueDate: LocalDate): number {
  const days = daysBetween(contractDate, dueDate);
  if (days < 0) throw new Error(`assertion: due date ${dueDate} before the contract date ${contractDate}`);
  return Math.min(days, IOF_DAYS_MAX);
}

export function computeIof(input: IofInput): IofResult {
  assertCents(input.principal, 'IOF principal');
  const rate = iofRateAt(input.contractDate, input.personType);
  // Amortizations are taken signed: a negative first one (interest capitalised over a long first
  // period) is offset by the same amount in later rows, so the bases still sum to the principal.
  const dayWeighted = input.amortizations.reduce<Decimal>((acc, a) => acc.plus(a.amortization.times(iofDays(input.contractDate, a.dueDate))), ZERO);
  const dailyExact = dayWeighted.times(rate.dailyRate);
  const additionalExact = input.principal.times(rate.additionalRate);
  const total = roundCents(dailyExact.plus(additionalExact));
  const daily = roundCents(dailyExact);
  return { total, daily, additional: total.minus(daily), rate };
}

export interface GrossUp {
  financed: Decimal;
  iof: IofResult;
  iterations: number;
}

/**
 * A financed IOF is part of the principal it is computed on: find F = base + IOF(F) to the
 * centavo by fixed-point iteration from F = base. IOF(F) grows by at most ~3.4% of F's growth, so
 * the error shrinks 30-fold per step. Rounding can make two neighbouring centavo values point at
 * each other; then the larger is taken (the customer finances at most one centavo of IOF more
 * than the schedule's own IOF) and `iof.total` is set to F − base so the sum stays exact.
 */
export function grossUpFinancedIof(base: Decimal, iofOf: (financed: Decimal) => IofResult): GrossUp {
  assertCents(base, 'gross-up base');
  let financed = base;
  let previous: Decimal | null = null;
  for (let iterations = 1; iterations <= GROSS_UP_ITERATIONS_MAX; iterations += 1) {
    const iof = iofOf(financed);
    const next = base.plus(iof.total);
    if (next.equals(financed)) return { financed, iof, iterations };
    if (previous !== null && next.equals(previous)) {
      const top = financed.greaterThan(next) ? financed : next;
      const settled = iofOf(top);
      const total = top.minus(base);
      return { financed: top, iof: { ...settled, total, additional: total.minus(settled.daily) }, iterations };
    }
    previous = financed;
    financed = next;
  }
  throw new Error(`assertion: financed IOF did not converge in ${GROSS_UP_ITERATIONS_MAX} iterations (base ${base.toString()})`);
}

export interface IofCapCheck {
  over: boolean;
  limitPercent: Decimal;
  /** The largest IOF in centavos within the cap (the exact limit truncated). */
  limitAmount: Decimal;
}

/** Whether an IOF exceeds the interface's cap for the borrower type, as a share of `principal`. */
export function checkIofCap(iof: Decimal, principal: Decimal, personType: PersonType): IofCapCheck {
  const limitPercent = IOF_CAP_PERCENT[personType];
  const exactLimit = principal.times(limitPercent).div(100);
  return { over: iof.greaterThan(exactLimit), limitPercent, limitAmount: truncateCents(exactLimit) };
}

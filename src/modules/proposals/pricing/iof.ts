// IOF on a credit operation (Decreto 6.306/2007 art. 7, I, b and §15):
//   daily rate × Σ (amortization of each installment × days from the contract date to its due
//   date, days capped at 365) + additional rate × principal.
// Summed exactly, rounded to centavos once (half up). Plus the gross-up of a financed IOF and
// the cap on its daily part (compatibility-notes "IOF caps"; docs/pricing.md "IOF cap").
import { type Decimal, ZERO, dec, max, roundCents } from '../../../platform/money.js';
import { type LocalDate, compareDates, daysBetween, localDate } from '../../../platform/dates.js';
import { type IofRate, type PersonType, iofRateAt } from './iof-rates.js';
import { assertCents } from './input-checks.js';
import { IOF_DAYS_MAX, GROSS_UP_ITERATIONS_MAX } from '../limits.js';

/**
 * The interface's caps, "IOF maximum 3% for a person, 1.5% for a company": the annual ceilings
 * (× 365 days) of the daily rates in force when it was written, rounded. They bound the daily part
 * of the IOF as a share of the financed amount, never the additional 0.38%.
 */
export const INTERFACE_IOF_CAP_PERCENT: Readonly<Record<PersonType, Decimal>> = Object.freeze({ PF: dec('3'), PJ: dec('1.5') });
/** Since Decreto 12.466/12.499 (2025) a company pays the person's daily rate: the 1.5% stops here. */
export const COMPANY_CAP_RAISED_ON: LocalDate = localDate('2025-05-23');
/** A partner's IOF split into parts may differ from the table's by a centavo of rounding per part. */
export const IOF_CAP_ROUNDING_ALLOWANCE = dec('0.02');

/** Operator caps in percent of the financed amount (CAAS_IOF_CAP_PF/PJ_PERCENT); null = the dated default. */
export interface IofCaps {
  PF: Decimal | null;
  PJ: Decimal | null;
}

export const DEFAULT_IOF_CAPS: IofCaps = Object.freeze({ PF: null, PJ: null });

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

/**
 * The default ceiling of the daily part on a contract date: the annual ceiling of the daily rate in
 * force (rate × 365), never below the interface's figure of its era: 3% for a person; for a company
 * 1.5% before 2025-05-23, 0.0082% × 365 = 2.993% since.
 */
export function defaultIofCapPercent(contractDate: LocalDate, personType: PersonType): Decimal {
  const annual = iofRateAt(contractDate, personType).dailyRate.times(IOF_DAYS_MAX).times(100);
  if (personType === 'PJ' && compareDates(contractDate, COMPANY_CAP_RAISED_ON) >= 0) return annual;
  return max(INTERFACE_IOF_CAP_PERCENT[personType], annual);
}

export interface IofCapCheck {
  over: boolean;
  /** The ceiling applied, in percent of the financed amount. */
  limitPercent: Decimal;
  /** The largest daily part in centavos within the ceiling (the exact limit rounded half up). */
  limitAmount: Decimal;
  /** The daily part that was checked: the IOF minus the additional rate's share. */
  dailyPart: Decimal;
  operatorCap: boolean;
}

export interface IofCapInput {
  /** The IOF as financed (sent by the partner or computed). */
  total: Decimal;
  /** Its daily part when the service computed it; null for a partner's IOF (derived here). */
  daily: Decimal | null;
  financed: Decimal;
  contractDate: LocalDate;
  personType: PersonType;
  /** The dated table's own IOF on the same financed amount and plan. */
  table: IofResult;
  caps: IofCaps;
}

/**
 * Whether the daily part of an IOF exceeds the ceiling in force. Under the default ceiling the
 * table's own daily part (plus a rounding allowance) is always within it: an IOF computed from
 * the dated table is never refused, even on plans whose capitalised first period pushes the
 * day-weighted base above the financed amount. An operator cap binds every IOF as set.
 */
export function checkIofCap(input: IofCapInput): IofCapCheck {
  const operator = input.caps[input.personType];
  const limitPercent = operator ?? defaultIofCapPercent(input.contractDate, input.personType);
  const capAmount = roundCents(input.financed.times(limitPercent).div(100));
  const limitAmount = operator === null ? max(capAmount, input.table.daily.plus(IOF_CAP_ROUNDING_ALLOWANCE)) : capAmount;
  const additional = roundCents(input.financed.times(input.table.rate.additionalRate));
  const dailyPart = input.daily ?? input.total.minus(additional);
  return { over: dailyPart.greaterThan(limitAmount), limitPercent, limitAmount, dailyPart, operatorCap: operator !== null };
}

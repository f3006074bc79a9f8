// What the money arithmetic needs to know about one installment, and its status codes.
// The state is a value: every launch returns the next one; nothing here is mutated.
import { nextBusinessDay } from '../../../../platform/calendar.js';
import { compareDates, type LocalDate } from '../../../../platform/dates.js';
import { dec, toCents, ZERO, type Decimal, type DecimalInput } from '../../../../platform/money.js';
import { assertContractRate } from './charges-config.js';

/** Charges per kind; every amount is in whole centavos. */
export interface Charges {
  /** Multa: fineRate × balance, applied once when the installment becomes late. */
  readonly fine: Decimal;
  /** Juros de mora: simple, pro rata die. */
  readonly lateInterest: Decimal;
  /** Juros remuneratórios (contract rate) for the late days, compound pro rata die. */
  readonly contractInterest: Decimal;
}

export const NO_CHARGES: Charges = Object.freeze({ fine: ZERO, lateInterest: ZERO, contractInterest: ZERO });

export interface InstallmentState {
  /** The installment's number in its schedule (1, 2, …). */
  readonly number: number;
  /** The due date as scheduled: late charges always count from it. */
  readonly dueDate: LocalDate;
  /** The installment amount as scheduled. */
  readonly originalAmount: Decimal;
  /** Contract monthly rate as a decimal (0.0199 for 1.99% a.m.): used for late days and PV. */
  readonly contractMonthlyRate: Decimal;
  /**
   * The part of the installment value still owed, valued at the due date (no charges, no
   * reduction). Late charges accrue on it and only on it (no interest on charges).
   */
  readonly principal: Decimal;
  /** Charges already assessed at an earlier launch and not yet paid; they bear no interest. */
  readonly unpaidCharges: Charges;
  /** Whether the fine has been assessed (at the first late launch): it is never assessed twice. */
  readonly fineAssessed: boolean;
  /** Late interest and contract interest are assessed up to this date; starts at `dueDate`. */
  readonly chargesAccruedUntil: LocalDate;
  /** Date of the last launch; a later launch or calculation may not be dated before it. */
  readonly lastLaunchDate: LocalDate | null;
  /** Σ of the launches' payments. */
  readonly totalPaid: Decimal;
  /** Σ of the launches' discounts. */
  readonly totalDiscount: Decimal;
  readonly cancelled: boolean;
}

export interface NewInstallment {
  number: number;
  dueDate: LocalDate;
  amount: DecimalInput;
  contractMonthlyRate: DecimalInput;
}

export function newInstallmentState(input: NewInstallment): InstallmentState {
  const amount = dec(input.amount);
  const rate = dec(input.contractMonthlyRate);
  toCents(amount); // asserts whole centavos
  if (!amount.isPositive() || amount.isZero()) throw new Error(`assertion: installment amount ${amount.toString()} must be positive`);
  assertContractRate(rate);
  return {
    number: input.number,
    dueDate: input.dueDate,
    originalAmount: amount,
    contractMonthlyRate: rate,
    principal: amount,
    unpaidCharges: NO_CHARGES,
    fineAssessed: false,
    chargesAccruedUntil: input.dueDate,
    lastLaunchDate: null,
    totalPaid: ZERO,
    totalDiscount: ZERO,
    cancelled: false,
  };
}

export function chargesTotal(charges: Charges): Decimal {
  return charges.fine.plus(charges.lateInterest).plus(charges.contractInterest);
}

/** What is still owed at face value: principal plus unpaid charges. */
export function outstanding(state: InstallmentState): Decimal {
  return state.principal.plus(chargesTotal(state.unpaidCharges));
}

/**
 * Nothing is owed at face value. Copied by hand into SQL as `OWED` (its complement, on the row's
 * columns) in schedule/schedule-repository.ts: change both (owed-sql.property.test.ts compares them).
 */
export function isSettled(state: InstallmentState): boolean {
  return outstanding(state).isZero();
}

/**
 * The last day the installment can be paid without charges: the due date, moved to the next
 * business day when it falls on a weekend or bank holiday (FEBRABAN grace): the installment's
 * current due date.
 */
export function graceDate(state: InstallmentState): LocalDate {
  return nextBusinessDay(state.dueDate);
}

/** Late at `date`: after the due date and after its grace date. */
export function isLateAt(state: InstallmentState, date: LocalDate): boolean {
  return compareDates(date, graceDate(state)) > 0;
}

/**
 * Installment status codes. 0 and 1 are the production values clients know; the others are
 * ours (docs/recalculation.md). Precedence: cancelled, paid, overdue, partially paid, open.
 */
export const InstallmentStatus = {
  open: 0,
  paid: 1,
  partiallyPaid: 2,
  overdue: 3,
  cancelled: 4,
} as const;
export type InstallmentStatus = (typeof InstallmentStatus)[keyof typeof InstallmentStatus];

export function installmentStatus(state: InstallmentState, date: LocalDate): InstallmentStatus {
  if (state.cancelled) return InstallmentStatus.cancelled;
  if (isSettled(state)) return InstallmentStatus.paid;
  if (isLateAt(state, date)) return InstallmentStatus.overdue;
  if (state.lastLaunchDate !== null) return InstallmentStatus.partiallyPaid;
  return InstallmentStatus.open;
}

// The balance of one installment updated to a date: late charges, or the early-payment
// reduction. Both the recalculation (ConsultarParcelas), the launches and the settlement boleto
// amount go through `updateBalance`, so they cannot disagree.
import { compareDates, daysBetween, type LocalDate } from '../../../../platform/dates.js';
import { compoundGrowth, dec, max, ZERO, type Decimal } from '../../../../platform/money.js';
import { DAYS_PER_MONTH, roundAmount, type ChargesConfig } from './charges-config.js';
import { dateBeforeLastLaunch } from './charges-errors.js';
import {
  chargesTotal,
  graceDate,
  isLateAt,
  NO_CHARGES,
  type Charges,
  type InstallmentState,
} from './installment-state.js';

export interface UpdatedBalance {
  readonly date: LocalDate;
  /** The current due date: the due date moved to a business day. */
  readonly graceDate: LocalDate;
  readonly late: boolean;
  /** Whether the early-payment reduction applies (before the due date and allowed). */
  readonly early: boolean;
  readonly principal: Decimal;
  /** Charges assessed by this update only (since `chargesAccruedUntil`). */
  readonly newCharges: Charges;
  /** Everything owed as charges at `date`: unpaid earlier charges plus `newCharges`. */
  readonly charges: Charges;
  /** (1 + i)^(days before due / 30); exactly 1 when `early` is false. */
  readonly presentValueFactor: Decimal;
  /** Early-payment reduction: principal − present value of the principal. */
  readonly abatement: Decimal;
  /** principal + charges (the launch's grossBalance). */
  readonly gross: Decimal;
  /** gross − abatement (the launch's and the recalculation's updatedBalance). */
  readonly net: Decimal;
}

const ONE = dec(1);
/** Smallest payable amount: a positive principal never rounds to a present value below it. */
const ONE_CENT = dec('0.01');

/** (1 + monthlyRate)^(days / 30): compound at the contract rate, pro rata die. */
export function compoundFactor(monthlyRate: Decimal, days: number): Decimal {
  if (!Number.isInteger(days) || days < 0) throw new Error(`assertion: compound days ${days} must be a non-negative integer`);
  return compoundGrowth(monthlyRate, days, DAYS_PER_MONTH);
}

function addCharges(a: Charges, b: Charges): Charges {
  return {
    fine: a.fine.plus(b.fine),
    lateInterest: a.lateInterest.plus(b.lateInterest),
    contractInterest: a.contractInterest.plus(b.contractInterest),
  };
}

/**
 * Charges assessed on the principal from `chargesAccruedUntil` (the due date, or the last late
 * launch) to `date`. The fine only if not assessed before; interest only on the principal.
 */
function lateCharges(state: InstallmentState, date: LocalDate, config: ChargesConfig): Charges {
  const days = daysBetween(state.chargesAccruedUntil, date);
  if (days < 0) throw new Error(`assertion: late charges counted backwards from ${state.chargesAccruedUntil} to ${date}`);
  const base = state.principal;
  const fine = state.fineAssessed ? ZERO : roundAmount(config, base.times(config.fineRate));
  const lateInterest = roundAmount(config, base.times(config.lateInterestMonthlyRate).times(days).dividedBy(DAYS_PER_MONTH));
  const contractInterest = config.contractInterestForLateDays
    ? roundAmount(config, base.times(compoundFactor(state.contractMonthlyRate, days).minus(ONE)))
    : ZERO;
  return { fine, lateInterest, contractInterest };
}

/** Throws the business refusal when `date` precedes the installment's last launch. */
export function assertNotBeforeLastLaunch(state: InstallmentState, date: LocalDate, field: string): void {
  if (state.lastLaunchDate !== null && compareDates(date, state.lastLaunchDate) < 0) {
    throw dateBeforeLastLaunch(field, state.lastLaunchDate);
  }
}

/**
 * The installment's balance updated to `date`.
 * - Late (after the grace date): fine once, late interest and contract interest for the days
 *   since the charges were last assessed, all on the principal.
 * - Early (before the due date) with `allowDecapitalization`: the principal brought to
 *   present value at the contract rate, PV = principal / (1 + i)^(days / 30) (CDC art. 52 §2).
 * - Otherwise (on time, within grace, or early without the reduction): the principal as is.
 * `dateField` names the field blamed if `date` precedes the last launch (the callers map it to
 * their request's path).
 */
export function updateBalance(
  state: InstallmentState,
  date: LocalDate,
  allowDecapitalization: boolean,
  config: ChargesConfig,
  dateField = 'calculationDate',
): UpdatedBalance {
  assertNotBeforeLastLaunch(state, date, dateField);
  const owesPrincipal = state.principal.greaterThan(ZERO);
  const late = owesPrincipal && isLateAt(state, date);
  const early = owesPrincipal && allowDecapitalization && compareDates(date, state.dueDate) < 0;
  const newCharges = late ? lateCharges(state, date, config) : NO_CHARGES;
  const charges = addCharges(state.unpaidCharges, newCharges);
  if (early && !chargesTotal(charges).isZero()) throw new Error('assertion: charges outstanding before the due date');

  const presentValueFactor = early ? compoundFactor(state.contractMonthlyRate, daysBetween(date, state.dueDate)) : ONE;
  // Truncating 0.01 / 1.0002 gives 0.00: an installment nobody could pay any more. Keep a cent.
  const presentValue = early ? max(ONE_CENT, roundAmount(config, state.principal.dividedBy(presentValueFactor))) : state.principal;
  const abatement = state.principal.minus(presentValue);
  const gross = state.principal.plus(chargesTotal(charges));
  return {
    date,
    graceDate: graceDate(state),
    late,
    early,
    principal: state.principal,
    newCharges,
    charges,
    presentValueFactor,
    abatement,
    gross,
    net: gross.minus(abatement),
  };
}

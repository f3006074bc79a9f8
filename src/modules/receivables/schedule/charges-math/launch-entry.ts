// One launch entry (its money and date fields) and the invariants partner clients check on every
// launch (compatibility-notes). The stored row's columns and the callbacks keep the interface's names.
import type { LocalDate } from '../../../../platform/dates.js';
import type { Decimal } from '../../../../platform/money.js';

export interface LaunchEntry {
  readonly dueDate: LocalDate;
  readonly launchDate: LocalDate;
  /** Balance updated to the launch date, charges included, before the early-payment reduction. */
  readonly grossBalance: Decimal;
  readonly fine: Decimal;
  /** Contract interest for the late days (the recalculation's contractInterest). */
  readonly contractInterest: Decimal;
  readonly lateInterest: Decimal;
  /** Always 0: IOF is charged on disbursement, not on payments. */
  readonly iof: Decimal;
  /** Always 0: no fee is charged on payments. */
  readonly fees: Decimal;
  readonly abatement: Decimal;
  /** grossBalance − abatement. */
  readonly updatedBalance: Decimal;
  readonly payment: Decimal;
  /** What the installment still owes after this launch. */
  readonly remainingBalance: Decimal;
  readonly discount: Decimal;
}

const MONEY_FIELDS = [
  'grossBalance',
  'fine',
  'contractInterest',
  'lateInterest',
  'iof',
  'fees',
  'abatement',
  'updatedBalance',
  'payment',
  'remainingBalance',
  'discount',
] as const;

/**
 * updatedBalance = grossBalance − abatement; remainingBalance = updatedBalance − payment −
 * discount; every amount ≥ 0 and in whole centavos.
 */
export function assertLaunchInvariants(l: LaunchEntry): void {
  for (const field of MONEY_FIELDS) {
    const value = l[field];
    if (value.isNegative() || value.decimalPlaces() > 2) throw new Error(`assertion: launch ${field} = ${value.toString()}`);
  }
  if (!l.updatedBalance.equals(l.grossBalance.minus(l.abatement))) {
    throw new Error('assertion: updatedBalance ≠ grossBalance − abatement');
  }
  if (!l.remainingBalance.equals(l.updatedBalance.minus(l.payment).minus(l.discount))) {
    throw new Error('assertion: remainingBalance ≠ updatedBalance − payment − discount');
  }
}

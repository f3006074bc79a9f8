// One installment recalculated to a date (the ConsultarParcelas query's arithmetic). Nothing is
// assessed: the state is not changed by a recalculation. The route's view shapes the wire.
import type { LocalDate } from '../../../../platform/dates.js';
import { ZERO, type Decimal } from '../../../../platform/money.js';
import { updateBalance } from './balance-update.js';
import type { ChargesConfig } from './charges-config.js';
import { chargesTotal, graceDate, isSettled, type InstallmentState } from './installment-state.js';

/** Everything owed as charges at the calculation date, per kind, and their total. */
export interface ChargesOwed {
  readonly fine: Decimal;
  readonly lateInterest: Decimal;
  readonly contractInterest: Decimal;
  /** fine + lateInterest + contractInterest. */
  readonly total: Decimal;
}

export interface RecalculatedAmounts {
  readonly charges: ChargesOwed;
  /** The early-payment reduction at the calculation date. */
  readonly abatement: Decimal;
  /** principal + charges.total − abatement. */
  readonly updatedBalance: Decimal;
}

/** Zero charges, zero reduction, nothing owed: a paid (or cancelled) installment's amounts. */
export const ZERO_AMOUNTS: RecalculatedAmounts = Object.freeze({
  charges: Object.freeze({ fine: ZERO, lateInterest: ZERO, contractInterest: ZERO, total: ZERO }),
  abatement: ZERO,
  updatedBalance: ZERO,
});

export interface RecalculatedInstallment {
  readonly number: number;
  /** The due date moved to a business day (graceDate). */
  readonly currentDueDate: LocalDate;
  readonly amounts: RecalculatedAmounts;
}

/**
 * The installment updated to `calculationDate`. Charges shown are everything owed at that date:
 * charges assessed at earlier launches and still unpaid plus those accrued since. A paid
 * installment answers zeros. A date before the last launch is refused on `calculationDate`.
 */
export function recalculateInstallment(
  state: InstallmentState,
  calculationDate: LocalDate,
  allowDecapitalization: boolean,
  config: ChargesConfig,
): RecalculatedInstallment {
  // A paid installment owes nothing at any date, even one before its last launch.
  if (isSettled(state)) return { number: state.number, currentDueDate: graceDate(state), amounts: ZERO_AMOUNTS };
  const updated = updateBalance(state, calculationDate, allowDecapitalization, config, 'calculationDate');
  const amounts: RecalculatedAmounts = {
    charges: { ...updated.charges, total: chargesTotal(updated.charges) },
    abatement: updated.abatement,
    updatedBalance: updated.net,
  };
  return { number: state.number, currentDueDate: updated.graceDate, amounts };
}

// A payment launch, the arithmetic of one item: the payment (and discount) is
// allocated on the installment's balance updated to the payment date, in the order fine, late
// interest, contract interest, principal; the launch entry and the next state come out.
import type { LocalDate } from '../../../../platform/dates.js';
import { Decimal, roundCents, ZERO } from '../../../../platform/money.js';
import { checkDiscountAmount, checkDiscountBelowBalance, checkInstallmentOpen, checkPaymentAmount, checkPaymentWithinBalance } from './amount-rules.js';
import { updateBalance, type UpdatedBalance } from './balance-update.js';
import type { ChargesConfig } from './charges-config.js';
import { LAUNCH_FIELDS } from './charges-errors.js';
import { chargesTotal, installmentStatus, outstanding, type Charges, type InstallmentStatus, type InstallmentState } from './installment-state.js';
import { assertLaunchInvariants, type LaunchEntry } from './launch-entry.js';

export interface PaymentInput {
  readonly paymentDate: LocalDate;
  /** The money paid. */
  readonly amount: Decimal;
  readonly discount: Decimal;
  /** Whether an early payment earns the present-value reduction. */
  readonly allowDecapitalization: boolean;
}

/** Where the payment plus discount went. fine + lateInterest + contractInterest + principal = credit. */
export interface PaymentAllocation {
  readonly fine: Decimal;
  readonly lateInterest: Decimal;
  readonly contractInterest: Decimal;
  /** Money applied to the principal (at present value when early). */
  readonly principal: Decimal;
  /** Part of the early-payment reduction earned by this payment: principal extinguished − money. */
  readonly realizedAbatement: Decimal;
}

export interface LaunchResult {
  readonly launch: LaunchEntry;
  readonly allocation: PaymentAllocation;
  readonly updated: UpdatedBalance;
  readonly next: InstallmentState;
  readonly status: InstallmentStatus;
}

/** Takes `credit` from each amount in turn; returns what each got and what is left. */
function takeInOrder(credit: Decimal, amounts: readonly Decimal[]): { taken: Decimal[]; rest: Decimal } {
  let rest = credit;
  const taken = amounts.map((amount) => {
    const part = Decimal.min(rest, amount) as Decimal;
    rest = rest.minus(part);
    return part;
  });
  return { taken, rest };
}

/**
 * Principal left after `money` pays part of its present value, valued again at the due date:
 * what remains at the payment date grows back by the same factor (so the reduction is earned
 * only on the part paid). The rounding is the inverse of the PV rounding, so recalculating on
 * the payment date shows exactly the launch's remainingBalance; never more than principal − money.
 */
function principalAfter(updated: UpdatedBalance, money: Decimal, config: ChargesConfig): Decimal {
  const presentValue = updated.principal.minus(updated.abatement);
  const remainingAtDate = presentValue.minus(money);
  if (remainingAtDate.isNegative()) throw new Error('assertion: payment allocated beyond the principal');
  if (remainingAtDate.isZero()) return ZERO;
  const grown = remainingAtDate.times(updated.presentValueFactor);
  const atDue = config.roundingMode === 'truncate' ? grown.toDecimalPlaces(2, Decimal.ROUND_UP) : roundCents(grown);
  return Decimal.min(atDue, updated.principal.minus(money)) as Decimal;
}

function allocate(updated: UpdatedBalance, credit: Decimal, config: ChargesConfig): { allocation: PaymentAllocation; charges: Charges; principal: Decimal } {
  const c = updated.charges;
  const { taken, rest } = takeInOrder(credit, [c.fine, c.lateInterest, c.contractInterest]);
  const [fine = ZERO, lateInterest = ZERO, contractInterest = ZERO] = taken;
  const principal = principalAfter(updated, rest, config);
  const realizedAbatement = updated.principal.minus(rest).minus(principal);
  return {
    allocation: { fine, lateInterest, contractInterest, principal: rest, realizedAbatement },
    charges: { fine: c.fine.minus(fine), lateInterest: c.lateInterest.minus(lateInterest), contractInterest: c.contractInterest.minus(contractInterest) },
    principal,
  };
}

function buildLaunch(state: InstallmentState, updated: UpdatedBalance, input: PaymentInput): LaunchEntry {
  return {
    dueDate: state.dueDate,
    launchDate: input.paymentDate,
    grossBalance: updated.gross,
    fine: updated.charges.fine,
    contractInterest: updated.charges.contractInterest,
    lateInterest: updated.charges.lateInterest,
    iof: ZERO,
    fees: ZERO,
    abatement: updated.abatement,
    updatedBalance: updated.net,
    payment: input.amount,
    remainingBalance: updated.net.minus(input.amount).minus(input.discount),
    discount: input.discount,
  };
}

/**
 * Applies one payment to one installment. Refusals (DomainError, Portuguese): installment paid
 * or cancelled, PARC001 payment not positive, PARC002/PARC003 bad discount or fraction of
 * centavo, PARC009 date before the last launch, PARC004 discount ≥ updated balance, PARC005/6
 * payment (plus discount) above the updated balance.
 */
export function applyPayment(state: InstallmentState, input: PaymentInput, config: ChargesConfig): LaunchResult {
  checkInstallmentOpen(state);
  checkPaymentAmount(input.amount, LAUNCH_FIELDS.payment);
  checkDiscountAmount(input.discount, LAUNCH_FIELDS.discount);
  const updated = updateBalance(state, input.paymentDate, input.allowDecapitalization, config, LAUNCH_FIELDS.date);
  checkDiscountBelowBalance(input.discount, updated.net, LAUNCH_FIELDS.discount);
  checkPaymentWithinBalance(input.amount, input.discount, updated.net, LAUNCH_FIELDS.payment);

  const credit = input.amount.plus(input.discount);
  const { allocation, charges, principal } = allocate(updated, credit, config);
  const next: InstallmentState = {
    ...state,
    principal,
    unpaidCharges: charges,
    // The fine is assessed by the first late launch, whether or not this payment covers it.
    fineAssessed: state.fineAssessed || updated.late,
    chargesAccruedUntil: updated.late ? input.paymentDate : state.chargesAccruedUntil,
    lastLaunchDate: input.paymentDate,
    totalPaid: state.totalPaid.plus(input.amount),
    totalDiscount: state.totalDiscount.plus(input.discount),
  };
  const launch = buildLaunch(state, updated, input);
  assertLaunchInvariants(launch);
  assertConservation(state, updated, allocation, credit, next, launch);
  return { launch, allocation, updated, next, status: installmentStatus(next, input.paymentDate) };
}

/** Nothing created or lost: before + new charges − earned reduction − credit = after. */
function assertConservation(
  before: InstallmentState,
  updated: UpdatedBalance,
  allocation: PaymentAllocation,
  credit: Decimal,
  next: InstallmentState,
  launch: LaunchEntry,
): void {
  const expected = outstanding(before).plus(chargesTotal(updated.newCharges)).minus(allocation.realizedAbatement).minus(credit);
  if (!expected.equals(outstanding(next))) throw new Error(`assertion: launch loses money: ${expected.toString()} ≠ ${outstanding(next).toString()}`);
  if (allocation.realizedAbatement.isNegative() || allocation.realizedAbatement.greaterThan(updated.abatement)) {
    throw new Error('assertion: realized reduction outside 0..abatement');
  }
  if (launch.remainingBalance.isZero() !== outstanding(next).isZero()) throw new Error('assertion: paid launch leaves a balance');
}

// Checks on amounts sent by a partner against an installment's updated balance, shared by the
// launches and the settlement boleto so both refuse the same inputs with the same messages.
import type { Decimal } from '../../../../platform/money.js';
import {
  amountMissing,
  discountNegative,
  discountTooHigh,
  installmentAlreadyPaid,
  installmentCancelled,
  paymentPlusDiscountTooHigh,
  paymentTooHigh,
  tooManyDecimals,
} from './charges-errors.js';
import { isSettled, type InstallmentState } from './installment-state.js';

function refuseFractionOfCent(value: Decimal, field: string): void {
  if (value.decimalPlaces() > 2) throw tooManyDecimals(field);
}

/** A payment must be positive and in whole centavos. */
export function checkPaymentAmount(payment: Decimal, field: string): void {
  if (!payment.isFinite() || payment.isZero() || payment.isNegative()) throw amountMissing(field);
  refuseFractionOfCent(payment, field);
}

/** A discount may be zero, never negative, in whole centavos. */
export function checkDiscountAmount(discount: Decimal, field: string): void {
  if (!discount.isFinite() || discount.isNegative()) throw discountNegative(field);
  refuseFractionOfCent(discount, field);
}

/** "Valor de desconto não pode ser superior ou igual ao saldo atual da parcela". */
export function checkDiscountBelowBalance(discount: Decimal, balance: Decimal, field: string): void {
  if (discount.greaterThanOrEqualTo(balance)) throw discountTooHigh(field);
}

/** Payment, then payment plus discount, may not exceed the updated balance. */
export function checkPaymentWithinBalance(payment: Decimal, discount: Decimal, balance: Decimal, field: string): void {
  if (payment.greaterThan(balance)) throw paymentTooHigh(field, balance);
  if (payment.plus(discount).greaterThan(balance)) throw paymentPlusDiscountTooHigh(field, balance);
}

/** Only an open (possibly partially paid or overdue) installment takes launches or boletos. */
export function checkInstallmentOpen(state: InstallmentState): void {
  if (state.cancelled) throw installmentCancelled(state.number);
  if (isSettled(state)) throw installmentAlreadyPaid(state.number);
}

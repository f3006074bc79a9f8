// How money received for a boleto or Pix charge is split over the installments it covers. Pure.
// In installment order, each installment takes its discount share and at most its balance
// updated to the payment date minus that share; what cannot be placed is an overpayment.
import type { LocalDate } from '../../../platform/dates.js';
import { Decimal, ZERO } from '../../../platform/money.js';
import { isSettled, updateBalance, type ChargesConfig, type InstallmentState } from '../schedule/charges-math/index.js';

export interface CoveredInstallment {
  state: InstallmentState;
  /** The discount share recorded when the boleto/charge was issued. */
  discount: Decimal;
}

export interface AllocatedPayment {
  /** Index into the covered list. */
  index: number;
  payment: Decimal;
  discount: Decimal;
}

export interface Allocation {
  parts: AllocatedPayment[];
  /** Money left over once every covered installment is paid (0 when all was placed). */
  excess: Decimal;
}

export function allocatePayment(covered: readonly CoveredInstallment[], amount: Decimal, date: LocalDate, allowDecapitalization: boolean, config: ChargesConfig): Allocation {
  if (!amount.isPositive() || amount.isZero()) throw new Error('assertion: a payment is positive');
  let rest = amount;
  const parts: AllocatedPayment[] = [];
  covered.forEach((c, index) => {
    // Paid meanwhile by another launch, or nothing left to place: skip.
    if (rest.isZero() || c.state.cancelled || isSettled(c.state)) return;
    const net = updateBalance(c.state, date, allowDecapitalization, config, 'dtPagamento').net;
    const discount = Decimal.min(c.discount, net.minus('0.01')) as Decimal;
    const usable = Decimal.max(ZERO, discount) as Decimal;
    const payment = Decimal.min(rest, net.minus(usable)) as Decimal;
    if (payment.isZero()) return;
    parts.push({ index, payment, discount: usable });
    rest = rest.minus(payment);
  });
  return { parts, excess: rest };
}

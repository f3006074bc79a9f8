// How much a boleto or charge asks for. Pure.
// - Settlement (`liquidacao: true`): Σ of each installment's balance updated to the due date (late
//   charges, or the early reduction when allowed: charges-math), minus the discount.
// - Otherwise the amount sent, which may not exceed that Σ, minus the discount.
// The discount is shared out over the installments in order, each keeping at least one centavo to
// pay, so that paying the boleto posts one valid launch per installment.
import type { LocalDate } from '../../../platform/dates.js';
import { businessError } from '../../../platform/errors.js';
import { dec, Decimal, sum, ZERO } from '../../../platform/money.js';
import { checkDiscountAmount, discountTooHigh, settlementAmount, type ChargesConfig, type InstallmentState } from '../schedule/charges-math/index.js';
import { ReceivablesErrorCode as C, withFieldNames } from '../receivables-errors.js';

const ONE_CENT = dec('0.01');

export interface AmountFields {
  amount: string;
  discount: string;
  dueDate: string;
  /** The field naming each installment (same order as `states`). */
  installments: readonly string[];
}

export interface AmountInput {
  states: readonly InstallmentState[];
  dueDate: LocalDate;
  settlement: boolean;
  /** The amount sent for the boleto or charge; null for a settlement. */
  amount: Decimal | null;
  discount: Decimal;
  allowDecapitalization: boolean;
  fields: AmountFields;
}

export interface CollectionAmounts {
  /** Valor do documento: the updated balance (settlement) or the amount sent. */
  documentAmount: Decimal;
  discount: Decimal;
  /** documentAmount − discount. */
  charged: Decimal;
  /** The discount's share of each installment (sums to `discount`). */
  shares: Decimal[];
}

/** Balance of each installment at the due date; refusals name the installment's field. */
function balancesAt(input: AmountInput, config: ChargesConfig): Decimal[] {
  return input.states.map((state, i) =>
    withFieldNames({ installmentNumber: input.fields.installments[i] ?? 'nroParcela', dueDate: input.fields.dueDate, discount: input.fields.discount }, () =>
      settlementAmount(state, { dueDate: input.dueDate, discount: ZERO, allowDecapitalization: input.allowDecapitalization }, config),
    ),
  );
}

/** Shares `discount` in installment order, each share below its balance; null when it does not fit. */
export function shareDiscount(discount: Decimal, balances: readonly Decimal[]): Decimal[] | null {
  let rest = discount;
  const shares = balances.map((balance) => {
    const share = Decimal.max(ZERO, Decimal.min(rest, balance.minus(ONE_CENT))) as Decimal;
    rest = rest.minus(share);
    return share;
  });
  return rest.isZero() ? shares : null;
}

export function collectionAmounts(input: AmountInput, config: ChargesConfig): CollectionAmounts {
  if (input.states.length === 0) throw new Error('assertion: a boleto or charge covers at least one installment');
  checkDiscountAmount(input.discount, input.fields.discount);
  const balances = balancesAt(input, config);
  const total = sum(balances);
  const documentAmount = input.amount ?? total;
  if (input.amount !== null && input.amount.greaterThan(total)) {
    throw businessError(C.amountAboveBalance, `Valor (${input.amount.toFixed(2)}) não pode ser superior ao saldo atual das parcelas (${total.toFixed(2)})`, input.fields.amount);
  }
  if (input.amount !== null && input.discount.greaterThanOrEqualTo(input.amount)) {
    throw businessError(C.discountNotBelowAmount, 'Valor de desconto deve ser menor que o valor informado', input.fields.discount);
  }
  const shares = shareDiscount(input.discount, balances);
  if (shares === null) throw discountTooHigh(input.fields.discount);
  return { documentAmount, discount: input.discount, charged: documentAmount.minus(input.discount), shares };
}

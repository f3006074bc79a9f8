// Amount of a settlement boleto or Pix (`liquidacao: true`) due on a date: the installment's
// balance updated to that date, minus the discount. Boleto generation calls this per installment
// and adds the results, so a boleto shows what a launch on its due date would accept.
import type { LocalDate } from '../../../../platform/dates.js';
import type { Decimal } from '../../../../platform/money.js';
import { checkDiscountAmount, checkDiscountBelowBalance, checkInstallmentOpen } from './amount-rules.js';
import { updateBalance } from './balance-update.js';
import type { ChargesConfig } from './charges-config.js';
import type { InstallmentState } from './installment-state.js';

export interface SettlementInput {
  /** The boleto's due date: the date the balance is updated to. */
  readonly dueDate: LocalDate;
  readonly discount: Decimal;
  readonly allowDecapitalization: boolean;
}

/** Fields blamed by the refusals (the callers map them to their request's paths). */
const SETTLEMENT_FIELDS = { discount: 'discount', date: 'dueDate' } as const;

/**
 * The updated balance at `dueDate` (late charges, or the early reduction when allowed) minus
 * `discount`. Refusals: installment paid or cancelled, PARC002/PARC003 bad discount,
 * PARC009 due date before the last launch, PARC004 discount ≥ updated balance.
 */
export function settlementAmount(state: InstallmentState, input: SettlementInput, config: ChargesConfig): Decimal {
  checkInstallmentOpen(state);
  checkDiscountAmount(input.discount, SETTLEMENT_FIELDS.discount);
  const updated = updateBalance(state, input.dueDate, input.allowDecapitalization, config, SETTLEMENT_FIELDS.date);
  checkDiscountBelowBalance(input.discount, updated.net, SETTLEMENT_FIELDS.discount);
  return updated.net.minus(input.discount);
}

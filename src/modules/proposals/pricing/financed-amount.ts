// Which of the proposal's money fields the partner finances. The reasoning per field is in
// docs/pricing.md ("Financed amount"); the lists below are the single source for the code.
import { type Decimal, ZERO, sum } from '../../../platform/money.js';
import { assertCents } from './input-checks.js';

/**
 * Upfront costs added to vlrSolicitado to form the principal (vlrIOF is financed too, but it is
 * computed on the principal itself, so it is added by the gross-up, not listed here).
 */
export const FINANCED_COST_FIELDS = [
  'vlrTAC',
  'vlrSeguro',
  'vlrOutrasDespesas',
  'vlrOutrosServicos',
  'vlrCorban',
  'vlrAvaliacao',
  'vlrDespachante',
  'vlrRegistro',
  'vlrServTerceiro',
  'vlrRegistroCartorio',
  'vlrAcessorios',
  'vlrVistoria',
  'vlrCertiDocs',
  'vlrBlindagem',
] as const;

/** Charged with every installment, outside the Price maths (no interest on them). */
export const MONTHLY_CHARGE_FIELDS = ['vlrTxAdmMensal', 'vlrSeguroMensal1', 'vlrSeguroMensal2'] as const;

/**
 * Money fields that are not a cost of the loan: vlrSolicitado is the amount released, vlrIOF is
 * the tax (handled apart), vlrParcela is a result, vlrBoleto a per-boleto collection fee charged
 * when a boleto is paid, vlrRetencao the amount retained from the customer's card receivables to
 * repay (a repayment channel, not a cost).
 */
export const NOT_COST_FIELDS = ['vlrSolicitado', 'vlrIOF', 'vlrParcela', 'vlrBoleto', 'vlrRetencao'] as const;

export type FinancedCostField = (typeof FINANCED_COST_FIELDS)[number];
export type MonthlyChargeField = (typeof MONTHLY_CHARGE_FIELDS)[number];
export type CostAmounts = Partial<Record<FinancedCostField | MonthlyChargeField, Decimal | null>>;

function total(amounts: CostAmounts, fields: readonly (FinancedCostField | MonthlyChargeField)[]): Decimal {
  return sum(
    fields.map((field) => {
      const value = amounts[field] ?? ZERO;
      assertCents(value, field);
      return value;
    }),
  );
}

/** Σ of the financed upfront costs (IOF excluded). */
export function financedCosts(amounts: CostAmounts): Decimal {
  return total(amounts, FINANCED_COST_FIELDS);
}

/** Σ of the monthly charges added to every installment. */
export function monthlyCharges(amounts: CostAmounts): Decimal {
  return total(amounts, MONTHLY_CHARGE_FIELDS);
}

/** The principal before IOF: what the customer receives plus the costs it finances. */
export function principalBeforeIof(requestedAmount: Decimal, amounts: CostAmounts): Decimal {
  assertCents(requestedAmount, 'vlrSolicitado');
  return requestedAmount.plus(financedCosts(amounts));
}

/** The financed amount: vlrSolicitado + every financed cost + vlrIOF. */
export function financedAmount(requestedAmount: Decimal, amounts: CostAmounts, iof: Decimal): Decimal {
  assertCents(iof, 'vlrIOF');
  return principalBeforeIof(requestedAmount, amounts).plus(iof);
}

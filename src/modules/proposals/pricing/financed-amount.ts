// Which of the proposal's money fields the partner finances. The reasoning per field is in
// docs/pricing.md ("Financed amount"); the lists below are the single source for the code.
import { type Decimal, ZERO, sum } from '../../../platform/money.js';
import { assertCents } from './input-checks.js';

/**
 * Upfront costs added to the requested amount to form the principal (the IOF is financed too, but
 * it is computed on the principal itself, so it is added by the gross-up, not listed here). English
 * keys (docs/glossary.md); the wire field of each is in ../proposal-application-wire.ts.
 */
export const FINANCED_COST_FIELDS = [
  'tac',
  'insurance',
  'otherExpenses',
  'otherServices',
  'correspondent',
  'appraisal',
  'dispatcher',
  'registration',
  'thirdPartyServices',
  'notaryRegistration',
  'accessories',
  'inspection',
  'documentCertificates',
  'armoring',
] as const;

/** Charged with every installment, outside the Price maths (no interest on them). */
export const MONTHLY_CHARGE_FIELDS = ['monthlyAdminFee', 'monthlyInsurance1', 'monthlyInsurance2'] as const;

export type FinancedCostField = (typeof FINANCED_COST_FIELDS)[number];
export type MonthlyChargeField = (typeof MONTHLY_CHARGE_FIELDS)[number];
export type CostField = FinancedCostField | MonthlyChargeField;
/** Every cost category, financed ones first (the order problems are reported in). */
export const COST_FIELDS: readonly CostField[] = [...FINANCED_COST_FIELDS, ...MONTHLY_CHARGE_FIELDS];
export type CostAmounts = Partial<Record<CostField, Decimal | null>>;

function total(amounts: CostAmounts, fields: readonly CostField[]): Decimal {
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
  assertCents(requestedAmount, 'requestedAmount');
  return requestedAmount.plus(financedCosts(amounts));
}

/** The financed amount: requested amount + every financed cost + IOF. */
export function financedAmount(requestedAmount: Decimal, amounts: CostAmounts, iof: Decimal): Decimal {
  assertCents(iof, 'iof');
  return principalBeforeIof(requestedAmount, amounts).plus(iof);
}

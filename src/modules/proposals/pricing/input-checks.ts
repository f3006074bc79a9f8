// The pure check a proposal validator runs before calling priceProposal, against the pricing
// limits (declared in ../limits.ts with their units). The maths asserts them too (a violation
// there is a programmer error: the validator let a bad input through).
import { type Decimal, dec } from '../../../platform/money.js';
import { type LocalDate, daysBetween } from '../../../platform/dates.js';
import { TERM_MONTHS_MAX, FIRST_PERIOD_DAYS_MIN, FIRST_PERIOD_DAYS_MAX, MONTHLY_RATE_PERCENT_MAX, MONEY_SCALE_MAX } from '../limits.js';
import type { CostField } from './financed-amount.js';

/** The amounts checked besides the requested amount: every cost, the IOF and the installment as sent. */
export type PricedAmountField = CostField | 'iof' | 'installment';
/** The field a pricing problem names (English; the caller maps it to the wire path). */
export type PricingField = 'requestedAmount' | 'termMonths' | 'monthlyRatePercent' | 'firstDueDate' | PricedAmountField;
/** The wire path of each pricing field (the mapping layer builds it). */
export type PricingPaths = Readonly<Record<PricingField, string>>;

export interface PricingProblem {
  /** The offending field, in English (the caller maps it to its wire path: PricingPaths). */
  field: PricingField;
  /** Catalogue code and detail of the interface where one fits, else a code of this service. */
  code: string;
  detail: string;
  description: string;
}

export interface PricingTerms {
  requestedAmount: Decimal;
  monthlyRatePercent: Decimal;
  termMonths: number;
  contractDate: LocalDate;
  firstDueDate: LocalDate;
  /** Every other money field sent (costs, IOF, installment); null = absent. */
  amounts: Readonly<Partial<Record<PricedAmountField, Decimal | null>>>;
}

function isCents(value: Decimal): boolean {
  return value.decimalPlaces() <= MONEY_SCALE_MAX;
}

/** Every problem of the pricing inputs at once (empty = priceProposal may be called). */
export function pricingInputProblems(terms: PricingTerms): PricingProblem[] {
  const problems: PricingProblem[] = [];
  if (!terms.requestedAmount.greaterThan(0) || !isCents(terms.requestedAmount)) {
    problems.push({ field: 'requestedAmount', code: 'C0196', detail: 'V0001', description: 'Valor solicitado inválido: informe um valor maior que zero, com até duas casas decimais.' });
  }
  if (!Number.isInteger(terms.termMonths) || terms.termMonths < 1 || terms.termMonths > TERM_MONTHS_MAX) {
    problems.push({ field: 'termMonths', code: 'C0196', detail: 'V0004', description: `Prazo inválido: informe um número inteiro de meses entre 1 e ${TERM_MONTHS_MAX}.` });
  }
  const rate = terms.monthlyRatePercent;
  if (rate.isNegative() || rate.greaterThan(MONTHLY_RATE_PERCENT_MAX)) {
    problems.push({ field: 'monthlyRatePercent', code: 'C0185', detail: 'V0009', description: `Percentual de juros inválido: informe um valor entre 0 e ${MONTHLY_RATE_PERCENT_MAX} (% ao mês).` });
  }
  const firstPeriodDays = daysBetween(terms.contractDate, terms.firstDueDate);
  if (firstPeriodDays < FIRST_PERIOD_DAYS_MIN || firstPeriodDays > FIRST_PERIOD_DAYS_MAX) {
    problems.push({ field: 'firstDueDate', code: 'PRICING', detail: 'FIRST_DUE_DATE', description: `Data do primeiro vencimento inválida: deve ser posterior à data do contrato (${terms.contractDate}) em no máximo ${FIRST_PERIOD_DAYS_MAX} dias.` });
  }
  for (const [field, value] of Object.entries(terms.amounts) as [PricedAmountField, Decimal | null | undefined][]) {
    if (value === null || value === undefined) continue;
    if (value.isNegative() || !isCents(value)) {
      problems.push({ field, code: 'PRICING', detail: 'AMOUNT', description: 'Valor inválido: informe um valor não negativo, com até duas casas decimais.' });
    }
  }
  return problems;
}

/** Assertion twin of the checks above, for the maths' own entry points. */
export function assertCents(value: Decimal, what: string): void {
  if (value.isNegative() || !isCents(value)) throw new Error(`assertion: ${what} must be non-negative centavos, got ${value.toString()}`);
}

export function assertTerm(termMonths: number): void {
  if (!Number.isInteger(termMonths) || termMonths < 1 || termMonths > TERM_MONTHS_MAX) {
    throw new Error(`assertion: term ${termMonths} outside 1..${TERM_MONTHS_MAX} months`);
  }
}

export function assertMonthlyRate(monthlyRate: Decimal): void {
  if (monthlyRate.isNegative() || monthlyRate.greaterThan(dec(MONTHLY_RATE_PERCENT_MAX).div(100))) {
    throw new Error(`assertion: monthly rate ${monthlyRate.toString()} outside 0..${MONTHLY_RATE_PERCENT_MAX}%`);
  }
}

export function assertFirstPeriod(firstPeriodDays: number): void {
  if (firstPeriodDays < FIRST_PERIOD_DAYS_MIN || firstPeriodDays > FIRST_PERIOD_DAYS_MAX) {
    throw new Error(`assertion: first period of ${firstPeriodDays} days outside ${FIRST_PERIOD_DAYS_MIN}..${FIRST_PERIOD_DAYS_MAX}`);
  }
}

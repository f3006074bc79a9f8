// The pure check a proposal validator runs before calling priceProposal, against the pricing
// limits (declared in ../limits.ts with their units). The maths asserts them too (a violation
// there is a programmer error: the validator let a bad input through).
import { type Decimal, dec } from '../../../platform/money.js';
import { type LocalDate, daysBetween } from '../../../platform/dates.js';
import { TERM_MONTHS_MAX, FIRST_PERIOD_DAYS_MIN, FIRST_PERIOD_DAYS_MAX, MONTHLY_RATE_PERCENT_MAX, MONEY_SCALE_MAX } from '../limits.js';

export interface PricingProblem {
  /** Wire name of the offending field (the caller prefixes the JSON path, e.g. `dto.`). */
  field: string;
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
  /** Every other money field sent (costs, vlrIOF, vlrParcela), by wire name; null = absent. */
  amounts: Readonly<Record<string, Decimal | null | undefined>>;
}

function isCents(value: Decimal): boolean {
  return value.decimalPlaces() <= MONEY_SCALE_MAX;
}

/** Every problem of the pricing inputs at once (empty = priceProposal may be called). */
export function pricingInputProblems(terms: PricingTerms): PricingProblem[] {
  const problems: PricingProblem[] = [];
  if (!terms.requestedAmount.greaterThan(0) || !isCents(terms.requestedAmount)) {
    problems.push({ field: 'vlrSolicitado', code: 'C0196', detail: 'V0001', description: 'Valor solicitado inválido: informe um valor maior que zero, com até duas casas decimais.' });
  }
  if (!Number.isInteger(terms.termMonths) || terms.termMonths < 1 || terms.termMonths > TERM_MONTHS_MAX) {
    problems.push({ field: 'prazo', code: 'C0196', detail: 'V0004', description: `Prazo inválido: informe um número inteiro de meses entre 1 e ${TERM_MONTHS_MAX}.` });
  }
  const rate = terms.monthlyRatePercent;
  if (rate.isNegative() || rate.greaterThan(MONTHLY_RATE_PERCENT_MAX)) {
    problems.push({ field: 'percJurosNegociado', code: 'C0185', detail: 'V0009', description: `Percentual de juros inválido: informe um valor entre 0 e ${MONTHLY_RATE_PERCENT_MAX} (% ao mês).` });
  }
  const firstPeriodDays = daysBetween(terms.contractDate, terms.firstDueDate);
  if (firstPeriodDays < FIRST_PERIOD_DAYS_MIN || firstPeriodDays > FIRST_PERIOD_DAYS_MAX) {
    problems.push({ field: 'dtPrimeiroVencto', code: 'PRICING', detail: 'FIRST_DUE_DATE', description: `Data do primeiro vencimento inválida: deve ser posterior à data do contrato (${terms.contractDate}) em no máximo ${FIRST_PERIOD_DAYS_MAX} dias.` });
  }
  for (const [field, value] of Object.entries(terms.amounts)) {
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

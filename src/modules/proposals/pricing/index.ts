// One entry for the loan-pricing maths of a proposal: financed amount (with the IOF financed and
// grossed up), Price schedule, installment check, IOF cap (on its daily part) and CET. Pure: plain values in, plain
// values out; problems are returned as data for the use case to turn into messages.
// Conventions and decisions: docs/pricing.md.
import { type Decimal, ZERO, dec, percentToRate } from '../../../platform/money.js';
import type { LocalDate } from '../../../platform/dates.js';
import { computeCet } from './cet.js';
import { type CostAmounts, monthlyCharges, principalBeforeIof } from './financed-amount.js';
import { DEFAULT_IOF_CAPS, type IofCapCheck, type IofCaps, type IofResult, checkIofCap, computeIof, grossUpFinancedIof } from './iof.js';
import type { IofRate, PersonType } from './iof-rates.js';
import { decideInstallment } from './installment-check.js';
import type { PricingProblem } from './input-checks.js';
import { type PriceSchedule, buildPriceSchedule, dueDatesOf, priceFactorsOf } from './price.js';
import { formatBrl } from './format.js';
import { TERM_MONTHS_MAX, FIRST_PERIOD_DAYS_MAX, MONTHLY_RATE_PERCENT_MAX } from '../limits.js';

export interface ProposalPricingInput {
  personType: PersonType;
  /** The taxable event and start of interest: the date the proposal is contracted. */
  contractDate: LocalDate;
  firstDueDate: LocalDate; // dtPrimeiroVencto
  termMonths: number; // prazo
  monthlyRatePercent: Decimal; // percJurosNegociado, 1.99 = 1.99% a month
  requestedAmount: Decimal; // vlrSolicitado: what the customer receives
  costs: CostAmounts; // the cost categories as sent (null = absent)
  iofExempt: boolean; // parametros Proposta_IsentarIOF=true
  sentIof: Decimal | null; // vlrIOF as sent; 0 or null = compute
  sentInstallment: Decimal | null; // vlrParcela as sent; 0 or null = compute
  /** Operator caps of the IOF's daily part (settings); absent = the dated defaults. */
  iofCaps?: IofCaps;
}

export interface ProposalScheduleRow {
  number: number;
  dueDate: LocalDate;
  /** What the customer pays on that date: the Price installment plus the monthly charges. */
  installment: Decimal;
  interest: Decimal;
  amortization: Decimal;
  monthlyCharges: Decimal;
  balance: Decimal;
}

export type IofSource = 'computed' | 'sent' | 'exempt';

export interface ProposalPricing {
  requestedAmount: Decimal;
  /** Σ of the financed upfront costs, IOF excluded. */
  financedCosts: Decimal;
  financedAmount: Decimal;
  monthlyCharges: Decimal;
  /** The vlrParcela the proposal carries: the partner's when accepted, else the computed one. */
  installmentAmount: Decimal;
  computedInstallmentAmount: Decimal;
  installmentSource: 'sent' | 'computed';
  firstPeriodDays: number;
  schedule: ProposalScheduleRow[];
  iof: {
    total: Decimal;
    /** The parts are known only when the service computed the IOF (null when the partner sent it). */
    daily: Decimal | null;
    additional: Decimal | null;
    source: IofSource;
    rate: IofRate | null;
    cap: IofCapCheck;
  };
  /** Null for a plan that cannot be offered (its payments do not amortize: see `problems`). */
  cet: { annualPercent: Decimal; monthlyPercent: Decimal } | null;
  /** Empty when the proposal can be accepted as priced. */
  problems: PricingProblem[];
}

interface IofOutcome {
  financed: Decimal;
  source: IofSource;
  computed: IofResult | null;
  total: Decimal;
  /** The dated table's IOF on the financed amount (what the cap check compares with). */
  table: IofResult;
}

function resolveIof(input: ProposalPricingInput, base: Decimal, scheduleOf: (principal: Decimal) => PriceSchedule): IofOutcome {
  const iofOf = (principal: Decimal): IofResult =>
    computeIof({ contractDate: input.contractDate, personType: input.personType, principal, amortizations: scheduleOf(principal).rows });
  // The engine never changes a value the partner sent: a vlrIOF > 0 is financed as sent.
  if (input.sentIof !== null && input.sentIof.greaterThan(0)) {
    const financed = base.plus(input.sentIof);
    return { financed, source: 'sent', computed: null, total: input.sentIof, table: iofOf(financed) };
  }
  if (input.iofExempt) return { financed: base, source: 'exempt', computed: null, total: ZERO, table: iofOf(base) };
  const g = grossUpFinancedIof(base, iofOf);
  return { financed: g.financed, source: 'computed', computed: g.iof, total: g.iof.total, table: g.iof };
}

function problemsOf(iof: IofOutcome, cap: IofCapCheck, schedule: PriceSchedule): PricingProblem[] {
  const problems: PricingProblem[] = [];
  // The cap binds the daily part of every IOF, the partner's and the one the table yields (which
  // the default ceiling always admits): see docs/pricing.md, "IOF cap".
  if (iof.source !== 'exempt' && cap.over) problems.push(iofOverCapProblem(iof, cap));
  if (!schedule.wellFormed) {
    problems.push({
      field: 'termMonths',
      code: 'C0196',
      detail: 'V0004',
      description: 'A combinação de valor, taxa e prazo não gera um plano de parcelas válido: reduza o prazo ou revise a taxa.',
    });
  }
  return problems;
}

function iofOverCapProblem(iof: IofOutcome, cap: IofCapCheck): PricingProblem {
  const limit = `${cap.limitPercent.toString().replace('.', ',')}% do valor financiado (${formatBrl(cap.limitAmount)})`;
  const part = `parte diária de ${formatBrl(cap.dailyPart)}, sem o adicional`;
  const description =
    iof.source === 'sent'
      ? `O valor do IOF (${formatBrl(iof.total)}; ${part}) excede o máximo de ${limit}.`
      : `O IOF calculado para esta operação (${formatBrl(iof.total)}; ${part}) excede o máximo de ${limit}: reduza o prazo ou o valor, ou informe Proposta_IsentarIOF=true se a operação for isenta.`;
  return { field: 'iof', code: 'PRICING', detail: 'IOF_OVER_CAP', description };
}

export function priceProposal(input: ProposalPricingInput): ProposalPricing {
  const monthlyRate = percentToRate(input.monthlyRatePercent);
  // The due dates once for every schedule priced below (issue 14: the gross-up prices several).
  const dueDates = dueDatesOf(input.firstDueDate, input.termMonths);
  const plan = { monthlyRate, termMonths: input.termMonths, contractDate: input.contractDate, firstDueDate: input.firstDueDate, dueDates };
  // The terms' factors once, and each principal's computed schedule once: the gross-up and the
  // final schedule price the same principal again (issue 14; the same values as pricing afresh).
  const terms = { ...plan, factors: priceFactorsOf(plan) };
  const computed = new Map<string, PriceSchedule>();
  const scheduleOf = (principal: Decimal, installment: Decimal | null = null): PriceSchedule => {
    if (installment !== null) return buildPriceSchedule({ ...terms, principal, installment });
    const key = principal.toString();
    let schedule = computed.get(key);
    if (schedule === undefined) computed.set(key, (schedule = buildPriceSchedule({ ...terms, principal })));
    return schedule;
  };
  const base = principalBeforeIof(input.requestedAmount, input.costs);
  const charges = monthlyCharges(input.costs);

  const iof = resolveIof(input, base, scheduleOf);
  const computedSchedule = scheduleOf(iof.financed);
  const computedInstallment = computedSchedule.installment.plus(charges);
  const decision = decideInstallment(input.sentInstallment, computedInstallment);
  const installmentProblems: PricingProblem[] =
    decision.kind === 'mismatch' ? [{ field: 'installment', code: 'PRICING', detail: 'INSTALLMENT_MISMATCH', description: decision.description }] : [];
  // An accepted partner installment drives the schedule as sent (the last one absorbs the difference).
  const schedule = decision.kind === 'accepted' && !decision.installment.equals(computedInstallment) ? scheduleOf(iof.financed, decision.installment.minus(charges)) : computedSchedule;
  const rows = schedule.rows.map((r) => ({ ...r, installment: r.installment.plus(charges), monthlyCharges: charges }));

  // ln(1+i)·365/31 is at or below the CET root (every month has at most 31 days and costs only
  // raise the CET), which lets the monotone Newton solver start there.
  const guessLogRate = monthlyRate.isZero() ? undefined : dec(1).plus(monthlyRate).ln().times(365).div(31);
  // A plan whose installments do not amortize (a payment at or below zero) has no CET: it is refused.
  const cet = !schedule.wellFormed ? null : computeCet({ contractDate: input.contractDate, released: input.requestedAmount, payments: rows.map((r) => ({ dueDate: r.dueDate, amount: r.installment })), guessLogRate });
  const cap = checkIofCap({
    total: iof.total,
    daily: iof.computed?.daily ?? null,
    financed: iof.financed,
    contractDate: input.contractDate,
    personType: input.personType,
    table: iof.table,
    caps: input.iofCaps ?? DEFAULT_IOF_CAPS,
  });

  return {
    requestedAmount: input.requestedAmount,
    financedCosts: base.minus(input.requestedAmount),
    financedAmount: iof.financed,
    monthlyCharges: charges,
    installmentAmount: decision.kind === 'mismatch' ? decision.sent : decision.installment,
    computedInstallmentAmount: computedInstallment,
    installmentSource: decision.kind === 'computed' ? 'computed' : 'sent',
    firstPeriodDays: schedule.firstPeriodDays,
    schedule: rows,
    iof: {
      total: iof.total,
      daily: iof.computed?.daily ?? (iof.source === 'exempt' ? ZERO : null),
      additional: iof.computed?.additional ?? (iof.source === 'exempt' ? ZERO : null),
      source: iof.source,
      rate: iof.computed?.rate ?? null,
      cap,
    },
    cet: cet && { annualPercent: cet.annualPercent, monthlyPercent: cet.monthlyPercent },
    problems: [...installmentProblems, ...problemsOf(iof, cap, schedule)],
  };
}

/** The CET of a plan that passed pricing (no problems): an assertion, not a refusal. */
export function offeredCet(pricing: ProposalPricing): NonNullable<ProposalPricing['cet']> {
  if (pricing.cet === null) throw new Error('assertion: a plan with pricing problems has no CET and is never stored');
  return pricing.cet;
}

export { pricingInputProblems } from './input-checks.js';
export { TERM_MONTHS_MAX, FIRST_PERIOD_DAYS_MAX, MONTHLY_RATE_PERCENT_MAX } from '../limits.js';
export type { PricingProblem, PricingTerms, PricingField, PricingPaths, PricedAmountField } from './input-checks.js';
export type { PersonType, IofRate } from './iof-rates.js';
export type { CostAmounts, CostField } from './financed-amount.js';
export { COST_FIELDS, FINANCED_COST_FIELDS, MONTHLY_CHARGE_FIELDS } from './financed-amount.js';
export { DEFAULT_IOF_CAPS, INTERFACE_IOF_CAP_PERCENT, defaultIofCapPercent, type IofCaps } from './iof.js';
export { INSTALLMENT_TOLERANCE_CENTS } from './installment-check.js';

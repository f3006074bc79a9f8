// Between the pricing maths and the tables: the pricing columns of a proposal, its installment
// rows, the pricing input of a stored proposal (Finalizar prices it again with the same inputs and
// contract date) and the plan handed to receivables at disbursement. Pure.
import type { Insertable } from 'kysely';
import { type LocalDate, localDate } from '../../platform/dates.js';
import { type Decimal, dec, percentToRate } from '../../platform/money.js';
import type { PlannedInstallment } from '../receivables/index.js';
import { type ProposalPricing, type ProposalPricingInput, offeredCet } from './pricing/index.js';
import { sentFigures } from './proposal-application-wire.js';
import type { InstallmentRow, ProposalRow } from './proposal-repository.js';
import type { ProposalInstallmentsTable, ProposalsTable } from './tables.js';

type PricingColumns = Pick<
  Insertable<ProposalsTable>,
  | 'financed_costs'
  | 'financed_amount'
  | 'monthly_charges'
  | 'installment_amount'
  | 'installment_source'
  | 'iof_amount'
  | 'iof_source'
  | 'cet_annual_percent'
  | 'cet_monthly_percent'
>;

const money = (value: Decimal): string => value.toFixed(2);

export function pricingColumnsOf(pricing: ProposalPricing): PricingColumns {
  return {
    financed_costs: money(pricing.financedCosts),
    financed_amount: money(pricing.financedAmount),
    monthly_charges: money(pricing.monthlyCharges),
    installment_amount: money(pricing.installmentAmount),
    installment_source: pricing.installmentSource,
    iof_amount: money(pricing.iof.total),
    iof_source: pricing.iof.source,
    cet_annual_percent: offeredCet(pricing).annualPercent.toFixed(2),
    cet_monthly_percent: offeredCet(pricing).monthlyPercent.toFixed(2),
  };
}

export function installmentRowsOf(proposalId: string, pricing: ProposalPricing): Insertable<ProposalInstallmentsTable>[] {
  return pricing.schedule.map((r) => ({
    proposal_id: proposalId,
    numero: r.number,
    due_date: r.dueDate,
    amount: money(r.installment),
    interest: money(r.interest),
    amortization: money(r.amortization),
    monthly_charges: money(r.monthlyCharges),
    balance_after: money(r.balance),
  }));
}

/** The pricing input of a stored proposal: what the partner sent and the original contract date. */
export function pricingInputOf(row: ProposalRow): ProposalPricingInput {
  return {
    personType: row.person_type,
    contractDate: localDate(row.contract_date),
    firstDueDate: localDate(row.first_due_date),
    termMonths: row.term_months,
    monthlyRatePercent: dec(row.monthly_rate_percent),
    requestedAmount: dec(row.requested_amount),
    iofExempt: row.iof_exempt,
    ...sentFigures(row.dto),
  };
}

/** The stored plan as receivables' contract wants it. */
export function plannedInstallmentsOf(rows: readonly InstallmentRow[]): PlannedInstallment[] {
  return rows.map((r) => ({
    number: r.numero,
    dueDate: localDate(r.due_date),
    amount: dec(r.amount),
    principal: dec(r.amortization),
    interest: dec(r.interest),
    balanceAfter: dec(r.balance_after),
  }));
}

export function monthlyRateOf(row: ProposalRow): Decimal {
  return percentToRate(row.monthly_rate_percent);
}

export function firstDueDateOf(row: ProposalRow): LocalDate {
  return localDate(row.first_due_date);
}

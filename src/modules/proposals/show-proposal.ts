// `caas proposal show NUMERO` (issue 15): one proposal of any partner with its data, pricing,
// history and a summary of its schedule (the plan; once disbursed, the receivables' state).
// Read-only, on the pool.
import { businessError } from '../../platform/errors.js';
import type { Executor } from '../../platform/db/pool.js';
import { partnerProfile } from '../partners/index.js';
import { ZERO } from '../../platform/money.js';
import { paymentAccountView } from './proposal-view.js';
import { isProposalStatus, statusDescription } from './proposal-lifecycle.js';
import { ProposalCode } from './proposal-codes.js';
import type { ScheduleHooks } from './proposal-deps.js';
import { findByNumberForOperator, listHistory, listInstallments } from './proposal-repository.js';

const describe = (status: number | null) => (status !== null && isProposalStatus(status) ? statusDescription(status) : null);

export async function showProposal(db: Executor, numero: number, deps: { schedule: Pick<ScheduleHooks, 'summarizeSchedule'> }) {
  const row = await findByNumberForOperator(db, numero);
  if (row === null) throw businessError(ProposalCode.notFound, `Proposta ${numero} não encontrada.`, 'numero');
  const partner = await partnerProfile(db, row.partner_id);
  if (partner === null) throw new Error(`assertion: proposal ${row.numero} has no partner`);
  const [history, plan, schedule] = await Promise.all([listHistory(db, row.partner_id, row.id), listInstallments(db, row.id), deps.schedule.summarizeSchedule(db, row.partner_id, row.id)]);
  return {
    data: {
      number: row.numero,
      code: row.id,
      partner: partner.clientId,
      partnerName: partner.name,
      operationCode: row.codigo_operacao,
      status: row.status,
      statusDescription: describe(row.status),
      personType: row.person_type,
      document: row.customer_document,
      contractType: row.contract_type,
      createdAt: row.created_at.toISOString(),
      paymentAccount: paymentAccountView(row.payment_account),
      refusalReason: row.refusal_reason,
      cancellationReason: row.cancellation_reason,
    },
    pricing: {
      contractDate: row.contract_date,
      firstDueDate: row.first_due_date,
      termMonths: row.term_months,
      monthlyRatePercent: row.monthly_rate_percent,
      requestedAmount: row.requested_amount,
      financedCosts: row.financed_costs,
      iofAmount: row.iof_amount,
      iofSource: row.iof_source,
      tacAmount: row.tac_amount,
      financedAmount: row.financed_amount,
      monthlyCharges: row.monthly_charges,
      installmentAmount: row.installment_amount,
      installmentSource: row.installment_source,
      cetAnnualPercent: row.cet_annual_percent,
      cetMonthlyPercent: row.cet_monthly_percent,
    },
    history: history.map((h) => ({
      on: h.occurred_on,
      recordedAt: h.recorded_at.toISOString(),
      event: h.event,
      from: h.from_status,
      to: h.to_status,
      toDescription: describe(h.to_status),
      actor: h.actor,
      reason: h.reason,
    })),
    plan: {
      installments: plan.length,
      firstDueDate: plan[0]?.due_date ?? null,
      lastDueDate: plan.at(-1)?.due_date ?? null,
      totalAmount: plan.reduce((sum, i) => sum.plus(i.amount), ZERO).toFixed(2),
    },
    schedule:
      schedule === null
        ? null
        : {
            status: schedule.status,
            statusDescription: schedule.statusText,
            installments: schedule.installmentCount,
            installmentsPaid: schedule.paidInstallmentCount,
            totalPaid: schedule.totalPaid.toFixed(2),
            balance: schedule.outstandingBalance.toFixed(2),
            paidOffOn: schedule.paidOffOn,
          },
  };
}

export type ProposalDetails = Awaited<ReturnType<typeof showProposal>>;

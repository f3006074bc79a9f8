// The service team's part of the lifecycle (`caas proposal approve|disburse|assign|refuse`):
// the same state machine and transition writer as the HTTP operations, one transaction per
// command. The proposal is named by its number (unique across partners); `at` dates the event.
import type { CommandScope } from '../../platform/commands.js';
import { inTransaction, type Tx } from '../../platform/db/pool.js';
import { addDays, compareDates, type LocalDate, localDate } from '../../platform/dates.js';
import { dec } from '../../platform/money.js';
import { ProposalCode, refusal } from './proposal-codes.js';
import { todayOf } from './proposal-access.js';
import type { ProposalDeps } from './proposal-deps.js';
import { type LifecycleEvent, ProposalStatus, disbursementPath, statusDescription } from './proposal-lifecycle.js';
import { bankByNumber } from '../banking/index.js';
import type { PaymentAccount } from '../banking/index.js';
import { firstDueDateOf, monthlyRateOf, plannedInstallmentsOf } from './proposal-plan.js';
import { findByNumberForOperator, listInstallments, type ProposalRow } from './proposal-repository.js';
import { cancelRow } from './cancel-proposal.js';
import { refuseRow } from './refuse-proposal.js';
import { applyEvent, type EventContext, statusOf } from './proposal-transitions.js';
import { DISBURSEMENT_AHEAD_DAYS_MAX } from './limits.js';


export interface OperatorCommand {
  /** The proposal's number (unique across partners). */
  proposalNumber: number;
  /** The event's date; default today in São Paulo. */
  at?: LocalDate | null;
  reason?: string | null;
  /** The operator's name, recorded in the history. */
  by: string;
}

export interface OperatorOutcome {
  proposalNumber: number;
  proposalId: string;
  status: number;
  statusDescription: string;
  transitions: { event: LifecycleEvent; from: number; to: number; on: LocalDate }[];
}

interface Step {
  ctx: EventContext;
  row: ProposalRow;
  on: LocalDate;
  command: OperatorCommand;
}

function eventDate(command: OperatorCommand, today: LocalDate, aheadDaysMax: number): LocalDate {
  const on = command.at ?? today;
  if (compareDates(on, addDays(today, aheadDaysMax)) > 0) {
    throw refusal(ProposalCode.eventDate, aheadDaysMax === 0 ? `A data do evento (${on}) não pode ser futura.` : `A data da liberação (${on}) pode ser no máximo ${aheadDaysMax} dias após hoje.`);
  }
  return on;
}

async function run(scope: CommandScope, command: OperatorCommand, aheadDaysMax: number, work: (step: Step) => Promise<ProposalRow>): Promise<OperatorOutcome> {
  const now = scope.clock.now();
  const on = eventDate(command, todayOf(now), aheadDaysMax);
  return inTransaction(scope.tx, async (tx: Tx) => {
    const row = await findByNumberForOperator(tx, command.proposalNumber, 'wait');
    if (row === null) throw refusal(ProposalCode.notFound, `Proposta ${command.proposalNumber} não encontrada.`);
    const ctx: EventContext = { tx, now, actor: { kind: 'operator', name: command.by }, enqueue: scope.enqueue };
    const seen = await lastHistoryId(tx, row.id);
    const after = await work({ ctx, row, on, command });
    const status = statusOf(after);
    return { proposalNumber: after.numero, proposalId: after.id, status, statusDescription: statusDescription(status), transitions: await transitionsAfter(tx, row.id, seen) };
  });
}

async function lastHistoryId(tx: Tx, proposalId: string): Promise<number> {
  const row = await tx.selectFrom('proposal_history').select((eb) => eb.fn.max('id').as('id')).where('proposal_id', '=', proposalId).executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** The transitions this command wrote (the history is the record; the outcome reads it back). */
async function transitionsAfter(tx: Tx, proposalId: string, afterId: number): Promise<OperatorOutcome['transitions']> {
  const entries = await tx.selectFrom('proposal_history').selectAll().where('proposal_id', '=', proposalId).where('id', '>', afterId).orderBy('id').execute();
  return entries.map((h) => ({ event: h.event as LifecycleEvent, from: h.from_status ?? 0, to: h.to_status, on: localDate(h.occurred_on) }));
}

export function approveProposal(scope: CommandScope, command: OperatorCommand): Promise<OperatorOutcome> {
  return run(scope, command, 0, ({ ctx, row, on }) => applyEvent(ctx, row, 'approve', { on, reason: command.reason ?? null }));
}

export function assignProposal(scope: CommandScope, command: OperatorCommand): Promise<OperatorOutcome> {
  return run(scope, command, 0, ({ ctx, row, on }) => applyEvent(ctx, row, 'assign', { on, reason: command.reason ?? null }));
}

function requiredReason(command: OperatorCommand, what: string): string {
  const text = command.reason?.trim() ?? '';
  if (text === '') throw refusal(ProposalCode.reasonRequired, `O motivo ${what} deve ser informado (--reason).`);
  return text;
}

/**
 * The customer withdrew (CDC art. 49) and told the service team: the same rules, refund and
 * schedule closing as FGTS/CancelarProposta (cancelRow), dated today; a reason is required.
 */
export function cancelProposalAsOperator(scope: CommandScope, command: OperatorCommand, deps: ProposalDeps): Promise<OperatorOutcome> {
  return run(scope, command, 0, async ({ ctx, row }) => {
    const reason = requiredReason(command, 'do cancelamento');
    await cancelRow(ctx, row, deps, reason, reason);
    return (await findByNumberForOperator(ctx.tx, row.numero, 'none')) ?? row;
  });
}

export function refuseProposalAsOperator(scope: CommandScope, command: OperatorCommand): Promise<OperatorOutcome> {
  return run(scope, command, 0, ({ ctx, row, on }) => {
    return refuseRow(ctx, row, { code: null, text: requiredReason(command, 'da recusa') }, on);
  });
}

/** Money leaves only to a known account. */
function requireAccount(row: ProposalRow): void {
  if (row.payment_account === null) throw refusal(ProposalCode.paymentAccountMissing, 'A proposta não tem conta de pagamento: informe-a com Proposta/AtualizarContaPagamento antes da liberação.');
}

/** The payment order is issued but the money has not left yet: aprovada → pendente pagamento. */
export function requestPayment(scope: CommandScope, command: OperatorCommand): Promise<OperatorOutcome> {
  return run(scope, command, 0, ({ ctx, row, on }) => {
    requireAccount(row);
    return applyEvent(ctx, row, 'requestPayment', { on, reason: command.reason ?? null });
  });
}

/**
 * Disbursement: aprovada → pendente pagamento → liberada (or pendente pagamento → liberada), and
 * the receivables schedule opens with the plan's installments, in the same transaction.
 */
export function disburseProposal(scope: CommandScope, command: OperatorCommand, deps: ProposalDeps): Promise<OperatorOutcome> {
  return run(scope, command, DISBURSEMENT_AHEAD_DAYS_MAX, async ({ ctx, row, on }) => {
    const status = statusOf(row);
    const path = disbursementPath(status);
    if (path.length === 0 && (status === ProposalStatus.draft || status === ProposalStatus.finalized)) {
      throw refusal(ProposalCode.notApproved, `A proposta ainda não foi aprovada pelo analista de crédito (situação atual: ${statusDescription(status)}).`);
    }
    if (path.length === 0) throw refusal(ProposalCode.statusNotAllowed, `A situação atual da proposta (${statusDescription(status)}) não permite liberar a proposta.`);
    requireAccount(row);
    if (compareDates(on, firstDueDateOf(row)) >= 0) {
      throw refusal(ProposalCode.firstDueDatePassed, `A liberação (${on}) deve ser anterior ao primeiro vencimento (${row.first_due_date}).`);
    }
    let current = row;
    for (const event of path) current = await applyEvent(ctx, current, event, { on, reason: command.reason ?? null });
    const installments = plannedInstallmentsOf(await listInstallments(ctx.tx, row.id));
    await deps.schedule.openSchedule(
      ctx.tx,
      ctx.enqueue,
      {
        proposalId: row.id,
        partnerId: row.partner_id,
        proposalNumber: row.numero,
        operationCode: row.codigo_operacao,
        customerDocument: row.customer_document,
        customerName: holderNameIfCustomer(row),
        contractType: row.contract_type,
        financedAmount: dec(row.financed_amount),
        monthlyRate: monthlyRateOf(row),
        contractDate: localDate(row.contract_date),
        disbursedOn: on,
        creditAccount: creditAccountOf(row),
        installments,
      },
      ctx.now,
    );
    return current;
  });
}

/** The disbursement account as the schedule's event 0 shows it (requireAccount checked it exists). */
function creditAccountOf(row: ProposalRow) {
  const account = row.payment_account as PaymentAccount | null;
  if (account === null) throw new Error('assertion: a disbursed proposal has a payment account');
  return {
    bankNumber: account.bankNumber,
    bankName: bankByNumber(account.bankNumber)?.name ?? null,
    branch: account.branch,
    account: account.account,
    accountDigit: account.accountDigit,
  };
}

/** The account holder's name is the customer's when the account is the customer's own. */
function holderNameIfCustomer(row: ProposalRow): string | null {
  const account = row.payment_account as PaymentAccount | null;
  return account !== null && account.holderDocument.digits === row.customer_document ? account.holderName : null;
}

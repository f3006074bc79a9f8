// The schedule's life as the proposals module drives it (schedule-contract.ts): opened at
// disbursement, cancelled with the proposal, summarized for Proposta/Consultar. Proposals call
// these inside their own transaction, so the proposal and its schedule change together.
import type { Enqueue } from '../../../platform/commands.js';
import { randomUUID } from 'node:crypto';
import type { Executor } from '../../../platform/db/pool.js';
import { brazilDateAt, compareDates, localDate } from '../../../platform/dates.js';
import { dec, sum, toCents, ZERO } from '../../../platform/money.js';
import { EventType } from '../../callbacks/index.js';
import { isSettled, newInstallmentState, outstanding } from './charges-math/index.js';
import { issueBoleto } from '../collections/boleto-issue.js';
import { startRegistration } from '../collections/boleto-registration.js';
import { cancelLiveCollections } from '../collections/collection-cancel.js';
import type { CancelSchedule, OpenSchedule, ScheduleClosing, ScheduleOpening, SummarizeSchedule } from './schedule-contract.js';
import { enqueueScheduleCreated, enqueueScheduleEvent } from '../schedule-events.js';
import { findScheduleByProposal, installmentsOf, monthlyRateOf, scheduleStatusText, ScheduleStatus, stateOf } from './schedule-repository.js';
import type { ReceivablesSettings } from '../settings.js';

/** Installment numbers are 1..n in order: the numbers partners use in every later request. */
function assertOpening(opening: ScheduleOpening): void {
  if (opening.installments.length === 0) throw new Error('assertion: a schedule needs at least one installment');
  opening.installments.forEach((p, i) => {
    if (p.number !== i + 1) throw new Error(`assertion: installment numbers must be 1..n in order, got ${p.number} at position ${i + 1}`);
    toCents(p.amount);
    if (!p.amount.isPositive() || p.amount.isZero()) throw new Error(`assertion: installment ${p.number} amount must be positive`);
    localDate(p.dueDate);
  });
  toCents(opening.financedAmount);
}

export const openSchedule: OpenSchedule = async (tx, enqueue, opening, now) => {
  assertOpening(opening);
  const scheduleId = randomUUID();
  const schedule = await tx
    .insertInto('receivable_schedules')
    .values({
      id: scheduleId,
      partner_id: opening.partnerId,
      proposal_id: opening.proposalId,
      proposal_number: opening.proposalNumber,
      codigo_operacao: opening.operationCode,
      customer_document: opening.customerDocument,
      customer_name: opening.customerName,
      contract_type: opening.contractType,
      financed_amount: opening.financedAmount.toFixed(2),
      monthly_rate: opening.monthlyRate.toFixed(),
      disbursed_on: opening.disbursedOn,
      situacao: ScheduleStatus.open,
      created_at: now,
      paid_off_on: null,
      cancelled_on: null,
      cancelled_at: null,
      cancel_description: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const rows = opening.installments.map((p) => {
    // newInstallmentState asserts the amount and the contract rate.
    const state = newInstallmentState({ number: p.number, dueDate: p.dueDate, amount: p.amount, contractMonthlyRate: opening.monthlyRate });
    return {
      id: randomUUID(),
      schedule_id: scheduleId,
      partner_id: opening.partnerId,
      number: p.number,
      due_date: p.dueDate,
      amount: p.amount.toFixed(2),
      planned_principal: p.principal.toFixed(2),
      planned_interest: p.interest.toFixed(2),
      planned_balance_after: p.balanceAfter.toFixed(2),
      principal: state.principal.toFixed(2),
      charges_accrued_until: state.chargesAccruedUntil,
      last_launch_date: null,
      paid_on: null,
    };
  });
  const installments = await tx.insertInto('receivable_installments').values(rows).returningAll().execute();
  if (installments.length !== opening.installments.length) throw new Error('assertion: every planned installment is stored');
  await enqueueScheduleCreated(enqueue, schedule, opening, now);
};

/** Cancelling with these settings (the issuer of the refund boleto); bound by the composition root. */
export function cancelScheduleWith(settings: ReceivablesSettings): CancelSchedule {
  return (tx, enqueue, closing, now) => cancelSchedule(tx, enqueue, closing, now, settings);
}

async function cancelSchedule(tx: Executor, enqueue: Enqueue, closing: ScheduleClosing, now: Date, settings: ReceivablesSettings): Promise<{ refundBoletoId: string | null }> {
  const schedule = await findScheduleByProposal(tx, closing.partnerId, closing.proposalId, true);
  if (schedule === undefined) throw new Error(`assertion: proposal ${closing.proposalId} has no receivables schedule to cancel`);
  if (schedule.situacao === ScheduleStatus.cancelled) throw new Error(`assertion: schedule of proposal ${closing.proposalId} is already cancelled`);
  await installmentsOf(tx, schedule, true); // locks the installments for the change below
  await cancelLiveCollections(tx, enqueue, schedule, now);
  await tx.updateTable('receivable_installments').set({ cancelled: true }).where('schedule_id', '=', schedule.id).where('partner_id', '=', schedule.partner_id).execute();
  const cancelled = await tx
    .updateTable('receivable_schedules')
    .set({ situacao: ScheduleStatus.cancelled, cancelled_at: now, cancelled_on: closing.cancelledOn, cancel_description: closing.description, paid_off_on: null })
    .where('id', '=', schedule.id)
    .where('partner_id', '=', schedule.partner_id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await enqueueScheduleEvent(enqueue, EventType.scheduleCancelled, cancelled, now);
  const refund = closing.refundAmount === null ? ZERO : dec(closing.refundAmount);
  if (!refund.greaterThan(ZERO)) return { refundBoletoId: null };
  // The customer returns the money: an online-registered boleto covering no installment.
  const dueDate = compareDates(closing.refundDueDate, brazilDateAt(now)) < 0 ? brazilDateAt(now) : closing.refundDueDate;
  const boleto = await issueBoleto(
    tx,
    enqueue,
    settings,
    {
      schedule: cancelled,
      purpose: 'refund',
      chargeId: null,
      settlement: true,
      description: closing.description,
      notifyCustomer: false,
      dueDate,
      expiresOn: dueDate,
      documentAmount: refund,
      discount: ZERO,
      allowDecapitalization: false,
      registrationMode: 1,
      installments: [],
    },
    now,
  );
  await startRegistration(tx, enqueue, boleto, now);
  return { refundBoletoId: boleto.id };
}

export const summarizeSchedule: SummarizeSchedule = async (db, partnerId, proposalId, lock = 'none') => {
  const schedule = await findScheduleByProposal(db, partnerId, proposalId, lock === 'nowait' ? 'nowait' : false);
  if (schedule === undefined) return null;
  const rate = monthlyRateOf(schedule);
  const states = (await installmentsOf(db, schedule)).map((row) => stateOf(row, rate));
  const open = schedule.situacao === ScheduleStatus.open;
  return {
    status: schedule.situacao,
    statusText: scheduleStatusText(schedule.situacao),
    installmentCount: states.length,
    paidInstallmentCount: states.filter(isSettled).length,
    totalPaid: sum(states.map((s) => s.totalPaid)),
    // Face value still owed (principal + unpaid charges), without charges accrued since.
    outstandingBalance: open ? sum(states.map(outstanding)) : ZERO,
    paidOffOn: schedule.paid_off_on === null ? null : localDate(schedule.paid_off_on),
  };
};

// Posting payment launches on a locked, open schedule: each item applied in order on the
// installment's balance updated to its date (charges-math applyPayment), one row per launch entry,
// the installments' new state, one event 3 per launch, and when nothing is owed any more the schedule is paid
// off (its other open boletos and charges closed, its status paidOff, event 7, the proposal told). All in the caller's transaction: every item
// commits or none.
import type { Enqueue } from '../../../platform/commands.js';
import { randomUUID } from 'node:crypto';
import type { Executor } from '../../../platform/db/pool.js';
import { compareDates, type LocalDate } from '../../../platform/dates.js';
import { emitCallback, EventType, installmentLaunchEvent } from '../../callbacks/index.js';
import { applyPayment, isSettled, type InstallmentState, type LaunchResult, type PaymentInput } from '../schedule/charges-math/index.js';
import { withFieldNames } from '../receivables-errors.js';
import { launchEventBlock } from './launch-wire.js';
import type { ReceivablesDeps } from '../receivables-deps.js';
import { enqueueScheduleEvent, proposalRefOf } from '../schedule-events.js';
import { boletoById } from '../collections/collection-repository.js';
import { cancelLiveCollections } from '../collections/collection-cancel.js';
import { insertLaunchesSaving, installmentsOf, monthlyRateOf, ScheduleStatus, stateOf, type InstallmentRow, type InstallmentsForPayOff, type ScheduleRow } from '../schedule/schedule-repository.js';

export interface LaunchItem {
  installment: InstallmentRow;
  payment: PaymentInput;
  description: string | null;
  /** The request's path of each field a refusal of the arithmetic names (`amount`, `discount`, `paymentDate`, `installmentNumber`). */
  fieldPaths: Readonly<Record<string, string>>;
}

export interface LaunchSource {
  viaBoleto: boolean;
  boletoId: string | null;
  chargeId: string | null;
}

export interface PostedLaunches {
  /** CodigoLancamento of event 3. */
  groupId: string;
  paidOff: boolean;
}

function launchRow(schedule: ScheduleRow, groupId: string, item: LaunchItem, result: LaunchResult, source: LaunchSource, now: Date) {
  const l = result.launch;
  return {
    id: randomUUID(),
    launch_group_id: groupId,
    partner_id: schedule.partner_id,
    schedule_id: schedule.id,
    installment_id: item.installment.id,
    installment_number: item.installment.number,
    permite_descapitalizacao: item.payment.allowDecapitalization,
    via_boleto: source.viaBoleto,
    boleto_id: source.boletoId,
    charge_id: source.chargeId,
    dt_vencimento: l.dueDate,
    dt_lancamento: l.launchDate,
    vlr_parcela: l.grossBalance.toFixed(2),
    vlr_multa: l.fine.toFixed(2),
    vlr_juros: l.contractInterest.toFixed(2),
    vlr_mora: l.lateInterest.toFixed(2),
    vlr_iof: l.iof.toFixed(2),
    vlr_tarifas: l.fees.toFixed(2),
    vlr_abatimento: l.abatement.toFixed(2),
    vlr_parcela_atualizado: l.updatedBalance.toFixed(2),
    vlr_pagamento: l.payment.toFixed(2),
    vlr_saldo_parcela: l.remainingBalance.toFixed(2),
    vlr_desconto: l.discount.toFixed(2),
    informar_fundo: false,
    descricao: item.description,
    created_at: now,
  };
}

/**
 * `installments`: the schedule's installments the items name, and the first other still owed when
 * there is one (launchedInstallments), or all of them (installmentsOf); the type admits only those
 * two: the schedule is paid off when every installment of the list is settled after the items.
 */
export async function postLaunches(tx: Executor, enqueue: Enqueue, deps: Pick<ReceivablesDeps, 'settings' | 'proposals'>, schedule: ScheduleRow, installments: InstallmentsForPayOff, items: readonly LaunchItem[], source: LaunchSource, now: Date): Promise<PostedLaunches> {
  if (schedule.situacao !== ScheduleStatus.open) throw new Error('assertion: launches on a schedule that is not open');
  if (items.length === 0) throw new Error('assertion: no launch to post');
  const rate = monthlyRateOf(schedule);
  // States are built when needed (issue 14): the launched installments, then the others only until
  // the paid-off check meets one still owed (usually the first).
  const states = new Map<string, InstallmentState>();
  const stateOfRow = (row: InstallmentRow) => states.get(row.id) ?? stateOf(row, rate);
  const results = items.map((item) => {
    const row = installments.find((r) => r.id === item.installment.id);
    if (row === undefined) throw new Error(`assertion: installment ${item.installment.id} not in this schedule`);
    const before = stateOfRow(row);
    const result = withFieldNames(item.fieldPaths, () => applyPayment(before, item.payment, deps.settings.charges));
    states.set(item.installment.id, result.next);
    return result;
  });
  const groupId = randomUUID();
  const saved = installments.flatMap((row) => {
    const last = items.filter((item) => item.installment.id === row.id).at(-1);
    return last === undefined ? [] : [{ row, state: states.get(row.id)!, at: last.payment.paymentDate }];
  });
  await insertLaunchesSaving(tx, items.map((item, i) => launchRow(schedule, groupId, item, results[i]!, source, now)), saved);
  await enqueueLaunchEvents(tx, enqueue, schedule, items, results, source, now);
  const paidOff = installments.every((row) => isSettled(stateOfRow(row)));
  if (paidOff) await payOff(tx, enqueue, deps, schedule, source, now);
  return { groupId, paidOff };
}

/** Event 3, one per launch (installment item), in the order they were applied. */
async function enqueueLaunchEvents(tx: Executor, enqueue: Enqueue, schedule: ScheduleRow, items: readonly LaunchItem[], results: readonly LaunchResult[], source: LaunchSource, now: Date): Promise<void> {
  const boleto = source.boletoId === null ? undefined : await boletoById(tx, schedule.partner_id, source.boletoId);
  if (source.boletoId !== null && boleto === undefined) throw new Error(`assertion: boleto ${source.boletoId} of a launch not found`);
  for (const [i, item] of items.entries()) {
    const event = installmentLaunchEvent(proposalRefOf(schedule), now, launchEventBlock(item.installment, results[i]!, boleto));
    emitCallback(enqueue, schedule.partner_id, event);
  }
}

/**
 * Every installment settled: the other boletos and charges still open are closed (nothing is owed:
 * events 9/6, provider charges removed, registered boletos written off at the bank; decision S26),
 * the schedule paidOff dated by the last payment, event 7, the proposal told.
 */
async function payOff(tx: Executor, enqueue: Enqueue, deps: Pick<ReceivablesDeps, 'proposals'>, schedule: ScheduleRow, source: LaunchSource, now: Date): Promise<void> {
  await cancelLiveCollections(tx, enqueue, schedule, now, { boletoId: source.boletoId, chargeId: source.chargeId });
  const rows = await installmentsOf(tx, schedule);
  const paidOn = rows.map((r) => r.paid_on as LocalDate | null).reduce<LocalDate | null>((a, b) => (a === null || (b !== null && compareDates(b, a) > 0) ? b : a), null);
  if (paidOn === null) throw new Error('assertion: a paid-off schedule has a payment date');
  const paidOff = await tx
    .updateTable('receivable_schedules')
    .set({ situacao: ScheduleStatus.paidOff, paid_off_on: paidOn })
    .where('id', '=', schedule.id)
    .where('partner_id', '=', schedule.partner_id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await enqueueScheduleEvent(enqueue, EventType.schedulePaidOff, paidOff, now);
  await deps.proposals.markPaidOff?.(tx, schedule.partner_id, schedule.proposal_id, paidOn, now);
}

// Cancelling boletos and charges: the write-off at the bank (this service's sandbox accepts it),
// the installments freed for a new boleto or charge, and the callbacks 9 (charge cancelled) then 6
// (boleto cancelled), in the caller's transaction.
import type { Enqueue } from '../../../platform/commands.js';
import type { Executor } from '../../../platform/db/pool.js';
import { enqueueJob, type JobHandler } from '../../../platform/jobs.js';
import { isProviderCharge } from './boleto-issue.js';
import { BoletoStatus, isLive } from './boleto-status.js';
import {
  boletoInstallments,
  boletoOfCharge,
  boletosOfSchedule,
  chargeById,
  chargeInstallments,
  chargesOfSchedule,
  setBoletoStatus,
  setChargeStatus,
  type BoletoRow,
  type ChargeRow,
} from './collection-repository.js';
import { enqueueBoletoCancelled, enqueueChargeCancelled } from '../schedule-events.js';
import { scheduleById, type ScheduleRow } from '../schedule/schedule-repository.js';

export const CHARGE_CANCEL_JOB = 'charge.cancel';

export async function cancelBoletoNow(tx: Executor, enqueue: Enqueue, schedule: ScheduleRow, boleto: BoletoRow, now: Date): Promise<void> {
  if (!isLive(boleto.registration_status)) return;
  const installmentNumbers = (await boletoInstallments(tx, [boleto.id])).map((i) => i.installment_number);
  const cancelled = await setBoletoStatus(tx, boleto, BoletoStatus.cancelled, { cancelled_at: now });
  await enqueueBoletoCancelled(enqueue, schedule, cancelled, installmentNumbers, now);
}

export async function cancelChargeNow(tx: Executor, enqueue: Enqueue, schedule: ScheduleRow, charge: ChargeRow, now: Date): Promise<void> {
  if (charge.status === 'cancelled' || charge.status === 'paid') return;
  const boleto = await boletoOfCharge(tx, charge.partner_id, charge.id, true);
  const installmentNumbers = (await chargeInstallments(tx, [charge.id])).map((i) => i.installment_number);
  const cancelled = await setChargeStatus(tx, charge, 'cancelled', { cancelled_at: now });
  await enqueueChargeCancelled(enqueue, schedule, cancelled, boleto ?? null, installmentNumbers, now);
  if (boleto !== undefined) await cancelBoletoNow(tx, enqueue, schedule, boleto, now);
}

/** The collection a payment is settling (kept open by the pay-off it causes: it becomes paid). */
export interface KeptCollection {
  boletoId: string | null;
  chargeId: string | null;
}

const NOTHING_KEPT: KeptCollection = { boletoId: null, chargeId: null };

/**
 * Every charge and boleto of the schedule that could still be paid (the schedule is closing:
 * cancelled or paid off), but `keep`. A charge registered at a Pix provider is removed there
 * first: it becomes "cancelling" and the charge.cancel job (which settlement wraps with the PATCH)
 * completes it with event 9 (decision S26). A cancelled boleto the bank had registered gets its
 * write-off request in the next remittance (settlement).
 */
export async function cancelLiveCollections(tx: Executor, enqueue: Enqueue, schedule: ScheduleRow, now: Date, keep: KeptCollection = NOTHING_KEPT): Promise<void> {
  const atProvider: string[] = [];
  for (const charge of await chargesOfSchedule(tx, schedule.partner_id, schedule.id)) {
    if (charge.id === keep.chargeId) continue;
    if (isProviderCharge(charge) && (charge.status === 'active' || charge.status === 'cancelling')) {
      if (charge.status === 'active') await setChargeStatus(tx, charge, 'cancelling', { cancel_requested_at: now });
      atProvider.push(charge.id);
    } else await cancelChargeNow(tx, enqueue, schedule, charge, now);
  }
  for (const boleto of await boletosOfSchedule(tx, schedule.partner_id, schedule.id)) {
    if (boleto.id === keep.boletoId || (keep.chargeId !== null && boleto.charge_id === keep.chargeId)) continue;
    await cancelBoletoNow(tx, enqueue, schedule, boleto, now);
  }
  if (atProvider.length === 0) return;
  const payload: CancelChargesPayload = { partnerId: schedule.partner_id, chargeIds: atProvider };
  await enqueueJob(tx, CHARGE_CANCEL_JOB, payload, now);
}

export interface CancelChargesPayload {
  partnerId: string;
  chargeIds: string[];
}

function payloadOf(payload: unknown): CancelChargesPayload {
  const p = payload as Partial<CancelChargesPayload> | null;
  if (typeof p?.partnerId !== 'string' || !Array.isArray(p.chargeIds) || !p.chargeIds.every((c) => typeof c === 'string')) {
    throw new Error('assertion: malformed charge.cancel payload');
  }
  return { partnerId: p.partnerId, chargeIds: p.chargeIds };
}

/** The asynchronous half of FGTS/CancelarCobrancas. */
export const cancelChargesJob: JobHandler = async (payload, ctx) => {
  const { partnerId, chargeIds } = payloadOf(payload);
  for (const chargeId of chargeIds) {
    const found = await chargeById(ctx.tx, partnerId, chargeId);
    if (found === undefined) throw new Error(`assertion: charge ${chargeId} of the cancellation job is missing`);
    // Schedule row first, as every command on a schedule does: no lock-order deadlock.
    const schedule = await scheduleById(ctx.tx, partnerId, found.schedule_id, true);
    const charge = await chargeById(ctx.tx, partnerId, chargeId, true);
    if (charge?.status !== 'cancelling') continue;
    await cancelChargeNow(ctx.tx, ctx.enqueue, schedule, charge, ctx.now);
  }
};

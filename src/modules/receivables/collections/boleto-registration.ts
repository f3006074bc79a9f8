// Registration of a boleto at the issuing bank. tipoRegistro 1 (online) registers inside the
// request's transaction, before the answer (the sandbox bank accepts at issue, so the row is
// written registered: one insert rather than an insert and an update, issue 14); 2 (offline) enqueues a 'boleto.register' job that the
// job runner executes later (or, with CAAS_BOLETO_REGISTRATION=cnab, waits for the bank's return
// file); event 5 of an offline boleto is sent when it is registered. This service is its own sandbox bank: registration accepts every
// boleto it issued (the barcode was validated when built). A real bank adapter plugs in here.
import type { Enqueue } from '../../../platform/commands.js';
import type { Executor } from '../../../platform/db/pool.js';
import { enqueueJob, type JobHandler } from '../../../platform/jobs.js';
import { BoletoStatus } from './boleto-status.js';
import { boletoById, boletoInstallments, chargeById, chargeInstallments, setBoletoStatus, type BoletoRow, type ChargeRow } from './collection-repository.js';
import { enqueueBoletoCreated, enqueueChargeRegistered } from '../schedule-events.js';
import { scheduleById, type ScheduleRow } from '../schedule/schedule-repository.js';

export const BOLETO_REGISTER_JOB = 'boleto.register';

interface RegisterPayload {
  partnerId: string;
  boletoId: string;
}

/** What the issuer of a charge's boleto already holds: announcing the charge then reads nothing again. */
export interface ChargeInHand {
  charge: ChargeRow;
  schedule: ScheduleRow;
  installmentNumbers: readonly number[];
}

/**
 * After issue: online, the boleto was written registered (boleto-issue.ts), so only its charge is
 * announced; offline, the registration job is scheduled. Returns the boleto as it stands.
 */
export async function startRegistration(tx: Executor, enqueue: Enqueue, boleto: BoletoRow, now: Date, inHand?: ChargeInHand): Promise<BoletoRow> {
  if (boleto.registration_mode === 1) {
    if (boleto.registration_status === BoletoStatus.pending) return registerBoleto(tx, enqueue, boleto, now);
    if (inHand === undefined) await announceRegistered(tx, enqueue, boleto, now);
    else if (inHand.charge.status === 'active') enqueueChargeRegistered(enqueue, inHand.schedule, inHand.charge, boleto, inHand.installmentNumbers, now);
    return boleto;
  }
  const payload: RegisterPayload = { partnerId: boleto.partner_id, boletoId: boleto.id };
  await enqueueJob(tx, BOLETO_REGISTER_JOB, payload, now);
  return boleto;
}

/**
 * Pending → registered (the sandbox bank's job, or the bank's return file through settlement): an
 * offline boleto is announced now (event 5, decision S25), and for a charge's boleto the charge
 * becomes payable (event 8).
 */
export async function registerBoleto(tx: Executor, enqueue: Enqueue, boleto: BoletoRow, now: Date): Promise<BoletoRow> {
  // Cancelled (or paid) while waiting for the job: nothing left to register.
  if (boleto.registration_status !== BoletoStatus.pending) return boleto;
  const registered = await setBoletoStatus(tx, boleto, BoletoStatus.registered, { registered_at: now });
  if (registered.registration_mode === OFFLINE) await announceCreated(tx, enqueue, registered, now);
  await announceRegistered(tx, enqueue, registered, now);
  return registered;
}

const OFFLINE = 2;

/** Event 5 of a boleto registered after its issue (tipoRegistro 2). */
async function announceCreated(tx: Executor, enqueue: Enqueue, registered: BoletoRow, now: Date): Promise<void> {
  const schedule = await scheduleById(tx, registered.partner_id, registered.schedule_id);
  const installmentNumbers = (await boletoInstallments(tx, [registered.id])).map((i) => i.installment_number);
  await enqueueBoletoCreated(enqueue, schedule, registered, installmentNumbers, now);
}

/** A registered boleto of a charge makes the charge payable (event 8). */
async function announceRegistered(tx: Executor, enqueue: Enqueue, registered: BoletoRow, now: Date): Promise<void> {
  if (registered.charge_id === null) return;
  const charge = await chargeById(tx, registered.partner_id, registered.charge_id, true);
  if (charge === undefined) throw new Error(`assertion: boleto ${registered.id} names a missing charge`);
  if (charge.status !== 'active') return;
  const schedule = await scheduleById(tx, registered.partner_id, registered.schedule_id);
  const installmentNumbers = (await chargeInstallments(tx, [charge.id])).map((i) => i.installment_number);
  await enqueueChargeRegistered(enqueue, schedule, charge, registered, installmentNumbers, now);
}

function payloadOf(payload: unknown): RegisterPayload {
  const p = payload as Partial<RegisterPayload> | null;
  if (typeof p?.partnerId !== 'string' || typeof p.boletoId !== 'string') throw new Error('assertion: malformed boleto.register payload');
  return { partnerId: p.partnerId, boletoId: p.boletoId };
}

export const registerBoletoJob: JobHandler = async (payload, ctx) => {
  const { partnerId, boletoId } = payloadOf(payload);
  const found = await boletoById(ctx.tx, partnerId, boletoId);
  if (found === undefined) throw new Error(`assertion: boleto ${boletoId} of the registration job is missing`);
  // Schedule row first, as every command on a schedule does: no lock-order deadlock.
  await scheduleById(ctx.tx, partnerId, found.schedule_id, true);
  const boleto = await boletoById(ctx.tx, partnerId, boletoId, true);
  await registerBoleto(ctx.tx, ctx.enqueue, boleto!, ctx.now);
};

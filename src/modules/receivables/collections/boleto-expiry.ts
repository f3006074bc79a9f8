// The daily write-off of expired boletos (issue 17, decision S27): one job of kind 'boleto.expire'
// per day on the one job queue, due at the start of that day in São Paulo, writes off every boleto
// still live whose dtExpiracao has passed (expires_on before that day): cancelled (event 6; a
// charge's boleto cancels its charge, events 9 and 6), its installments free for a new boleto. A
// boleto the bank registered from a CNAB remittance gets its write-off request in the next one
// (settlement). Each run enqueues the next day's; a run for a day already done changes nothing;
// a day with more than BOLETO_EXPIRY_BATCH_MAX expired boletos continues in a run right after.
// Every instance makes sure one run is scheduled (at start and hourly), under an advisory lock.
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../../platform/clock.js';
import type { Enqueue } from '../../../platform/commands.js';
import { inTransaction, type Db, type Executor } from '../../../platform/db/pool.js';
import { addDays, brazilDateAt, brazilDayStart, isValidLocalDate, type LocalDate } from '../../../platform/dates.js';
import { enqueueJob, type JobHandler } from '../../../platform/jobs.js';
import { everyInterval, type Worker } from '../../../platform/workers.js';
import { BOLETO_EXPIRY_BATCH_MAX, BOLETO_EXPIRY_SCHEDULE_INTERVAL_MS } from '../limits.js';
import { scheduleById } from '../schedule/schedule-repository.js';
import { LIVE_BOLETO_STATUSES } from './boleto-status.js';
import { cancelBoletoNow, cancelChargeNow } from './collection-cancel.js';
import { boletoById, chargeById } from './collection-repository.js';

export const BOLETO_EXPIRE_JOB = 'boleto.expire';

interface ExpirePayload {
  /** The day whose run this is: boletos expired before it are written off. */
  day: LocalDate;
}

function payloadOf(payload: unknown): ExpirePayload {
  const day = (payload as Partial<ExpirePayload> | null)?.day;
  if (typeof day !== 'string' || !isValidLocalDate(day)) throw new Error('assertion: malformed boleto.expire payload');
  return { day };
}

/**
 * Schedules the run of `day` unless a run is already pending (`except`: the job calling this).
 * Returns whether it enqueued one. The advisory lock makes two instances agree.
 */
export async function scheduleBoletoExpiry(tx: Executor, day: LocalDate, now: Date, except: number | null = null): Promise<boolean> {
  await sql`select pg_advisory_xact_lock(hashtext(${BOLETO_EXPIRE_JOB}))`.execute(tx);
  let pending = tx.selectFrom('jobs').select('id').where('kind', '=', BOLETO_EXPIRE_JOB).where('status', '=', 'pending');
  if (except !== null) pending = pending.where('id', '!=', except);
  if ((await pending.executeTakeFirst()) !== undefined) return false;
  const payload: ExpirePayload = { day };
  const startOfDay = brazilDayStart(day);
  await enqueueJob(tx, BOLETO_EXPIRE_JOB, payload, now, { runAt: startOfDay > now ? startOfDay : now });
  return true;
}

async function expiredOn(tx: Executor, day: LocalDate, limit: number) {
  return tx.selectFrom('receivable_boletos').select(['id', 'partner_id', 'schedule_id', 'charge_id']).where('expires_on', '<', day).where('registration_status', 'in', LIVE_BOLETO_STATUSES).orderBy('expires_on').orderBy('id').limit(limit).execute();
}

/** Schedule row first, then the boleto (and its charge), as every command on a schedule locks them. */
async function expireOne(tx: Executor, enqueue: Enqueue, found: { id: string; partner_id: string; schedule_id: string; charge_id: string | null }, day: LocalDate, now: Date): Promise<void> {
  const schedule = await scheduleById(tx, found.partner_id, found.schedule_id, true);
  const charge = found.charge_id === null ? undefined : await chargeById(tx, found.partner_id, found.charge_id, true);
  const boleto = await boletoById(tx, found.partner_id, found.id, true);
  if (boleto === undefined || !LIVE_BOLETO_STATUSES.includes(boleto.registration_status) || boleto.expires_on >= day) return;
  if (charge !== undefined) await cancelChargeNow(tx, enqueue, schedule, charge, now);
  else await cancelBoletoNow(tx, enqueue, schedule, boleto, now);
}

export const expireBoletosJob: JobHandler = async (payload, ctx) => {
  const { day } = payloadOf(payload);
  const expired = await expiredOn(ctx.tx, day, BOLETO_EXPIRY_BATCH_MAX + 1);
  for (const found of expired.slice(0, BOLETO_EXPIRY_BATCH_MAX)) await expireOne(ctx.tx, ctx.enqueue, found, day, ctx.now);
  const next = expired.length > BOLETO_EXPIRY_BATCH_MAX ? day : addDays(day, 1);
  await scheduleBoletoExpiry(ctx.tx, next, ctx.now, ctx.job.id);
};

/** Makes sure a run is scheduled: at start, then hourly (a run that failed for good breaks the chain). */
export function startBoletoExpiryScheduler(db: Db, clock: Clock, log: FastifyBaseLogger): Worker {
  const tick = async () => {
    const now = clock.now();
    await inTransaction(db, (tx) => scheduleBoletoExpiry(tx, brazilDateAt(now), now));
  };
  const first = tick().catch((error: unknown) => log.error({ err: error, worker: 'boleto-expiry' }, 'worker tick failed'));
  const hourly = everyInterval('boleto-expiry', BOLETO_EXPIRY_SCHEDULE_INTERVAL_MS, tick, log);
  return {
    name: hourly.name,
    stop: async () => {
      await hourly.stop();
      await first;
    },
  };
}

// Pix notifications from the provider's webhook: each pix is stored (once, by endToEndId), then
// confirmed with GET /pix/{e2eid} (what the provider answers there is what counts), then applied
// to the charge its txid names by the command `settlement.pix.apply` (actor: the provider), in one
// transaction with the history and the callbacks. A pix whose confirmation fails stays pending
// (reconciliation lists it) and a job retries the confirmation (PIX_CONFIRM_JOB); a delivery of
// the same notification by the provider also retries it.
import type { Clock } from '../../../platform/clock.js';
import { runDefined, type CommandDefinition } from '../../../platform/commands.js';
import { inTransaction, type Db, type Tx } from '../../../platform/db/pool.js';
import { brazilDateAt } from '../../../platform/dates.js';
import { enqueueJob, jobBackoffMs, type JobHandler } from '../../../platform/jobs.js';
import { dec } from '../../../platform/money.js';
import { applyReportedPayment, type ApplyOutcome, type PaymentTarget } from '../apply-payment.js';
import type { SettlementDeps } from '../settlement-deps.js';
import { PIX_CONFIRM_ATTEMPTS_MAX, PIX_PER_NOTIFICATION_MAX } from '../limits.js';
import type { PixApiClient } from './api-client.js';
import type { PixAnswer, PixWebhookBody } from './api-types.js';

export type Notification = PixWebhookBody['pix'][number];

const E2E_RE = /^[A-Za-z0-9]{32}$/;
const MONEY_RE = /^\d{1,16}\.\d{2}$/;
const TXID_RE = /^[A-Za-z0-9]{26,35}$/;
/** The job that retries the confirmation of a pix whose GET /pix failed; payload { endToEndId }. */
export const PIX_CONFIRM_JOB = 'settlement.pix-confirm';

export class WebhookBodyError extends Error {}

/** The `pix` array, each entry checked; anything else refused (the provider retries a refusal). */
export function parseWebhookBody(body: unknown): Notification[] {
  const list = (body as { pix?: unknown } | null)?.pix;
  if (!Array.isArray(list) || list.length === 0 || list.length > PIX_PER_NOTIFICATION_MAX) throw new WebhookBodyError(`pix must be a list of 1 to ${PIX_PER_NOTIFICATION_MAX} entries`);
  return list.map((raw, i) => {
    const p = raw as Partial<Notification> | null;
    if (typeof p?.endToEndId !== 'string' || !E2E_RE.test(p.endToEndId)) throw new WebhookBodyError(`pix[${i}].endToEndId must be 32 letters or digits`);
    if (typeof p.valor !== 'string' || !MONEY_RE.test(p.valor)) throw new WebhookBodyError(`pix[${i}].valor must be an amount such as 10.00`);
    if (typeof p.horario !== 'string' || Number.isNaN(Date.parse(p.horario))) throw new WebhookBodyError(`pix[${i}].horario must be an RFC 3339 instant`);
    if (p.txid !== undefined && (typeof p.txid !== 'string' || !TXID_RE.test(p.txid))) throw new WebhookBodyError(`pix[${i}].txid must be 26 to 35 letters or digits`);
    return { endToEndId: p.endToEndId, valor: p.valor, horario: p.horario, ...(p.txid === undefined ? {} : { txid: p.txid }), ...(typeof p.infoPagador === 'string' ? { infoPagador: p.infoPagador } : {}) };
  });
}

async function targetOfTxid(tx: Tx, txid: string | undefined): Promise<PaymentTarget | null> {
  if (txid === undefined) return null;
  const charge = await tx.selectFrom('receivable_charges').select(['id', 'partner_id', 'schedule_id']).where('pix_txid', '=', txid).executeTakeFirst();
  if (charge !== undefined) return { partnerId: charge.partner_id, scheduleId: charge.schedule_id, boletoId: null, chargeId: charge.id };
  const boleto = await tx.selectFrom('receivable_boletos').select(['id', 'partner_id', 'schedule_id', 'charge_id']).where('pix_txid', '=', txid).executeTakeFirst();
  return boleto === undefined ? null : { partnerId: boleto.partner_id, scheduleId: boleto.schedule_id, boletoId: boleto.id, chargeId: boleto.charge_id };
}

export interface PixDeps {
  db: Db;
  clock: Clock;
  deps: SettlementDeps;
  client: PixApiClient;
  /** 'psp:<host of CAAS_PIX_PSP_URL>'. */
  actor: string;
}

export interface ConfirmedPix {
  endToEndId: string;
  /** What GET /pix/{e2eid} answered. */
  confirmed: PixAnswer;
}

/** The settlement of one confirmed pix: a command whose actor is the provider. */
export function applyConfirmedPixCommand(deps: SettlementDeps): CommandDefinition<ConfirmedPix, { endToEndId: string; outcome: ApplyOutcome }> {
  return {
    name: 'settlement.pix.apply',
    summarize: (r) => `pix ${r.endToEndId}: ${r.outcome}`,
    handler: async ({ endToEndId, confirmed }, { tx, now, actor, enqueue }) => {
      const row = await tx.selectFrom('settlement_pix_notifications').select('confirmed_at').where('end_to_end_id', '=', endToEndId).forUpdate().executeTakeFirstOrThrow();
      if (row.confirmed_at !== null) return { endToEndId, outcome: 'duplicate' as const };
      const target = await targetOfTxid(tx, confirmed.txid);
      const paidOn = brazilDateAt(new Date(confirmed.horario));
      const outcome = await applyReportedPayment(tx, enqueue, deps, target, { sourceKey: `pix:${endToEndId}`, channel: 'pix', actor: actor.id, reference: confirmed.txid ?? endToEndId, amount: dec(confirmed.valor), paidOn, creditedOn: paidOn, fileId: null, reportedCharges: null, reportedDiscount: null }, now);
      // What the provider confirmed replaces what the notification said (refunds are capped by it).
      const stored = { amount: confirmed.valor, txid: confirmed.txid ?? null, paid_at: confirmed.horario };
      await tx.updateTable('settlement_pix_notifications').set({ ...stored, confirmed_at: now, last_error: null }).where('end_to_end_id', '=', endToEndId).execute();
      return { endToEndId, outcome };
    },
  };
}

/** GET /pix/{e2eid}; throws when the provider does not confirm that very pix. */
async function confirmation(client: PixApiClient, endToEndId: string): Promise<PixAnswer> {
  const confirmed = await client.getPix(endToEndId);
  if (confirmed.endToEndId !== endToEndId || !MONEY_RE.test(confirmed.valor) || Number.isNaN(Date.parse(confirmed.horario))) throw new Error(`GET /pix/${endToEndId} answered another pix`);
  return confirmed;
}

async function apply(d: PixDeps, confirmed: ConfirmedPix): Promise<ApplyOutcome> {
  return (await runDefined({ db: d.db, clock: d.clock, outbox: d.deps.outbox }, applyConfirmedPixCommand(d.deps), confirmed, { kind: 'system', id: d.actor })).result.outcome;
}

/** A failed confirmation counted; the first one hands the notification to the retry job. */
async function recordFailure(d: PixDeps, endToEndId: string, error: unknown): Promise<void> {
  await inTransaction(d.db, async (tx) => {
    const now = d.clock.now();
    const row = await tx
      .updateTable('settlement_pix_notifications')
      .set((eb) => ({ attempts: eb('attempts', '+', 1), last_error: (error as Error).message.slice(0, 500) }))
      .where('end_to_end_id', '=', endToEndId)
      .returning('attempts')
      .executeTakeFirstOrThrow();
    if (row.attempts === 1) await enqueueJob(tx, PIX_CONFIRM_JOB, { endToEndId }, now, { maxAttempts: PIX_CONFIRM_ATTEMPTS_MAX, runAt: new Date(now.getTime() + jobBackoffMs(1)) });
  });
}

/** Confirms one stored notification with the provider and applies it; null when it stays pending. */
export async function confirmAndApply(d: PixDeps, endToEndId: string): Promise<ApplyOutcome | null> {
  let confirmed: PixAnswer;
  try {
    confirmed = await confirmation(d.client, endToEndId);
  } catch (error) {
    await recordFailure(d, endToEndId, error);
    return null;
  }
  return apply(d, { endToEndId, confirmed });
}

/**
 * The retry job: confirms and applies a pending notification. A failing GET /pix throws, so the
 * job runner retries it with its backoff (PIX_CONFIRM_ATTEMPTS_MAX attempts).
 */
export function pixConfirmJob(d: Omit<PixDeps, 'clock'>): JobHandler {
  return async (payload, { tx, now }) => {
    const endToEndId = (payload as { endToEndId?: unknown } | null)?.endToEndId;
    if (typeof endToEndId !== 'string') throw new Error(`assertion: ${PIX_CONFIRM_JOB} payload without endToEndId`);
    const row = await tx.selectFrom('settlement_pix_notifications').select('confirmed_at').where('end_to_end_id', '=', endToEndId).executeTakeFirst();
    if (row === undefined || row.confirmed_at !== null) return; // confirmed meanwhile (a new delivery)
    await apply({ ...d, clock: { now: () => now } }, { endToEndId, confirmed: await confirmation(d.client, endToEndId) });
  };
}

/** Stores every notification (once each), then confirms and applies the new or still-pending ones. */
export async function receivePixNotifications(d: PixDeps, body: unknown): Promise<Array<{ endToEndId: string; outcome: ApplyOutcome | 'pending' }>> {
  const list = parseWebhookBody(body);
  const now = d.clock.now();
  await d.db
    .insertInto('settlement_pix_notifications')
    .values(list.map((p) => ({ end_to_end_id: p.endToEndId, txid: p.txid ?? null, amount: p.valor, paid_at: p.horario, received_at: now, confirmed_at: null, last_error: null })))
    .onConflict((oc) => oc.column('end_to_end_id').doNothing())
    .execute();
  const results = [];
  for (const p of list) results.push({ endToEndId: p.endToEndId, outcome: (await confirmAndApply(d, p.endToEndId)) ?? ('pending' as const) });
  return results;
}

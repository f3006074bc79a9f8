// `caas reconcile --date D`: per channel (boleto, pix), what was due that day against what the
// bank or the provider reported received that day, the unmatched receipts of the day, and what
// was sent and still waits for the bank's confirmation.
import { sql } from 'kysely';
import type { Db } from '../../platform/db/pool.js';
import type { LocalDate } from '../../platform/dates.js';
import { dec } from '../../platform/money.js';
import { BoletoStatus } from '../receivables/index.js';
import type { SettlementChannel } from './tables.js';

export interface Tally {
  count: number;
  amount: string;
}

export interface ChannelReconciliation {
  channel: SettlementChannel;
  expected: Tally;
  received: Tally;
  /** received − expected */
  difference: string;
  excess: Tally;
  unmatched: Tally;
  pendingConfirmation: Tally;
}

export interface UnmatchedLine {
  channel: SettlementChannel;
  actor: string;
  reference: string;
  amount: string;
  paidOn: string;
  reason: string;
}

/** A pix the provider notified and that is not confirmed yet (GET /pix failed; a job retries it). */
export interface PendingPixLine {
  endToEndId: string;
  txid: string | null;
  amount: string;
  paidAt: string;
  attempts: number;
  lastError: string | null;
}

export interface Reconciliation {
  date: LocalDate;
  channels: ChannelReconciliation[];
  unmatched: UnmatchedLine[];
  /** Every pix still waiting for confirmation, whatever its day (oldest first). */
  pendingPix: PendingPixLine[];
}

const tally = (row: { n: number | string | bigint | null; total: string | null } | undefined): Tally => ({ count: Number(row?.n ?? 0), amount: dec(row?.total ?? 0).toFixed(2) });
const NOT_DUE: readonly number[] = [BoletoStatus.cancelled, BoletoStatus.failed];

async function expected(db: Db, channel: SettlementChannel, date: LocalDate): Promise<Tally> {
  if (channel === 'boleto') {
    return tally(await db.selectFrom('receivable_boletos').select([sql<number>`count(*)`.as('n'), sql<string>`sum(amount)`.as('total')]).where('due_date', '=', date).where('registration_status', 'not in', NOT_DUE).where('purpose', '=', 'installments').executeTakeFirst());
  }
  return tally(await db.selectFrom('receivable_charges').select([sql<number>`count(*)`.as('n'), sql<string>`sum(amount)`.as('total')]).where('due_date', '=', date).where('via_pix', '=', true).where('via_boleto', '=', false).where('status', '!=', 'cancelled').executeTakeFirst());
}

async function settledOn(db: Db, channel: SettlementChannel, date: LocalDate) {
  return db
    .selectFrom('settlement_events')
    .select([sql<number>`count(*)`.as('n'), sql<string>`sum(amount_paid)`.as('total'), sql<number>`count(*) filter (where excess > 0)`.as('excessN'), sql<string>`coalesce(sum(excess), 0)`.as('excessTotal')])
    .where('channel', '=', channel)
    .where('kind', '=', 'settled')
    .where('paid_on', '=', date)
    .executeTakeFirst();
}

async function unmatchedOn(db: Db, date: LocalDate): Promise<UnmatchedLine[]> {
  const rows = await db.selectFrom('settlement_unmatched').selectAll().where('paid_on', '=', date).where('resolved_at', 'is', null).orderBy('created_at').execute();
  return rows.map((r) => ({ channel: r.channel, actor: r.actor, reference: r.reference, amount: r.amount, paidOn: r.paid_on, reason: r.reason }));
}

async function pendingPix(db: Db): Promise<PendingPixLine[]> {
  const rows = await db.selectFrom('settlement_pix_notifications').selectAll().where('confirmed_at', 'is', null).orderBy('received_at').orderBy('end_to_end_id').execute();
  return rows.map((r) => ({ endToEndId: r.end_to_end_id, txid: r.txid, amount: dec(r.amount).toFixed(2), paidAt: r.paid_at, attempts: r.attempts, lastError: r.last_error }));
}

/** Sent to the bank (remittance) and not yet confirmed, as of now: registrations still pending. */
async function pending(db: Db, channel: SettlementChannel): Promise<Tally> {
  if (channel === 'pix') return tally(await db.selectFrom('settlement_pix_notifications').select([sql<number>`count(*)`.as('n'), sql<string>`sum(amount)`.as('total')]).where('confirmed_at', 'is', null).executeTakeFirst());
  return tally(
    await db
      .selectFrom('settlement_remittance_items as r')
      .innerJoin('receivable_boletos as b', 'b.id', 'r.boleto_id')
      .select([sql<number>`count(*)`.as('n'), sql<string>`sum(b.amount)`.as('total')])
      .where((eb) => eb.or([eb.and([eb('r.kind', '=', 'register'), eb('b.registration_status', '=', BoletoStatus.pending)]), eb.and([eb('r.kind', '=', 'writeOff'), eb('b.registration_status', '=', BoletoStatus.cancelPending)])]))
      .executeTakeFirst(),
  );
}

export async function reconcile(db: Db, date: LocalDate): Promise<Reconciliation> {
  const unmatched = await unmatchedOn(db, date);
  const channels: ChannelReconciliation[] = [];
  for (const channel of ['boleto', 'pix'] as const) {
    const e = await expected(db, channel, date);
    const s = await settledOn(db, channel, date);
    const received = tally(s);
    const mine = unmatched.filter((u) => u.channel === channel);
    channels.push({
      channel,
      expected: e,
      received,
      difference: dec(received.amount).minus(e.amount).toFixed(2),
      excess: { count: Number(s?.excessN ?? 0), amount: dec(s?.excessTotal ?? 0).toFixed(2) },
      unmatched: { count: mine.length, amount: mine.reduce((a, u) => a.plus(u.amount), dec(0)).toFixed(2) },
      pendingConfirmation: await pending(db, channel),
    });
  }
  return { date, channels, unmatched, pendingPix: await pendingPix(db) };
}

/**
 * Text that came from a bank, a provider or a payer, made inert for spreadsheets: a cell starting
 * with = + - @ (or a tab or carriage return) would be read as a formula, so it gets a leading '.
 */
export function inertCell(v: string): string {
  return /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
}

/** One CSV: a row per channel and measure, then a row per unmatched receipt. */
export function reconciliationCsv(r: Reconciliation): string[] {
  const quote = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  const rows = [['date', 'channel', 'measure', 'count', 'amount', 'reference', 'actor', 'reason']];
  for (const c of r.channels) {
    for (const measure of ['expected', 'received', 'excess', 'unmatched', 'pendingConfirmation'] as const) rows.push([r.date, c.channel, measure, String(c[measure].count), c[measure].amount, '', '', '']);
  }
  for (const u of r.unmatched) rows.push([r.date, u.channel, 'unmatchedReceipt', '1', u.amount, ...[u.reference, u.actor, u.reason].map(inertCell)]);
  for (const p of r.pendingPix) rows.push([r.date, 'pix', 'pendingPix', '1', p.amount, ...[p.endToEndId, '', p.lastError ?? ''].map(inertCell)]);
  return rows.map((row) => row.map(quote).join(','));
}

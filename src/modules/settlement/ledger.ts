// The settlement history: one settlement_events row per event a bank or Pix provider reported
// (its actor, what it said, what we did), and the unmatched receipts. Written in the transaction
// that applies the event; the unique source_key makes each event count once.
import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { Executor } from '../../platform/db/pool.js';
import type { LocalDate } from '../../platform/dates.js';
import type { Decimal } from '../../platform/money.js';
import { UNMATCHED_TEXT, type UnmatchedReason } from './rules.js';
import type { SettlementChannel, SettlementEventsTable } from './tables.js';

export type EventRecord = Omit<Insertable<SettlementEventsTable>, 'id' | 'created_at'>;

/** False when the event was already recorded (the caller then changes nothing). */
export async function recordEvent(tx: Executor, event: EventRecord, now: Date): Promise<boolean> {
  const inserted = await tx
    .insertInto('settlement_events')
    .values({ ...event, id: randomUUID(), created_at: now })
    .onConflict((oc) => oc.column('source_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function eventRecorded(tx: Executor, sourceKey: string): Promise<boolean> {
  return (await tx.selectFrom('settlement_events').select('id').where('source_key', '=', sourceKey).executeTakeFirst()) !== undefined;
}

export interface UnmatchedReceipt {
  sourceKey: string;
  channel: SettlementChannel;
  actor: string;
  reference: string;
  amount: Decimal;
  paidOn: LocalDate;
  reason: UnmatchedReason;
  /** What was found, for the operator (e.g. the refusal of the launch rules). */
  detail: string;
}

export async function recordUnmatched(tx: Executor, u: UnmatchedReceipt, now: Date): Promise<void> {
  await tx
    .insertInto('settlement_unmatched')
    .values({ id: randomUUID(), source_key: u.sourceKey, channel: u.channel, actor: u.actor, reference: u.reference, amount: u.amount.toFixed(2), paid_on: u.paidOn, reason: UNMATCHED_TEXT[u.reason], detail: u.detail, created_at: now, resolved_at: null })
    .onConflict((oc) => oc.column('source_key').doNothing())
    .execute();
}

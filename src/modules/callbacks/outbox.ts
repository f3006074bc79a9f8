// Producers never write callback rows: they hand the event to the command runner's outbox hook
// (ctx.enqueue, platform/commands.ts) through `emitCallback`, and the composition root gives the
// runner `writeCallbackOutbox`, which stores them in the command's transaction. The event and its
// delivery job (the one job queue, platform/jobs.ts, kind CALLBACK_DELIVER_JOB) commit with the
// change or not at all (rule 6). The job's ordering key is the event's: a proposal's events go one
// at a time, in the order they were enqueued. Delivery is the worker's job.
import { randomUUID } from 'node:crypto';
import { CompiledQuery } from 'kysely';
import type { Enqueue, OutboxEvent, OutboxStatement, OutboxWriter } from '../../platform/commands.js';
import type { FixedSql } from '../../platform/db/fixed-text.js';
import type { Executor, Tx } from '../../platform/db/pool.js';
import { DEFAULT_RETRY_POLICY } from './backoff.js';
import type { CallbackEvent } from './events.js';
import { toOutboxRecord } from './event-json.js';

/** The job kind of one callback delivery; its payload is `{ event_id }`. */
export const CALLBACK_DELIVER_JOB = 'callback.deliver';

/** The outbox event kind of a partner callback. */
export const CALLBACK_OUTBOX_KIND = 'callback';

interface CallbackOutboxPayload {
  /** Chosen when enqueued, so a producer can refer to the event (payee_reviews.callback_event_id). */
  id: string;
  partnerId: string;
  event: CallbackEvent;
}

/** Hands a partner's callback event to the runner's outbox; returns the id its row will have. */
export function emitCallback(enqueue: Enqueue, partnerId: string, event: CallbackEvent): string {
  const payload: CallbackOutboxPayload = { id: randomUUID(), partnerId, event };
  enqueue({ kind: CALLBACK_OUTBOX_KIND, payload });
  return payload.id;
}

function rowsOf(events: readonly OutboxEvent[]): CallbackRow[] {
  return events.map((e) => {
    if (e.kind !== CALLBACK_OUTBOX_KIND) throw new Error(`assertion: no outbox writer for events of kind ${e.kind}`);
    const p = e.payload as CallbackOutboxPayload;
    return { id: p.id, partnerId: p.partnerId, record: toOutboxRecord(p.event) };
  });
}

/** The same rows as parts of the statement that closes a command (the writer's `statement`). */
const callbackOutboxStatement: OutboxStatement = (events, now) => callbackCtes(rowsOf(events), now);

/**
 * The writer the composition root gives the runners: the enqueued callbacks, in order, in `tx`
 * (the job runner), or with the command's closing statement (the command runner).
 */
export const writeCallbackOutbox: OutboxWriter = Object.assign(
  async (tx: Tx, events: readonly OutboxEvent[], now: Date) => {
    if (events.length > 0) await runCtes(tx, callbackOutboxStatement(events, now));
  },
  { statement: callbackOutboxStatement },
);

/** Writes one callback row and its delivery job (the writer's, and the callbacks module's own tests'). */
export async function enqueueCallback(tx: Executor, partnerId: string, event: CallbackEvent, now: Date, id: string = randomUUID()): Promise<string> {
  await runCtes(tx, callbackCtes([{ id, partnerId, record: toOutboxRecord(event) }], now));
  return id;
}

interface CallbackRow {
  id: string;
  partnerId: string;
  record: ReturnType<typeof toOutboxRecord>;
}

/**
 * The events and their delivery jobs (platform/jobs.ts's row: pending, attempts 0, the event's
 * ordering key) as common table expressions of ONE statement whatever their number (issue 14: it
 * was two statements per event), in a fixed text (kysely built it on every command). Rows go in
 * the given order, so each key's jobs (and events) take their `seq` in that order: the selects are
 * sorted by position and the sequence defaults are evaluated above the sort.
 */
const CALLBACK_CTES = `
    outbox_event as (
      select * from unnest($1::uuid[], $2::uuid[], $3::integer[], $4::text[], $5::text[])
        with ordinality as e(id, partner_id, event_type, ordering_key, body, position)
    ), outbox_job as (
      insert into jobs (kind, payload, run_at, max_attempts, created_at, ordering_key)
      select $6, jsonb_build_object('event_id', e.id), $7, $8, $9, e.ordering_key
      from outbox_event e order by e.position
      returning id, payload ->> 'event_id' as event_id
    ), outbox_row as (
      insert into callback_events (id, partner_id, event_type, ordering_key, body, created_at, job_id)
      select e.id, e.partner_id, e.event_type, e.ordering_key, e.body, $10, j.id
      from outbox_event e join outbox_job j on j.event_id = e.id::text
      order by e.position
    )`;

function callbackCtes(rows: readonly CallbackRow[], now: Date): FixedSql {
  const column = <T>(pick: (row: CallbackRow) => T) => rows.map(pick);
  return {
    text: CALLBACK_CTES,
    values: [column((r) => r.id), column((r) => r.partnerId), column((r) => r.record.event_type), column((r) => r.record.ordering_key), column((r) => r.record.body_json), CALLBACK_DELIVER_JOB, now, DEFAULT_RETRY_POLICY.max_attempts, now, now],
  };
}

/** The common table expressions as a statement of their own (`with … select 1`). */
function runCtes(tx: Executor, ctes: FixedSql): Promise<unknown> {
  return tx.executeQuery(CompiledQuery.raw(`with ${ctes.text} select 1`, [...ctes.values]));
}

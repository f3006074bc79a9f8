// Producers never write callback rows: they hand the event to the command runner's outbox hook
// (ctx.enqueue, platform/commands.ts) through `emitCallback`, and the composition root gives the
// runner `writeCallbackOutbox`, which stores them in the command's transaction. The event and its
// delivery job (the one job queue, platform/jobs.ts, kind CALLBACK_DELIVER_JOB) commit with the
// change or not at all (rule 6). The job's ordering key is the event's: a proposal's events go one
// at a time, in the order they were enqueued. Delivery is the worker's job.
import { randomUUID } from 'node:crypto';
import type { Enqueue, OutboxWriter } from '../../platform/commands.js';
import type { Executor } from '../../platform/db/pool.js';
import { enqueueJob } from '../../platform/jobs.js';
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

/** The writer the composition root gives the runner: the enqueued callbacks, in order, in `tx`. */
export const writeCallbackOutbox: OutboxWriter = async (tx, events, now) => {
  for (const e of events) {
    if (e.kind !== CALLBACK_OUTBOX_KIND) throw new Error(`assertion: no outbox writer for events of kind ${e.kind}`);
    const p = e.payload as CallbackOutboxPayload;
    await enqueueCallback(tx, p.partnerId, p.event, now, p.id);
  }
};

/** Writes one callback row and its delivery job (the writer's, and the callbacks module's own tests'). */
export async function enqueueCallback(tx: Executor, partnerId: string, event: CallbackEvent, now: Date, id: string = randomUUID()): Promise<string> {
  const record = toOutboxRecord(event);
  const job_id = await enqueueJob(tx, CALLBACK_DELIVER_JOB, { event_id: id }, now, { orderingKey: record.ordering_key, maxAttempts: DEFAULT_RETRY_POLICY.max_attempts });
  await tx
    .insertInto('callback_events')
    .values({ id, partner_id: partnerId, event_type: record.event_type, ordering_key: record.ordering_key, body: record.body_json, created_at: now, job_id })
    .execute();
  return id;
}


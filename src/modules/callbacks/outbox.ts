// Producers call enqueueCallback inside the transaction of their change: the event and its
// delivery job (the one job queue, platform/jobs.ts, kind CALLBACK_DELIVER_JOB) commit with it or
// not at all (rule 5). The job's ordering key is the event's: a proposal's events go one at a
// time, in order. Delivery is the worker's job.
import { randomUUID } from 'node:crypto';
import type { Executor } from '../../platform/db/pool.js';
import { enqueueJob } from '../../platform/jobs.js';
import { DEFAULT_RETRY_POLICY } from './backoff.js';
import type { CallbackEvent } from './events.js';
import { toOutboxRecord } from './event-json.js';

/** The job kind of one callback delivery; its payload is `{ event_id }`. */
export const CALLBACK_DELIVER_JOB = 'callback.deliver';

export async function enqueueCallback(tx: Executor, partnerId: string, event: CallbackEvent, now: Date): Promise<string> {
  const record = toOutboxRecord(event);
  const id = randomUUID();
  const job_id = await enqueueJob(tx, CALLBACK_DELIVER_JOB, { event_id: id }, now, { orderingKey: record.ordering_key, maxAttempts: DEFAULT_RETRY_POLICY.max_attempts });
  await tx
    .insertInto('callback_events')
    .values({ id, partner_id: partnerId, event_type: record.event_type, ordering_key: record.ordering_key, body: record.body_json, created_at: now, job_id })
    .execute();
  return id;
}

// Producers call enqueueCallback inside the transaction of their change: the event commits with
// it or not at all (rule 5). Delivery is the worker's job.
import { randomUUID } from 'node:crypto';
import type { Executor } from '../../platform/db/pool.js';
import type { CallbackEvent } from './events.js';
import { toOutboxRecord } from './event-json.js';

export async function enqueueCallback(tx: Executor, partnerId: string, event: CallbackEvent, now: Date): Promise<string> {
  const record = toOutboxRecord(event);
  const id = randomUUID();
  await tx
    .insertInto('callback_events')
    .values({ id, partner_id: partnerId, event_type: record.event_type, ordering_key: record.ordering_key, body: record.body_json, next_attempt_at: now, created_at: now })
    .execute();
  return id;
}

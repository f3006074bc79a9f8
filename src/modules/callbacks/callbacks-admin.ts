// What the service team does with callbacks (`caas callbacks …`): list events and send one again.
// Use cases take the database and clock as arguments, like partner-admin.ts.
import { sql } from 'kysely';
import type { Clock } from '../../platform/clock.js';
import type { CommandDefinition } from '../../platform/commands.js';
import type { Executor } from '../../platform/db/pool.js';
import { DomainError } from '../../platform/errors.js';
import { clientIdOf, partnerByClientId } from '../partners/index.js';
import { EVENT_NAMES, type EventTypeCode } from './event-body.js';
import { CALLBACK_LIST_ROWS_DEFAULT, CALLBACK_LIST_ROWS_MAX } from './limits.js';
import { webhookIdFor } from './signing.js';
import type { CallbackDeliveriesView } from './tables.js';

export type CallbackStatus = 'pending' | 'delivered' | 'failed';
export const CALLBACK_STATUSES: readonly CallbackStatus[] = ['pending', 'delivered', 'failed'];

export interface CallbackListFilter {
  partnerClientId?: string;
  status?: string;
  limit?: number;
}

export interface CallbackListItem {
  id: string;
  webhookId: string;
  partnerClientId: string;
  eventType: number;
  eventName: string;
  orderingKey: string;
  status: CallbackStatus;
  attempts: number;
  nextAttemptAt: string | null;
  lastStatus: number | null;
  lastError: string | null;
  failReason: CallbackDeliveriesView['fail_reason'];
  createdAt: string;
  deliveredAt: string | null;
  redeliveredAt: string | null;
}

const invalid = (description: string, field: string) => new DomainError('validation', [{ code: 'ADM001', description, field }]);

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Newest first, at most `limit` (default CALLBACK_LIST_ROWS_DEFAULT). */
export async function listCallbacks(db: Executor, filter: CallbackListFilter = {}): Promise<CallbackListItem[]> {
  const limit = filter.limit ?? CALLBACK_LIST_ROWS_DEFAULT;
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > CALLBACK_LIST_ROWS_MAX) throw invalid(`limit must be an integer from 1 to ${CALLBACK_LIST_ROWS_MAX}`, 'limit');
  if (filter.status !== undefined && !CALLBACK_STATUSES.includes(filter.status as CallbackStatus)) {
    throw invalid(`status must be one of ${CALLBACK_STATUSES.join(', ')}`, 'status');
  }
  const partnerId = filter.partnerClientId === undefined ? undefined : (await partnerByClientId(db, filter.partnerClientId)).id;
  let query = baseQuery(db);
  if (partnerId !== undefined) query = query.where('e.partner_id', '=', partnerId);
  if (filter.status !== undefined) query = query.where('e.status', '=', filter.status as CallbackStatus);
  const rows = await query.orderBy('e.created_at', 'desc').orderBy('e.seq', 'desc').limit(limit).execute();
  return rows.map(toItem);
}

/**
 * Sends a delivered or failed event again: back to pending, due now, attempts from zero and a new
 * retry window from now; the webhook-id and body are unchanged. `id` is the outbox id or the
 * webhook-id (`msg_<id>`). A pending event is refused: it is already on its way.
 */
export async function redeliverCallback(db: Executor, clock: Clock, id: string): Promise<CallbackListItem> {
  const outboxId = id.startsWith('msg_') ? id.slice('msg_'.length) : id;
  if (!UUID_RE.test(outboxId)) throw invalid(`"${id}" is not a callback id (a uuid or msg_<uuid>)`, 'id');
  const now = clock.now();
  // The event's delivery job goes back to pending; ordering keeps its place (its seq is unchanged).
  const updated = await db
    .updateTable('jobs')
    .set({ status: 'pending', run_at: now, attempts: 0, locked_until: null, finished_at: null, fail_reason: null })
    .where('id', '=', db.selectFrom('callback_events').select('job_id').where('id', '=', outboxId))
    .where('status', 'in', ['done', 'failed'])
    .returning('id')
    .executeTakeFirst();
  if (updated !== undefined) await db.updateTable('callback_events').set({ redelivered_at: now }).where('id', '=', outboxId).execute();
  const row = await baseQuery(db).where('e.id', '=', outboxId).executeTakeFirst();
  if (row === undefined) throw invalid(`no callback event ${id}`, 'id');
  if (updated === undefined) throw invalid(`callback event ${id} is ${row.status}: only delivered or failed events can be sent again`, 'id');
  return toItem(row);
}

/** `callbacks.redeliver`, declared once: the CLI and the console's Callbacks page run it through runDefined. */
export const redeliverCallbackCommand: CommandDefinition<{ id: string }, CallbackListItem> = {
  name: 'callbacks.redeliver',
  summarize: (item) => `callback ${item.id} redelivered`,
  handler: (input, { tx, clock }) => redeliverCallback(tx, clock, input.id),
};

function baseQuery(db: Executor) {
  return db
    .selectFrom('callback_deliveries as e')
    .select([
      'e.id', clientIdOf('e.partner_id').as('client_id'), 'e.event_type', 'e.ordering_key', 'e.status', 'e.attempts', 'e.next_attempt_at', 'e.last_status',
      'e.last_error', 'e.fail_reason', 'e.created_at', 'e.delivered_at', 'e.redelivered_at',
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

function toItem(r: Row): CallbackListItem {
  return {
    id: r.id,
    webhookId: webhookIdFor(r.id),
    partnerClientId: r.client_id,
    eventType: r.event_type,
    eventName: EVENT_NAMES[r.event_type as EventTypeCode] ?? `tipo ${r.event_type}`,
    orderingKey: r.ordering_key,
    status: r.status,
    attempts: r.attempts,
    nextAttemptAt: r.status === 'pending' ? r.next_attempt_at.toISOString() : null,
    lastStatus: r.last_status,
    lastError: r.last_error,
    failReason: r.fail_reason,
    createdAt: r.created_at.toISOString(),
    deliveredAt: r.delivered_at?.toISOString() ?? null,
    redeliveredAt: r.redelivered_at?.toISOString() ?? null,
  };
}

/**
 * How many events are in each delivery state, and how many pending ones already failed an attempt
 * (`retrying`): the console's Painel (failing callbacks). Read-only.
 */
export async function countCallbacksByStatus(db: Executor): Promise<Record<CallbackStatus | 'retrying', number>> {
  const rows = await db
    .selectFrom('callback_deliveries')
    .select(['status', (eb) => eb.fn.countAll<string>().as('n'), sql<string>`count(*) filter (where attempts > 0)`.as('tried')])
    .groupBy('status')
    .execute();
  const counts = { pending: 0, delivered: 0, failed: 0, retrying: 0 };
  for (const r of rows) counts[r.status] = Number(r.n);
  counts.retrying = Number(rows.find((r) => r.status === 'pending')?.tried ?? 0);
  return counts;
}

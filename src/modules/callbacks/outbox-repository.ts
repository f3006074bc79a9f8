// The worker's queries on the delivery jobs of callback events (kind CALLBACK_DELIVER_JOB in the one
// job queue, the jobs table; the event itself is in callback_events). The job runner of
// platform/jobs.ts runs a handler inside its claim's transaction; a callback attempt is an HTTP
// request that must not hold a transaction, so it is claimed with a lease instead. A claim is one
// short statement (its own transaction): it picks due jobs with FOR UPDATE SKIP LOCKED, so
// concurrent workers never take the same row, and stamps them with a lease (locked_until). Every
// later write names that lease, so a worker whose lease expired (it crashed, or stalled) cannot
// overwrite the work of the one that took over. Ordering is the queue's rule: a job waits while an
// earlier pending job has its ordering key.
import { sql } from 'kysely';
import type { Executor } from '../../platform/db/pool.js';
import { callbackTargets } from '../partners/index.js';
import type { RowAfterAttempt } from './attempt-result.js';
import { CALLBACK_SECRETS_ACTIVE_MAX } from './limits.js';
import { CALLBACK_DELIVER_JOB } from './outbox.js';
import type { CallbackDeliveriesView } from './tables.js';

export interface ClaimedEvent {
  id: string;
  partner_id: string;
  body: string;
  /** Attempts started, this one included: a claim counts as an attempt even if its worker dies. */
  attempts: number;
  /** Where the age bound counts from: the creation, or the last `caas callbacks redeliver`. */
  age_from: Date;
  /** The lease: the value of locked_until this claim wrote; it identifies the claim. */
  claim: Date;
  callback_url: string | null;
  callback_header_name: string | null;
  callback_header_value: string | null;
  /** Active webhook secrets, newest first, at most CALLBACK_SECRETS_ACTIVE_MAX. */
  secrets: string[];
}

/**
 * Claims up to `limit` due events, only the oldest pending one of each ordering_key (a later event
 * of a proposal waits while an earlier one is pending, even mid-retry or claimed), and only for
 * partners that can receive (enabled, with a callback URL and an active secret).
 */
export async function claimDueEvents(db: Executor, now: Date, lease_ms: number, limit: number): Promise<ClaimedEvent[]> {
  if (!Number.isSafeInteger(lease_ms) || lease_ms <= 0) throw new Error('assertion: lease_ms must be a positive integer');
  if (!Number.isSafeInteger(limit) || limit <= 0) throw new Error('assertion: claim limit must be a positive integer');
  // The new lease is strictly later than `now`, and a row is only re-claimed once its old lease is
  // <= now: two claims of one row never carry the same lease value.
  const claim = new Date(now.getTime() + lease_ms);
  // The partner's side (can it receive, where, with which secrets) comes from the partners module.
  const targets = callbackTargets(CALLBACK_SECRETS_ACTIVE_MAX);
  const { rows } = await sql<ClaimedEvent>`
    with due as (
      select j.id
      from jobs j
      join callback_events e on e.job_id = j.id
      join ${targets} t on t.partner_id = e.partner_id
      where j.kind = ${CALLBACK_DELIVER_JOB}
        and j.status = 'pending'
        and j.run_at <= ${now}
        and (j.locked_until is null or j.locked_until <= ${now})
        and t.undeliverable is null
        and not exists (
          select 1 from jobs b
          where b.ordering_key = j.ordering_key and b.status = 'pending' and b.seq < j.seq)
      order by j.run_at
      limit ${limit}
      for update of j skip locked
    )
    update jobs c
    set locked_until = ${claim}, attempts = c.attempts + 1
    from due, callback_events e, ${targets} t
    where c.id = due.id and e.job_id = c.id and t.partner_id = e.partner_id
    returning e.id, e.partner_id, e.body, c.attempts,
      coalesce(e.redelivered_at, e.created_at) as age_from, c.locked_until as claim,
      t.callback_url, t.callback_header_name, t.callback_header_value, t.secrets`.execute(db);
  return rows;
}

export type OutboxFailReason = NonNullable<CallbackDeliveriesView['fail_reason']>;

/** A failure decided without an HTTP attempt (bad configuration, a worker error, crash loops). */
export interface FailedWithoutAttempt {
  status: 'failed';
  attempts: number;
  last_status: null;
  last_error: string;
  fail_reason: OutboxFailReason;
}

/** The delivery job of event `id`. */
function jobOf(db: Executor, id: string) {
  return db.selectFrom('callback_events').select('job_id').where('id', '=', id);
}

/** Writes what one attempt decided, if the claim still holds. False: the claim was lost. */
export async function recordOutcome(db: Executor, id: string, claim: Date, row: RowAfterAttempt | FailedWithoutAttempt): Promise<boolean> {
  const common = { attempts: row.attempts, last_status: row.last_status, last_error: row.last_error, locked_until: null };
  const columns =
    row.status === 'delivered'
      ? { ...common, status: 'done' as const, finished_at: row.delivered_at, fail_reason: null }
      : row.status === 'pending'
        ? { ...common, status: 'pending' as const, run_at: row.next_attempt_at }
        : { ...common, status: 'failed' as const, fail_reason: row.fail_reason };
  const result = await db
    .updateTable('jobs')
    .set(columns)
    .where('id', '=', jobOf(db, id))
    .where('locked_until', '=', claim)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives a claimed event back untouched (the attempt never started). */
export async function releaseClaim(db: Executor, id: string, claim: Date): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set((eb) => ({ locked_until: null, attempts: eb('attempts', '-', 1) }))
    .where('id', '=', jobOf(db, id))
    .where('locked_until', '=', claim)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Fails the pending events that cannot be sent (partner disabled, without a callback URL or
 * without an active secret) once they are older than the age bound. Until then they wait, so a
 * partner that configures its URL late still receives everything of the last `max_age_ms`.
 */
export async function failUndeliverable(db: Executor, now: Date, max_age_ms: number, limit: number): Promise<number> {
  const cutoff = new Date(now.getTime() - max_age_ms);
  const { rows } = await sql<{ id: string }>`
    with stale as (
      select j.id, t.undeliverable as why
      from jobs j
      join callback_events e on e.job_id = j.id
      join ${callbackTargets(CALLBACK_SECRETS_ACTIVE_MAX)} t on t.partner_id = e.partner_id
      where j.kind = ${CALLBACK_DELIVER_JOB}
        and j.status = 'pending'
        and j.run_at <= ${now}
        and coalesce(e.redelivered_at, e.created_at) < ${cutoff}
        and (j.locked_until is null or j.locked_until <= ${now})
        and t.undeliverable is not null
      limit ${limit}
      for update of j skip locked
    )
    update jobs c
    set status = 'failed', fail_reason = 'undeliverable', last_error = stale.why, locked_until = null
    from stale
    where c.id = stale.id
    returning c.id`.execute(db);
  return rows.length;
}

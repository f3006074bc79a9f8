// A small durable job queue on the `jobs` table (migration 0001). A producer enqueues a job in the
// transaction of its change; a runner claims one due job with FOR UPDATE SKIP LOCKED and runs its
// handler IN THE SAME TRANSACTION, so the handler's effects and the job's "done" commit together,
// and a crash mid-way leaves the job pending for another instance (the row lock dies with the
// connection; locked_until is not needed). A failing handler is rolled back to a savepoint, the
// attempt is counted and the job is retried by its kind's retry policy (platform/retry-policy.ts,
// the shape callbacks use too) until attempts or the age bound run out.
//
// A module declares its jobs as `{ kind → handler }` or `{ kind → { handler, retry } }` (JobKinds),
// the shape a module descriptor lists; the composition root merges them and runs one runner.
import type { FastifyBaseLogger } from 'fastify';
import { sql, type ExpressionBuilder, type Insertable } from 'kysely';
import type { Clock } from './clock.js';
import { LIMITS } from './config/limits.js';
import { withOutboxEvents, type Enqueue, type OutboxWriter } from './commands.js';
import type { Db, Executor, Tx } from './db/pool.js';
import type { Database, JobsTable } from './db/schema.js';
import { nextRetry, retryCeilingMs, type RandomSource, type RetryPolicy } from './retry-policy.js';
import { everyInterval, type Worker } from './workers.js';

export interface JobContext {
  tx: Tx;
  now: Date;
  job: { id: number; kind: string; attempt: number };
  /** The outbox hook (platform/commands.ts): kinds given a writer by withOutbox store what it enqueues in the job's transaction; others may not enqueue. */
  enqueue: Enqueue;
}

/** Runs one job. Throwing means "retry later"; the effects of a failed attempt are rolled back. */
export type JobHandler = (payload: unknown, ctx: JobContext) => Promise<void>;
/** A job kind: its handler and, when not the default (JOB_RETRY_POLICY), its retry policy. */
export interface JobKind {
  handler: JobHandler;
  retry?: RetryPolicy;
}
/** What a module declares and the runner takes: kind → handler, or kind → { handler, retry }. */
export type JobKinds = Readonly<Record<string, JobHandler | JobKind>>;
/** @deprecated the older name of JobKinds (plain handlers), kept for the callers that have it. */
export type JobHandlers = JobKinds;

/**
 * The default policy of a job kind: doubling from JOBS_BACKOFF_BASE_MS up to the cap, without
 * jitter (internal work, no herd to spread), JOBS_ATTEMPTS_MAX attempts unless the job was
 * enqueued with its own maxAttempts, and no practical age bound.
 */
export const JOB_RETRY_POLICY: Readonly<RetryPolicy> = Object.freeze({
  base_ms: LIMITS.JOBS_BACKOFF_BASE_MS,
  cap_ms: LIMITS.JOBS_BACKOFF_CAP_MS,
  floor_ms: LIMITS.JOBS_BACKOFF_BASE_MS,
  max_attempts: LIMITS.JOBS_ATTEMPTS_MAX,
  max_age_ms: LIMITS.JOBS_MAX_AGE_MS,
  jitter: 'none',
});

function normalized(entry: JobHandler | JobKind): Required<JobKind> {
  return typeof entry === 'function' ? { handler: entry, retry: JOB_RETRY_POLICY } : { handler: entry.handler, retry: entry.retry ?? JOB_RETRY_POLICY };
}

function kindOf(kinds: JobKinds, kind: string): Required<JobKind> | undefined {
  const entry = kinds[kind];
  return entry === undefined ? undefined : normalized(entry);
}

/** Merges modules' job kinds; a kind declared twice is a wiring mistake. */
export function mergeJobKinds(...sets: JobKinds[]): JobKinds {
  const merged: Record<string, JobHandler | JobKind> = {};
  for (const set of sets) {
    for (const [kind, entry] of Object.entries(set)) {
      if (kind in merged) throw new Error(`assertion: job kind ${kind} declared twice`);
      merged[kind] = entry;
    }
  }
  return merged;
}

/** Gives every handler of `kinds` the outbox hook, as the command runner has it: `writer` stores what it enqueued, in its transaction. */
export function withOutbox(kinds: JobKinds, writer: OutboxWriter): JobKinds {
  return Object.fromEntries(
    Object.entries(kinds).map(([kind, entry]) => {
      const { handler, retry } = normalized(entry);
      const hooked: JobHandler = (payload, ctx) => withOutboxEvents(ctx.tx, ctx.now, writer, `job ${kind}`, (enqueue) => handler(payload, { ...ctx, enqueue }));
      return [kind, { handler: hooked, retry }];
    }),
  );
}

export type JobOutcome = 'none' | 'done' | 'retry' | 'failed';

export interface EnqueueOptions {
  maxAttempts?: number;
  runAt?: Date;
  /** Jobs with one ordering key run one at a time, in enqueue order, each after the earlier ones end. */
  orderingKey?: string;
}

/**
 * The row enqueueJob inserts: for a caller that inserts its job inside a statement of its own (a
 * data-modifying CTE, issue 14). Refuses a bad attempt count as enqueueJob does.
 */
export function jobRow(kind: string, payload: unknown, now: Date, options: EnqueueOptions = {}): Insertable<JobsTable> {
  const maxAttempts = options.maxAttempts ?? LIMITS.JOBS_ATTEMPTS_MAX;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) throw new Error(`assertion: job max attempts ${maxAttempts}`);
  return { kind, payload: JSON.stringify(payload), run_at: options.runAt ?? now, max_attempts: maxAttempts, locked_until: null, last_error: null, created_at: now, finished_at: null, ordering_key: options.orderingKey ?? null, last_status: null, fail_reason: null };
}

export async function enqueueJob(tx: Executor, kind: string, payload: unknown, now: Date, options: EnqueueOptions = {}): Promise<number> {
  const row = await tx.insertInto('jobs').values(jobRow(kind, payload, now, options)).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Delay before attempt `attempt + 1` under the default policy: base · 2^(attempt − 1), capped. Deterministic. */
export function jobBackoffMs(attempt: number): number {
  if (!Number.isInteger(attempt) || attempt < 1) throw new Error(`assertion: job attempt ${attempt}`);
  return retryCeilingMs(attempt, JOB_RETRY_POLICY);
}

/** The pending jobs enqueued before `jobs` with its ordering key (none when the key is null). */
function earlierOfItsKey(selectFrom: ExpressionBuilder<Database, 'jobs'>['selectFrom']) {
  return selectFrom('jobs as b')
    .select('b.id')
    .whereRef('b.ordering_key', '=', 'jobs.ordering_key')
    .where('b.status', '=', 'pending')
    .whereRef('b.seq', '<', 'jobs.seq');
}

/** A job of a kind withOutbox did not wrap may not enqueue outbox events. */
function noOutbox(kind: string): Enqueue {
  return () => {
    throw new Error(`assertion: job ${kind} enqueued an event but has no outbox writer (withOutbox)`);
  };
}

/** Claims and runs at most one due job of a kind in `handlers`. `random`: the jitter of jittered policies. */
export async function runOneJob(db: Db, clock: Clock, handlers: JobKinds, random: RandomSource = Math.random): Promise<JobOutcome> {
  const kinds = Object.keys(handlers);
  if (kinds.length === 0) return 'none';
  return db.transaction().execute(async (tx) => {
    const now = clock.now();
    const job = await tx
      .selectFrom('jobs')
      .select(['id', 'kind', 'payload', 'attempts', 'max_attempts', 'created_at'])
      .where('status', '=', 'pending')
      .where('run_at', '<=', now)
      .where('kind', 'in', kinds)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
      .where(({ not, exists, selectFrom }) => not(exists(earlierOfItsKey(selectFrom))))
      .orderBy('run_at')
      .orderBy('id')
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (job === undefined) return 'none';
    const attempt = job.attempts + 1;
    const kind = kindOf(handlers, job.kind);
    if (kind === undefined) throw new Error(`assertion: claimed a job of unknown kind ${job.kind}`);
    await sql`savepoint job_attempt`.execute(tx);
    try {
      await kind.handler(job.payload, { tx, now, job: { id: job.id, kind: job.kind, attempt }, enqueue: noOutbox(job.kind) });
      await sql`release savepoint job_attempt`.execute(tx);
      await tx.updateTable('jobs').set({ status: 'done', attempts: attempt, finished_at: now, last_error: null }).where('id', '=', job.id).execute();
      return 'done';
    } catch (error) {
      await sql`rollback to savepoint job_attempt`.execute(tx);
      const last_error = String((error as Error).stack ?? error).slice(0, LIMITS.JOBS_ERROR_CHARS_MAX);
      // The row's max_attempts (set at enqueue) bounds this job; the kind's policy gives the rest.
      const decision = nextRetry({ attempts_made: attempt, created_at: job.created_at, now }, random, { ...kind.retry, max_attempts: job.max_attempts });
      if (decision.kind === 'give_up') {
        await tx.updateTable('jobs').set({ status: 'failed', attempts: attempt, finished_at: now, last_error: `${decision.reason}: ${last_error}`.slice(0, LIMITS.JOBS_ERROR_CHARS_MAX) }).where('id', '=', job.id).execute();
        return 'failed';
      }
      await tx.updateTable('jobs').set({ attempts: attempt, run_at: decision.at, last_error }).where('id', '=', job.id).execute();
      return 'retry';
    }
  });
}

export interface JobRunSummary {
  done: number;
  retried: number;
  failed: number;
}

/** Runs due jobs until none is left or `jobsMax` have run (one tick of the runner; tests call it). */
export async function runDueJobs(db: Db, clock: Clock, handlers: JobKinds, jobsMax: number = LIMITS.JOBS_PER_TICK_MAX): Promise<JobRunSummary> {
  const summary: JobRunSummary = { done: 0, retried: 0, failed: 0 };
  for (let i = 0; i < jobsMax; i++) {
    const outcome = await runOneJob(db, clock, handlers);
    if (outcome === 'none') break;
    if (outcome === 'done') summary.done++;
    else if (outcome === 'retry') summary.retried++;
    else summary.failed++;
  }
  return summary;
}

export function startJobRunner(db: Db, clock: Clock, handlers: JobKinds, log: FastifyBaseLogger): Worker {
  return everyInterval(
    'jobs',
    LIMITS.JOBS_POLL_INTERVAL_MS,
    async () => {
      const summary = await runDueJobs(db, clock, handlers);
      if (summary.failed > 0 || summary.retried > 0) log.warn({ ...summary }, 'background jobs failed or will be retried');
    },
    log,
  );
}

// A small durable job queue on the `jobs` table (migration 0001). A producer enqueues a job in the
// transaction of its change; a runner claims one due job with FOR UPDATE SKIP LOCKED and runs its
// handler IN THE SAME TRANSACTION, so the handler's effects and the job's "done" commit together,
// and a crash mid-way leaves the job pending for another instance (the row lock dies with the
// connection; locked_until is not needed). A failing handler is rolled back to a savepoint, the
// attempt is counted and the job is retried with exponential backoff until attempts run out.
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Clock } from './clock.js';
import { LIMITS } from './config/limits.js';
import type { Db, Executor, Tx } from './db/pool.js';
import { everyInterval, type Worker } from './workers.js';

export interface JobContext {
  tx: Tx;
  now: Date;
  job: { id: number; kind: string; attempt: number };
}

/** Runs one job. Throwing means "retry later"; the effects of a failed attempt are rolled back. */
export type JobHandler = (payload: unknown, ctx: JobContext) => Promise<void>;
export type JobHandlers = Readonly<Record<string, JobHandler>>;

export type JobOutcome = 'none' | 'done' | 'retry' | 'failed';

export interface EnqueueOptions {
  maxAttempts?: number;
  runAt?: Date;
}

export async function enqueueJob(tx: Executor, kind: string, payload: unknown, now: Date, options: EnqueueOptions = {}): Promise<number> {
  const maxAttempts = options.maxAttempts ?? LIMITS.JOBS_ATTEMPTS_MAX;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) throw new Error(`assertion: job max attempts ${maxAttempts}`);
  const row = await tx
    .insertInto('jobs')
    .values({ kind, payload: JSON.stringify(payload), run_at: options.runAt ?? now, max_attempts: maxAttempts, locked_until: null, last_error: null, created_at: now, finished_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Delay before attempt `attempt + 1`: base · 2^(attempt − 1), capped. Deterministic. */
export function jobBackoffMs(attempt: number): number {
  if (!Number.isInteger(attempt) || attempt < 1) throw new Error(`assertion: job attempt ${attempt}`);
  return Math.min(LIMITS.JOBS_BACKOFF_CAP_MS, LIMITS.JOBS_BACKOFF_BASE_MS * 2 ** Math.min(attempt - 1, 30));
}

/** Claims and runs at most one due job of a kind in `handlers`. */
export async function runOneJob(db: Db, clock: Clock, handlers: JobHandlers): Promise<JobOutcome> {
  const kinds = Object.keys(handlers);
  if (kinds.length === 0) return 'none';
  return db.transaction().execute(async (tx) => {
    const now = clock.now();
    const job = await tx
      .selectFrom('jobs')
      .select(['id', 'kind', 'payload', 'attempts', 'max_attempts'])
      .where('status', '=', 'pending')
      .where('run_at', '<=', now)
      .where('kind', 'in', kinds)
      .orderBy('run_at')
      .orderBy('id')
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (job === undefined) return 'none';
    const attempt = job.attempts + 1;
    const handler = handlers[job.kind];
    if (handler === undefined) throw new Error(`assertion: claimed a job of unknown kind ${job.kind}`);
    await sql`savepoint job_attempt`.execute(tx);
    try {
      await handler(job.payload, { tx, now, job: { id: job.id, kind: job.kind, attempt } });
      await sql`release savepoint job_attempt`.execute(tx);
      await tx.updateTable('jobs').set({ status: 'done', attempts: attempt, finished_at: now, last_error: null }).where('id', '=', job.id).execute();
      return 'done';
    } catch (error) {
      await sql`rollback to savepoint job_attempt`.execute(tx);
      const last_error = String((error as Error).stack ?? error).slice(0, LIMITS.JOBS_ERROR_CHARS_MAX);
      if (attempt >= job.max_attempts) {
        await tx.updateTable('jobs').set({ status: 'failed', attempts: attempt, finished_at: now, last_error }).where('id', '=', job.id).execute();
        return 'failed';
      }
      const run_at = new Date(now.getTime() + jobBackoffMs(attempt));
      await tx.updateTable('jobs').set({ attempts: attempt, run_at, last_error }).where('id', '=', job.id).execute();
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
export async function runDueJobs(db: Db, clock: Clock, handlers: JobHandlers, jobsMax: number = LIMITS.JOBS_PER_TICK_MAX): Promise<JobRunSummary> {
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

export function startJobRunner(db: Db, clock: Clock, handlers: JobHandlers, log: FastifyBaseLogger): Worker {
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

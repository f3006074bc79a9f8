// The callbacks delivery worker. Each tick: claim a bounded batch of due events in one short
// statement (outbox-repository.ts), POST them with bounded concurrency outside any transaction,
// then write each outcome guarded by its claim. Nothing lives in memory between ticks, so any
// number of processes can run it on one database, and a process killed mid-delivery loses only
// its leases: they expire and another worker sends the same event again (same webhook-id).
import { performance } from 'node:perf_hooks';
import type { Clock } from '../../platform/clock.js';
import type { Config } from '../../platform/config/env.js';
import type { Db } from '../../platform/db/pool.js';
import type { Worker } from '../../platform/workers.js';
import type { AddressPolicy, LookupFn } from './address-guard.js';
import { rowAfterAttempt } from './attempt-result.js';
import { DEFAULT_RETRY_POLICY, type RandomSource, type RetryPolicy } from './backoff.js';
import { deliver } from './deliver.js';
import {
  CALLBACK_CLAIM_BATCH_MAX,
  CALLBACK_CLAIM_MARGIN_MS,
  CALLBACK_DELIVERY_CONCURRENCY_MAX,
  CALLBACK_ERROR_CHARS_MAX,
  CALLBACK_POLL_INTERVAL_MS,
  CALLBACK_SWEEP_BATCH_MAX,
  CALLBACK_SWEEP_INTERVAL_MS,
  CALLBACK_TIMEOUT_MS,
} from './limits.js';
import { claimDueEvents, failUndeliverable, recordOutcome, releaseClaim, type ClaimedEvent, type OutboxFailReason } from './outbox-repository.js';
import { checkPartnerHeader, type PartnerHeader } from './partner-header.js';
import { webhookIdFor } from './signing.js';

export interface CallbackWorkerOptions {
  timeout_ms: number;
  batch_max: number;
  concurrency_max: number;
  claim_margin_ms: number;
  poll_interval_ms: number;
  sweep_interval_ms: number;
  address_policy: AddressPolicy;
  retry_policy: RetryPolicy;
  /** Jitter of the backoff; tests pass a seeded one. */
  random: RandomSource;
  lookup?: LookupFn;
  ca?: string | Buffer;
}

/** Only what the worker logs through; Fastify's logger fits. */
export interface WorkerLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface TickReport {
  claimed: number;
  delivered: number;
  retrying: number;
  failed: number;
  /** Outcomes not written because the claim had expired and another worker took the event. */
  lost: number;
}

export interface CallbackWorker {
  readonly options: Readonly<CallbackWorkerOptions>;
  /** How long a claim lasts: every attempt of a batch fits in it, plus a margin. */
  readonly lease_ms: number;
  /** One tick. With `now`, every instant of the tick is `now` (tests); otherwise the clock's. */
  runOnce(now?: Date): Promise<TickReport>;
  /** Fails undeliverable events past the age bound; returns how many. */
  sweep(now?: Date): Promise<number>;
  /** The background loop: ticks back to back while batches come full, else every poll interval. */
  start(log: WorkerLog): Worker;
}

type AttemptResult = Exclude<keyof TickReport, 'claimed'>;

const SILENT_LOG: WorkerLog = { warn: () => undefined, error: () => undefined };

/** The worker's settings from the validated configuration (timeout, address policy). */
export function callbackWorkerOptions(config: Config): Partial<CallbackWorkerOptions> {
  return {
    timeout_ms: config.callbacksTimeoutMs,
    address_policy: { allow_loopback: config.callbacksAllowLoopback, allow_private: config.callbacksAllowPrivate },
  };
}

export function createCallbackWorker(db: Db, clock: Clock, overrides: Partial<CallbackWorkerOptions> = {}, log: WorkerLog = SILENT_LOG): CallbackWorker {
  const options: CallbackWorkerOptions = {
    timeout_ms: CALLBACK_TIMEOUT_MS,
    batch_max: CALLBACK_CLAIM_BATCH_MAX,
    concurrency_max: CALLBACK_DELIVERY_CONCURRENCY_MAX,
    claim_margin_ms: CALLBACK_CLAIM_MARGIN_MS,
    poll_interval_ms: CALLBACK_POLL_INTERVAL_MS,
    sweep_interval_ms: CALLBACK_SWEEP_INTERVAL_MS,
    address_policy: { allow_loopback: true, allow_private: false },
    retry_policy: DEFAULT_RETRY_POLICY,
    // The process edge: jitter needs no cryptographic quality, only spread.
    random: Math.random,
    ...overrides,
  };
  assertOptions(options);
  const lease_ms = Math.ceil(options.batch_max / options.concurrency_max) * options.timeout_ms + options.claim_margin_ms;
  let currentLog = log;

  async function attempt(event: ClaimedEvent, instant: () => Date): Promise<AttemptResult> {
    const header = partnerHeaderOf(event);
    if (event.callback_url === null || event.secrets.length === 0) {
      // Not expected: the claim checks and reads the partner in one statement. Give it back.
      await releaseClaim(db, event.id, event.claim);
      return 'lost';
    }
    if (!header.ok) return failWithout(event, 'permanent', `invalid_partner_header: ${header.problem}`);
    // Attempts cut short by a crash count too: an event that kills its worker every time stops.
    if (event.attempts > options.retry_policy.max_attempts) return failWithout(event, 'max_attempts', 'attempts interrupted before their outcome was recorded');
    const outcome = await deliver(
      { url: event.callback_url, webhook_id: webhookIdFor(event.id), body: event.body, secrets: event.secrets, partner_header: header.value, at: instant() },
      { timeout_ms: options.timeout_ms, address_policy: options.address_policy, lookup: options.lookup, ca: options.ca },
    );
    const row = rowAfterAttempt({ attempts_before: event.attempts - 1, created_at: event.age_from }, outcome, instant(), options.random, options.retry_policy);
    if (!(await recordOutcome(db, event.id, event.claim, row))) return 'lost';
    return row.status === 'pending' ? 'retrying' : row.status;
  }

  async function failWithout(event: ClaimedEvent, fail_reason: OutboxFailReason, message: string): Promise<AttemptResult> {
    const last_error = message.slice(0, CALLBACK_ERROR_CHARS_MAX);
    const written = await recordOutcome(db, event.id, event.claim, { status: 'failed', attempts: event.attempts, last_status: null, last_error, fail_reason });
    return written ? 'failed' : 'lost';
  }

  async function attemptSafely(event: ClaimedEvent, instant: () => Date): Promise<AttemptResult> {
    try {
      return await attempt(event, instant);
    } catch (error) {
      // An assertion (a malformed stored secret, an oversized body): retrying cannot help, and
      // crashing the process would only make every worker trip on the same row.
      currentLog.error({ err: error, event: event.id }, 'callback attempt failed unexpectedly');
      try {
        return await failWithout(event, 'internal', `internal: ${(error as Error).message}`);
      } catch {
        return 'lost'; // the database is unreachable: the lease expires and the event is retried
      }
    }
  }

  const worker: CallbackWorker = {
    options,
    lease_ms,
    async runOnce(now) {
      const instant = now === undefined ? () => clock.now() : () => now;
      const claimed = await claimDueEvents(db, instant(), lease_ms, options.batch_max);
      const report: TickReport = { claimed: claimed.length, delivered: 0, retrying: 0, failed: 0, lost: 0 };
      await forEachBounded(claimed, options.concurrency_max, async (event) => {
        report[await attemptSafely(event, instant)] += 1;
      });
      if (report.lost > 0) currentLog.warn({ lost: report.lost }, 'callback claims expired before their outcome was written');
      return report;
    },
    sweep(now) {
      return failUndeliverable(db, now ?? clock.now(), options.retry_policy.max_age_ms, CALLBACK_SWEEP_BATCH_MAX);
    },
    start(log) {
      currentLog = log;
      return startLoop(worker, log);
    },
  };
  return worker;
}

/** Starts the worker of this process with the configuration's settings (compose.ts). */
export function startCallbackWorker(db: Db, clock: Clock, config: Config, log: WorkerLog): Worker {
  return createCallbackWorker(db, clock, callbackWorkerOptions(config), log).start(log);
}

function startLoop(worker: CallbackWorker, log: WorkerLog): Worker {
  const { batch_max, poll_interval_ms, sweep_interval_ms } = worker.options;
  let stopped = false;
  let wake: (() => void) | null = null;
  // Monotonic time for scheduling only: the sweep's pace is not a business instant.
  let lastSweep = -Infinity;
  const loop = (async () => {
    while (!stopped) {
      let full = false;
      try {
        if (performance.now() - lastSweep >= sweep_interval_ms) {
          lastSweep = performance.now();
          await worker.sweep();
        }
        full = (await worker.runOnce()).claimed === batch_max;
      } catch (error) {
        log.error({ err: error, worker: 'callbacks' }, 'callbacks tick failed');
      }
      if (full || stopped) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, poll_interval_ms);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
  })();
  return {
    name: 'callbacks',
    stop: async () => {
      stopped = true;
      wake?.();
      await loop; // attempts in flight finish (each is bounded by the timeout) and are recorded
    },
  };
}

function partnerHeaderOf(event: ClaimedEvent): { ok: true; value: PartnerHeader | null } | { ok: false; problem: string } {
  if (event.callback_header_name === null) return { ok: true, value: null };
  const checked = checkPartnerHeader({ name: event.callback_header_name, value: event.callback_header_value ?? '' });
  return checked.ok ? { ok: true, value: checked.value } : { ok: false, problem: checked.problem };
}

/** Runs `work` on every item with at most `limit` running at once. */
async function forEachBounded<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

function assertOptions(o: CallbackWorkerOptions): void {
  for (const name of ['timeout_ms', 'batch_max', 'concurrency_max', 'poll_interval_ms', 'sweep_interval_ms'] as const) {
    if (!Number.isSafeInteger(o[name]) || o[name] <= 0) throw new Error(`assertion: callback worker ${name} must be a positive integer, got ${o[name]}`);
  }
  if (!Number.isSafeInteger(o.claim_margin_ms) || o.claim_margin_ms < 0) throw new Error('assertion: claim_margin_ms must be >= 0');
}

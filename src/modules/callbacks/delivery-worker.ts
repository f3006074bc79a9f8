// The callbacks delivery worker. It keeps up to `concurrency_max` attempts in flight: whenever a
// lane is free it claims that many due events in one short statement (outbox-repository.ts), POSTs
// each outside any transaction, then writes its outcome guarded by the claim. Nothing lives in
// memory between attempts, so any number of processes can run it on one database, and a process
// killed mid-delivery loses only its leases: they expire and another worker sends the same event
// again (same webhook-id). Claiming per free lane (not a batch awaited as a whole) means a slow
// partner holds only its own lanes, and a claim's lease covers exactly one attempt.
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
  /** Attempts in flight at once in this process; also the most events one claim takes. */
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
  /**
   * The instant written in webhook-timestamp when it is not the service's: with the sandbox
   * clock moved ahead, the real time, so partners verify against their own clocks.
   */
  signing_clock?: Clock;
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
  /** How long a claim lasts: one attempt (the timeout bounds it) plus a margin. */
  readonly lease_ms: number;
  /**
   * One round: claims up to concurrency_max due events and attempts them all at once. With `now`,
   * every instant of the round is `now` (tests); otherwise the clock's.
   */
  runOnce(now?: Date): Promise<TickReport>;
  /** Fails undeliverable events past the age bound; returns how many. */
  sweep(now?: Date): Promise<number>;
  /** The background loop: refills free lanes as attempts end, polls when there is nothing due. */
  start(log: WorkerLog): Worker;
}

type AttemptResult = Exclude<keyof TickReport, 'claimed'>;

interface Engine {
  claim(limit: number, now: Date): Promise<ClaimedEvent[]>;
  attempt(event: ClaimedEvent, instant: () => Date, log: WorkerLog): Promise<AttemptResult>;
}

const SILENT_LOG: WorkerLog = { warn: () => undefined, error: () => undefined };

/** The worker's settings from the validated configuration (timeout, address policy). */
export function callbackWorkerOptions(config: Config): Partial<CallbackWorkerOptions> {
  return {
    timeout_ms: config.callbacks.timeoutMs,
    address_policy: { allow_loopback: config.callbacks.allowLoopback, allow_private: config.callbacks.allowPrivate },
  };
}

export function createCallbackWorker(db: Db, clock: Clock, overrides: Partial<CallbackWorkerOptions> = {}): CallbackWorker {
  const options: CallbackWorkerOptions = {
    timeout_ms: CALLBACK_TIMEOUT_MS,
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
  const lease_ms = options.timeout_ms + options.claim_margin_ms;
  const engine = createEngine(db, options, lease_ms);
  const worker: CallbackWorker = {
    options,
    lease_ms,
    async runOnce(now) {
      const instant = now === undefined ? () => clock.now() : () => now;
      const claimed = await engine.claim(options.concurrency_max, instant());
      const report: TickReport = { claimed: claimed.length, delivered: 0, retrying: 0, failed: 0, lost: 0 };
      const results = await Promise.all(claimed.map((event) => engine.attempt(event, instant, SILENT_LOG)));
      for (const result of results) report[result] += 1;
      return report;
    },
    sweep(now) {
      return failUndeliverable(db, now ?? clock.now(), options.retry_policy.max_age_ms, CALLBACK_SWEEP_BATCH_MAX);
    },
    start(log) {
      return startLoop(worker, engine, () => clock.now(), log);
    },
  };
  return worker;
}

/** Starts the worker of this process with the configuration's settings (compose.ts). */
export function startCallbackWorker(db: Db, clock: Clock, config: Config, log: WorkerLog, signing_clock?: Clock): Worker {
  return createCallbackWorker(db, clock, { ...callbackWorkerOptions(config), signing_clock }).start(log);
}

function createEngine(db: Db, options: CallbackWorkerOptions, lease_ms: number): Engine {
  async function failWithout(event: ClaimedEvent, fail_reason: OutboxFailReason, message: string): Promise<AttemptResult> {
    const last_error = message.slice(0, CALLBACK_ERROR_CHARS_MAX);
    const written = await recordOutcome(db, event.id, event.claim, { status: 'failed', attempts: event.attempts, last_status: null, last_error, fail_reason });
    return written ? 'failed' : 'lost';
  }

  async function attempt(event: ClaimedEvent, instant: () => Date): Promise<AttemptResult> {
    if (event.callback_url === null || event.secrets.length === 0) {
      // Not expected: the claim checks and reads the partner in one statement. Give it back.
      await releaseClaim(db, event.id, event.claim);
      return 'lost';
    }
    const header = partnerHeaderOf(event);
    if (!header.ok) return failWithout(event, 'permanent', `invalid_partner_header: ${header.problem}`);
    // Attempts cut short by a crash count too: an event that kills its worker every time stops.
    if (event.attempts > options.retry_policy.max_attempts) return failWithout(event, 'max_attempts', 'attempts interrupted before their outcome was recorded');
    const outcome = await deliver(
      { url: event.callback_url, webhook_id: webhookIdFor(event.id), body: event.body, secrets: event.secrets, partner_header: header.value, at: options.signing_clock?.now() ?? instant() },
      { timeout_ms: options.timeout_ms, address_policy: options.address_policy, lookup: options.lookup, ca: options.ca },
    );
    const row = rowAfterAttempt({ attempts_before: event.attempts - 1, created_at: event.age_from }, outcome, instant(), options.random, options.retry_policy);
    if (!(await recordOutcome(db, event.id, event.claim, row))) return 'lost';
    return row.status === 'pending' ? 'retrying' : row.status;
  }

  return {
    claim: (limit, now) => claimDueEvents(db, now, lease_ms, limit),
    async attempt(event, instant, log) {
      try {
        const result = await attempt(event, instant);
        if (result === 'lost') log.warn({ event: event.id }, 'callback claim expired before its outcome was written');
        return result;
      } catch (error) {
        // An assertion (a malformed stored secret, an oversized body): retrying cannot help, and
        // crashing the process would only make every worker trip on the same row.
        log.error({ err: error, event: event.id }, 'callback attempt failed unexpectedly');
        try {
          return await failWithout(event, 'internal', `internal: ${(error as Error).message}`);
        } catch {
          return 'lost'; // the database is unreachable: the lease expires and the event is retried
        }
      }
    },
  };
}

function startLoop(worker: CallbackWorker, engine: Engine, now: () => Date, log: WorkerLog): Worker {
  const { concurrency_max, poll_interval_ms, sweep_interval_ms } = worker.options;
  let stopped = false;
  let inFlight = 0;
  const running = new Set<Promise<unknown>>();
  let wake: (() => void) | null = null;
  let nudged = false; // an attempt ended while the loop was busy claiming: claim again at once
  const nudge = () => {
    nudged = true;
    wake?.();
  };
  // Monotonic time for scheduling only: the sweep's pace is not a business instant.
  let lastSweep = -Infinity;
  const loop = (async () => {
    while (!stopped) {
      try {
        if (performance.now() - lastSweep >= sweep_interval_ms) {
          lastSweep = performance.now();
          await worker.sweep();
        }
        // Every free lane is refilled at once: waiting to claim for several lanes together would
        // leave lanes idle behind a slow partner's attempts.
        const free = concurrency_max - inFlight;
        const events = free > 0 ? await engine.claim(free, now()) : [];
        for (const event of events) {
          inFlight += 1;
          const task = engine.attempt(event, now, log).finally(() => {
            inFlight -= 1;
            running.delete(task);
            nudge(); // a lane is free, and the next event of that proposal may now be due
          });
          running.add(task);
        }
      } catch (error) {
        log.error({ err: error, worker: 'callbacks' }, 'callbacks claim failed');
      }
      if (stopped) break;
      if (nudged) {
        nudged = false;
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, poll_interval_ms);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
      nudged = false;
    }
    await Promise.all(running); // each attempt is bounded by the timeout, and its outcome is recorded
  })();
  return {
    name: 'callbacks',
    stop: async () => {
      stopped = true;
      nudge();
      await loop;
    },
  };
}

function partnerHeaderOf(event: ClaimedEvent): { ok: true; value: PartnerHeader | null } | { ok: false; problem: string } {
  if (event.callback_header_name === null) return { ok: true, value: null };
  const checked = checkPartnerHeader({ name: event.callback_header_name, value: event.callback_header_value ?? '' });
  return checked.ok ? { ok: true, value: checked.value } : { ok: false, problem: checked.problem };
}

function assertOptions(o: CallbackWorkerOptions): void {
  for (const name of ['timeout_ms', 'concurrency_max', 'poll_interval_ms', 'sweep_interval_ms'] as const) {
    if (!Number.isSafeInteger(o[name]) || o[name] <= 0) throw new Error(`assertion: callback worker ${name} must be a positive integer, got ${o[name]}`);
  }
  if (!Number.isSafeInteger(o.claim_margin_ms) || o.claim_margin_ms < 0) throw new Error('assertion: claim_margin_ms must be >= 0');
}

// The sandbox clock (CAAS_SANDBOX=true): the service's instant is the real time plus an offset kept
// in PostgreSQL (table sandbox_clock, migration 0018), so every instance and the CLI read one
// clock. It is an implementation of the injected Clock: now() stays synchronous and answers from
// a copy of the offset that sync() refreshes at most every SANDBOX_CLOCK_TTL_MS (one indexed
// single-row read), on each request (app.ts) and on a background timer for the workers.
import { sql } from 'kysely';
import type { Clock } from '../clock.js';
import { LIMITS } from '../config/limits.js';
import type { Executor } from '../db/pool.js';

/** A clock whose state lives elsewhere: sync() brings this process's copy up to date. */
export interface SyncedClock extends Clock {
  sync(options?: { force?: boolean }): Promise<void>;
  stop(): void;
}

export function isSyncedClock(clock: Clock): clock is SyncedClock {
  return typeof (clock as Partial<SyncedClock>).sync === 'function';
}

export async function readOffsetMs(db: Executor): Promise<number> {
  const row = await db.selectFrom('sandbox_clock').select('offset_ms').where('id', '=', 1).executeTakeFirst();
  return row?.offset_ms ?? 0;
}

/**
 * Moves the shared clock so that it reads `target` at the real instant `realNow`. Forward only:
 * returns false (nothing written) when the clock already reads `target` or later.
 */
export async function writeOffset(db: Executor, target: Date, realNow: Date): Promise<boolean> {
  const offset_ms = target.getTime() - realNow.getTime();
  const result = await db
    .updateTable('sandbox_clock')
    .set({ offset_ms, updated_at: sql<Date>`now()` })
    .where('id', '=', 1)
    .where('offset_ms', '<', offset_ms)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface SandboxClockOptions {
  /** The real time (the system clock; a fixed clock in tests). */
  base: Clock;
  ttl_ms?: number;
  /** Monotonic milliseconds for the cache's age (performance.now by default). */
  monotonic?: () => number;
}

export async function createSandboxClock(db: Executor, options: SandboxClockOptions): Promise<SyncedClock> {
  const ttl_ms = options.ttl_ms ?? LIMITS.SANDBOX_CLOCK_TTL_MS;
  const monotonic = options.monotonic ?? (() => performance.now());
  let offset_ms = await readOffsetMs(db);
  let readAt = monotonic();
  let pending: Promise<void> | null = null;
  const refresh = () => {
    pending ??= readOffsetMs(db)
      .then((value) => {
        // Forward only, also in this copy: a late read never moves the clock back.
        offset_ms = Math.max(offset_ms, value);
        readAt = monotonic();
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  };
  const timer = setInterval(() => void refresh().catch(() => undefined), Math.max(ttl_ms, 50));
  timer.unref();
  return {
    now: () => new Date(options.base.now().getTime() + offset_ms),
    async sync({ force = false } = {}) {
      if (force || monotonic() - readAt >= ttl_ms) await refresh();
    },
    stop: () => clearInterval(timer),
  };
}

/** The clock of this process: the shared sandbox clock when CAAS_SANDBOX is on, else `base`. */
export async function serviceClock(db: Executor, sandbox: boolean, base: Clock): Promise<Clock> {
  return sandbox ? createSandboxClock(db, { base }) : base;
}

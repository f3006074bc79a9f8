// Background loops of this process. Each is bounded (batch sizes, intervals) and stoppable; all
// state they act on is in PostgreSQL, so any number of instances can run them side by side.
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock.js';
import { LIMITS } from './config/limits.js';
import type { Db } from './db/pool.js';
import { purgeAnswers } from './answer-cache.js';
import { purgeExpiredIdempotency } from './idempotency.js';
import type { Purge } from './module.js';

export interface Worker {
  name: string;
  stop(): Promise<void>;
}

/** Runs `tick` every `interval_ms` (never overlapping itself) until stopped. */
export function everyInterval(name: string, interval_ms: number, tick: () => Promise<void>, log: FastifyBaseLogger): Worker {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = tick()
      .catch((error: unknown) => log.error({ err: error, worker: name }, 'worker tick failed'))
      .finally(() => {
        running = null;
      });
  }, interval_ms);
  timer.unref();
  return {
    name,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}

/** Purges expired idempotency records, stored answers of past days (read model) and what the modules' descriptors list (auth: assertion jtis). */
export function startMaintenance(db: Db, clock: Clock, log: FastifyBaseLogger, purges: readonly Purge[] = []): Worker {
  return everyInterval(
    'maintenance',
    LIMITS.IDEMPOTENCY_PURGE_INTERVAL_MS,
    async () => {
      const now = clock.now();
      const records = await purgeExpiredIdempotency(db, now);
      const counts: Record<string, number> = { records, answers: await purgeAnswers(db, now) };
      for (const { name, purge } of purges) counts[name] = await purge(db, now);
      if (Object.values(counts).some((n) => n > 0)) log.info(counts, 'purged expired idempotency records and assertion ids');
    },
    log,
  );
}

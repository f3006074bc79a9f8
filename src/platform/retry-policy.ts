// The one retry policy shape of the job queue (platform/jobs.ts) and of callback delivery: each job
// kind declares attempts, an exponential backoff (base · 2^(n−1), at least floor, at most cap), an
// age bound, and whether the delay is jittered. Full jitter spreads a herd (partners recovering
// from an outage are not hit by every pending event at once); no jitter keeps internal work
// deterministic. Pure: the random source and the instants are arguments.

export interface RetryPolicy {
  base_ms: number;
  cap_ms: number;
  floor_ms: number;
  max_attempts: number;
  /** No attempt is scheduled later than this after the job's creation (or its redelivery). */
  max_age_ms: number;
  /** 'full': the delay is uniform in [floor, ceiling]; 'none': exactly the ceiling. Default 'full'. */
  jitter?: 'full' | 'none';
  /** The most a Retry-After asked by the other side may delay the next attempt; default cap_ms. */
  retry_after_max_ms?: number;
}

/** A number in [0, 1), like Math.random; tests pass a seeded one. */
export type RandomSource = () => number;

export type RetryDecision =
  | { kind: 'retry'; at: Date; delay_ms: number }
  | { kind: 'give_up'; reason: 'max_attempts' | 'max_age' };

export interface AttemptHistory {
  /** Attempts already made, the one that just failed included (>= 1). */
  attempts_made: number;
  /** When the job was created (or redelivered): the age bound counts from here. */
  created_at: Date;
  /** When the failed attempt ended. */
  now: Date;
  /** A delay the other side asked for (Retry-After on 429/503), if any. */
  retry_after_ms?: number | null;
}

/** Upper bound of the delay after `attempts_made` attempts; never decreases, never above the cap. */
export function retryCeilingMs(attempts_made: number, policy: RetryPolicy): number {
  assertPolicy(policy);
  if (!Number.isSafeInteger(attempts_made) || attempts_made < 1) throw new Error(`assertion: attempts_made must be >= 1, got ${attempts_made}`);
  // The exponent is clamped so 2^n stays finite; the cap is reached long before.
  const exponent = Math.min(attempts_made - 1, 52);
  return Math.max(policy.floor_ms, Math.min(policy.cap_ms, policy.base_ms * 2 ** exponent));
}

/** The next attempt time, or why to stop and mark the job failed. */
export function nextRetry(history: AttemptHistory, random: RandomSource, policy: RetryPolicy): RetryDecision {
  const { attempts_made, created_at, now } = history;
  const ceiling_ms = retryCeilingMs(attempts_made, policy);
  if (attempts_made >= policy.max_attempts) return { kind: 'give_up', reason: 'max_attempts' };
  const delay_ms = Math.max(jittered(ceiling_ms, random, policy), clampRetryAfter(history.retry_after_ms ?? null, policy));
  const at = new Date(now.getTime() + delay_ms);
  // An attempt that would start after the age bound is not scheduled at all: the bound is a promise
  // that nothing older than it runs.
  if (at.getTime() - created_at.getTime() > policy.max_age_ms) return { kind: 'give_up', reason: 'max_age' };
  return { kind: 'retry', at, delay_ms };
}

function jittered(ceiling_ms: number, random: RandomSource, policy: RetryPolicy): number {
  if (policy.jitter === 'none') return ceiling_ms;
  const r = random();
  if (!(r >= 0 && r < 1)) throw new Error(`assertion: random source must return [0, 1), got ${r}`);
  return policy.floor_ms + Math.floor(r * (ceiling_ms - policy.floor_ms + 1));
}

function clampRetryAfter(retry_after_ms: number | null, policy: RetryPolicy): number {
  if (retry_after_ms === null || !Number.isFinite(retry_after_ms) || retry_after_ms <= 0) return 0;
  return Math.min(retry_after_ms, policy.cap_ms, policy.retry_after_max_ms ?? policy.cap_ms);
}

function assertPolicy(p: RetryPolicy): void {
  const ok =
    Number.isSafeInteger(p.base_ms) && p.base_ms > 0 &&
    Number.isSafeInteger(p.floor_ms) && p.floor_ms >= 0 &&
    Number.isSafeInteger(p.cap_ms) && p.cap_ms >= p.base_ms && p.cap_ms >= p.floor_ms &&
    Number.isSafeInteger(p.max_attempts) && p.max_attempts >= 1 &&
    Number.isSafeInteger(p.max_age_ms) && p.max_age_ms > 0 &&
    (p.retry_after_max_ms === undefined || (Number.isSafeInteger(p.retry_after_max_ms) && p.retry_after_max_ms >= 0));
  if (!ok) throw new Error(`assertion: invalid retry policy ${JSON.stringify(p)}`);
}

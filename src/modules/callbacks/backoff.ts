// When to try a failed callback again: the platform's one retry policy shape
// (platform/retry-policy.ts) with the callbacks' values. Exponential backoff with full jitter: the
// n-th retry waits a uniformly random time up to min(cap, base · 2^(n-1)), so partners recovering
// from an outage are not hit by every pending event at once. Bounded twice: by attempts and by
// the event's age.
import * as retry from '../../platform/retry-policy.js';
import type { AttemptHistory, RandomSource, RetryDecision, RetryPolicy } from '../../platform/retry-policy.js';
import {
  CALLBACK_BACKOFF_BASE_MS,
  CALLBACK_BACKOFF_CAP_MS,
  CALLBACK_BACKOFF_FLOOR_MS,
  CALLBACK_MAX_AGE_MS,
  CALLBACK_MAX_ATTEMPTS,
  CALLBACK_RETRY_AFTER_MAX_MS,
} from './limits.js';

export type { AttemptHistory, RandomSource, RetryDecision, RetryPolicy };

export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = Object.freeze({
  base_ms: CALLBACK_BACKOFF_BASE_MS,
  cap_ms: CALLBACK_BACKOFF_CAP_MS,
  floor_ms: CALLBACK_BACKOFF_FLOOR_MS,
  max_attempts: CALLBACK_MAX_ATTEMPTS,
  max_age_ms: CALLBACK_MAX_AGE_MS,
  jitter: 'full',
  retry_after_max_ms: CALLBACK_RETRY_AFTER_MAX_MS,
});

/** Upper bound of the delay after `attempts_made` attempts; never decreases, never above the cap. */
export function retryCeilingMs(attempts_made: number, policy: RetryPolicy = DEFAULT_RETRY_POLICY): number {
  return retry.retryCeilingMs(attempts_made, policy);
}

/** The next attempt time, or why to stop and mark the event failed. */
export function nextRetry(history: AttemptHistory, random: RandomSource, policy: RetryPolicy = DEFAULT_RETRY_POLICY): RetryDecision {
  return retry.nextRetry(history, random, policy);
}

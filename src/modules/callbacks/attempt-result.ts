// What an outbox row becomes after one attempt: delivered, retried later, or failed for good.
// Pure, so the worker's transaction only writes what this decides.
import { DEFAULT_RETRY_POLICY, nextRetry, type RandomSource, type RetryPolicy } from './backoff.js';
import type { DeliveryOutcome } from './deliver.js';
import { CALLBACK_ERROR_CHARS_MAX } from './limits.js';

export type OutboxStatus = 'pending' | 'delivered' | 'failed';

export type FailReason = 'max_attempts' | 'max_age' | 'permanent';

export type RowAfterAttempt =
  | { status: 'delivered'; attempts: number; last_status: number; last_error: null; delivered_at: Date }
  | { status: 'pending'; attempts: number; last_status: number | null; last_error: string; next_attempt_at: Date }
  | { status: 'failed'; attempts: number; last_status: number | null; last_error: string; fail_reason: FailReason };

/**
 * `attempts_before` counts the attempts made before this one; `created_at` is the event's
 * creation (the age bound); `now` is when this attempt ended.
 */
export function rowAfterAttempt(
  row: { attempts_before: number; created_at: Date },
  outcome: DeliveryOutcome,
  now: Date,
  random: RandomSource,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
): RowAfterAttempt {
  if (!Number.isSafeInteger(row.attempts_before) || row.attempts_before < 0) throw new Error('assertion: attempts_before must be >= 0');
  const attempts = row.attempts_before + 1;
  if (outcome.delivered) {
    if (outcome.status === null) throw new Error('assertion: a delivered outcome has a status');
    return { status: 'delivered', attempts, last_status: outcome.status, last_error: null, delivered_at: now };
  }
  const last_error = errorText(outcome);
  const base = { attempts, last_status: outcome.status, last_error };
  if (outcome.permanent) return { status: 'failed', ...base, fail_reason: 'permanent' };
  const next = nextRetry({ attempts_made: attempts, created_at: row.created_at, now, retry_after_ms: outcome.retry_after_ms }, random, policy);
  return next.kind === 'retry' ? { status: 'pending', ...base, next_attempt_at: next.at } : { status: 'failed', ...base, fail_reason: next.reason };
}

function errorText(outcome: DeliveryOutcome): string {
  const text = outcome.error === null ? 'unknown' : `${outcome.error.code}: ${outcome.error.message}`;
  return text.length <= CALLBACK_ERROR_CHARS_MAX ? text : `${text.slice(0, CALLBACK_ERROR_CHARS_MAX - 1)}…`;
}

export interface RetryPolicy {
    /** Attempts in all, the first included (1 = no retry). */
    attemptsMax: number;
    /** Wait before retry n (n ≥ 1): min(base · 2^(n−1), cap), with full jitter, unless Retry-After says. */
    backoffBaseMs: number;
    backoffCapMs: number;
    /** Longest Retry-After honoured; a longer one ends the retries (the error is thrown). */
    retryAfterMaxMs: number;
}
export declare const DEFAULT_RETRY_POLICY: RetryPolicy;
export declare function isRetryableStatus(status: number, codes: readonly string[]): boolean;
/** Retry-After as delta-seconds or an HTTP date; null when absent or unreadable. */
export declare function retryAfterMs(value: string | null, now: number): number | null;
/** The wait before retry number `retry` (1-based), or null when no retry is left. */
export declare function delayBeforeRetry(policy: RetryPolicy, retry: number, retryAfter: number | null, random: () => number): number | null;

// When and how long to wait before sending a call again (with the same IdempotencyKey).
// Retried: 429 (after Retry-After), 409 IDEM409 (the same key still running), 5xx, timeouts and
// network errors. Never retried: other 4xx (the request itself is wrong).
export const DEFAULT_RETRY_POLICY = { attemptsMax: 4, backoffBaseMs: 200, backoffCapMs: 5_000, retryAfterMaxMs: 60_000 };
export function isRetryableStatus(status, codes) {
    return status === 429 || status >= 500 || (status === 409 && codes.includes('IDEM409'));
}
/** Retry-After as delta-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(value, now) {
    if (value === null || value.trim() === '')
        return null;
    const trimmed = value.trim();
    if (/^\d+$/.test(trimmed))
        return Number(trimmed) * 1000;
    const at = Date.parse(trimmed);
    return Number.isNaN(at) ? null : Math.max(0, at - now);
}
/** The wait before retry number `retry` (1-based), or null when no retry is left. */
export function delayBeforeRetry(policy, retry, retryAfter, random) {
    if (retry >= policy.attemptsMax)
        return null;
    if (retryAfter !== null)
        return retryAfter <= policy.retryAfterMaxMs ? retryAfter : null;
    const ceiling = Math.min(policy.backoffCapMs, policy.backoffBaseMs * 2 ** (retry - 1));
    return Math.floor(random() * ceiling);
}

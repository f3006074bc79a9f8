import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rowAfterAttempt } from './attempt-result.js';
import type { DeliveryOutcome } from './deliver.js';
import { CALLBACK_ERROR_CHARS_MAX, CALLBACK_MAX_AGE_MS, CALLBACK_MAX_ATTEMPTS } from './limits.js';

const CREATED = new Date('2026-08-03T12:00:00Z');
const NOW = new Date('2026-08-03T12:00:10Z');
const ok: DeliveryOutcome = { delivered: true, status: 200, error: null, duration_ms: 3, retry_after_ms: null, permanent: false };
const failed = (extra: Partial<DeliveryOutcome> = {}): DeliveryOutcome => ({
  delivered: false,
  status: 500,
  error: { code: 'http_status', message: 'HTTP 500' },
  duration_ms: 3,
  retry_after_ms: null,
  permanent: false,
  ...extra,
});

test('a delivered attempt closes the row', () => {
  assert.deepEqual(rowAfterAttempt({ attempts_before: 2, created_at: CREATED }, ok, NOW, () => 0), {
    status: 'delivered',
    attempts: 3,
    last_status: 200,
    last_error: null,
    delivered_at: NOW,
  });
});

test('a failure is scheduled again with backoff, keeping the error for the listing', () => {
  const row = rowAfterAttempt({ attempts_before: 0, created_at: CREATED }, failed(), NOW, () => 0.5);
  assert.equal(row.status, 'pending');
  if (row.status !== 'pending') return;
  assert.equal(row.attempts, 1);
  assert.equal(row.last_error, 'http_status: HTTP 500');
  assert.ok(row.next_attempt_at > NOW);
});

test('failures end in failed: at max attempts, past the age bound, or at once when permanent', () => {
  const spent = rowAfterAttempt({ attempts_before: CALLBACK_MAX_ATTEMPTS - 1, created_at: CREATED }, failed(), NOW, () => 0);
  assert.deepEqual([spent.status, spent.status === 'failed' && spent.fail_reason], ['failed', 'max_attempts']);
  const old = rowAfterAttempt({ attempts_before: 3, created_at: CREATED }, failed(), new Date(CREATED.getTime() + CALLBACK_MAX_AGE_MS), () => 0);
  assert.deepEqual([old.status, old.status === 'failed' && old.fail_reason], ['failed', 'max_age']);
  const bad = rowAfterAttempt({ attempts_before: 0, created_at: CREATED }, failed({ status: null, permanent: true, error: { code: 'invalid_url', message: 'x' } }), NOW, () => 0);
  assert.deepEqual([bad.status, bad.status === 'failed' && bad.fail_reason], ['failed', 'permanent']);
});

test('long errors are cut to the column limit', () => {
  const row = rowAfterAttempt({ attempts_before: 0, created_at: CREATED }, failed({ error: { code: 'connection_failed', message: 'x'.repeat(5000) } }), NOW, () => 0);
  assert.equal(row.last_error?.length, CALLBACK_ERROR_CHARS_MAX);
});

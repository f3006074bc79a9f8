// The one retry policy shape: backoff ceiling, jitter on or off, the age and attempts bounds, and
// a Retry-After clamped by the policy. (The callbacks' values are tested in callbacks/backoff.test.ts.)
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nextRetry, retryCeilingMs, type RetryPolicy } from './retry-policy.js';

const T0 = new Date('2026-11-23T15:00:00.000Z');
const policy: RetryPolicy = { base_ms: 1_000, cap_ms: 8_000, floor_ms: 500, max_attempts: 5, max_age_ms: 60_000 };

test('the ceiling doubles from the base, never under the floor nor over the cap', () => {
  assert.deepEqual([1, 2, 3, 4, 5, 60].map((n) => retryCeilingMs(n, policy)), [1_000, 2_000, 4_000, 8_000, 8_000, 8_000]);
  assert.equal(retryCeilingMs(1, { ...policy, floor_ms: 1_500 }), 1_500);
  assert.throws(() => retryCeilingMs(0, policy), /assertion/);
  assert.throws(() => retryCeilingMs(1, { ...policy, cap_ms: 10 }), /invalid retry policy/);
});

test("jitter 'none' waits exactly the ceiling; full jitter stays within [floor, ceiling]", () => {
  const none = nextRetry({ attempts_made: 3, created_at: T0, now: T0 }, () => 0.7, { ...policy, jitter: 'none' });
  assert.deepEqual(none, { kind: 'retry', at: new Date(T0.getTime() + 4_000), delay_ms: 4_000 });
  for (const r of [0, 0.5, 0.999999]) {
    const d = nextRetry({ attempts_made: 3, created_at: T0, now: T0 }, () => r, policy);
    assert.ok(d.kind === 'retry' && d.delay_ms >= 500 && d.delay_ms <= 4_000, JSON.stringify(d));
  }
});

test('gives up at max_attempts and past the age bound; Retry-After is honoured up to its own bound', () => {
  assert.deepEqual(nextRetry({ attempts_made: 5, created_at: T0, now: T0 }, () => 0, policy), { kind: 'give_up', reason: 'max_attempts' });
  assert.deepEqual(nextRetry({ attempts_made: 1, created_at: T0, now: new Date(T0.getTime() + 59_900) }, () => 0, policy), { kind: 'give_up', reason: 'max_age' });
  const asked = nextRetry({ attempts_made: 1, created_at: T0, now: T0, retry_after_ms: 30_000 }, () => 0, { ...policy, retry_after_max_ms: 6_000 });
  assert.equal(asked.kind === 'retry' && asked.delay_ms, 6_000);
});

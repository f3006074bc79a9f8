import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { DEFAULT_RETRY_POLICY, nextRetry, retryCeilingMs, type RetryPolicy } from './backoff.js';
import { CALLBACK_BACKOFF_CAP_MS, CALLBACK_MAX_AGE_MS, CALLBACK_MAX_ATTEMPTS } from './limits.js';

const T0 = new Date('2026-08-01T12:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

/** mulberry32: a tiny seeded generator, so schedules are reproducible. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test('ceilings double from the base, never decrease and stop at the cap', () => {
  assert.equal(retryCeilingMs(1), 5_000);
  assert.equal(retryCeilingMs(2), 10_000);
  assert.equal(retryCeilingMs(3), 20_000);
  let previous = 0;
  for (let n = 1; n <= 200; n++) {
    const c = retryCeilingMs(n);
    assert.ok(c >= previous, `ceiling decreased at attempt ${n}`);
    assert.ok(c <= CALLBACK_BACKOFF_CAP_MS);
    previous = c;
  }
  assert.equal(retryCeilingMs(200), CALLBACK_BACKOFF_CAP_MS);
});

test('every delay lies between the floor and the ceiling of its attempt', () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: CALLBACK_MAX_ATTEMPTS - 1 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (n, r) => {
      const d = nextRetry({ attempts_made: n, created_at: T0, now: T0 }, () => r);
      assert.equal(d.kind, 'retry');
      if (d.kind !== 'retry') return;
      assert.ok(d.delay_ms >= DEFAULT_RETRY_POLICY.floor_ms && d.delay_ms <= retryCeilingMs(n), `${d.delay_ms} out of bounds`);
      assert.equal(d.at.getTime(), T0.getTime() + d.delay_ms);
    }),
    { seed: 7, numRuns: 500 },
  );
  // The extremes of the random source reach the extremes of the window.
  const low = nextRetry({ attempts_made: 3, created_at: T0, now: T0 }, () => 0);
  const high = nextRetry({ attempts_made: 3, created_at: T0, now: T0 }, () => 0.999999999);
  assert.deepEqual([low.kind === 'retry' && low.delay_ms, high.kind === 'retry' && high.delay_ms], [1_000, 20_000]);
});

test('gives up once the attempts are spent', () => {
  const last = nextRetry({ attempts_made: CALLBACK_MAX_ATTEMPTS - 1, created_at: T0, now: T0 }, () => 0);
  assert.equal(last.kind, 'retry');
  assert.deepEqual(nextRetry({ attempts_made: CALLBACK_MAX_ATTEMPTS, created_at: T0, now: T0 }, () => 0), { kind: 'give_up', reason: 'max_attempts' });
});

test('gives up when the next attempt would start after the age bound', () => {
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, floor_ms: 1_000 };
  const nearEnd = at(CALLBACK_MAX_AGE_MS - 500);
  assert.deepEqual(nextRetry({ attempts_made: 5, created_at: T0, now: nearEnd }, () => 0, policy), { kind: 'give_up', reason: 'max_age' });
  const stillTime = nextRetry({ attempts_made: 5, created_at: T0, now: at(CALLBACK_MAX_AGE_MS - 1_000) }, () => 0, policy);
  assert.equal(stillTime.kind, 'retry');
});

test('a seeded schedule keeps retrying for most of a day and ends within its bounds', () => {
  for (const seed of [1, 2, 3, 4, 5]) {
    const random = seeded(seed);
    let now = T0;
    let attempts = 1;
    let decision = nextRetry({ attempts_made: attempts, created_at: T0, now }, random);
    while (decision.kind === 'retry') {
      assert.ok(decision.at.getTime() > now.getTime());
      now = decision.at;
      attempts += 1;
      decision = nextRetry({ attempts_made: attempts, created_at: T0, now }, random);
    }
    assert.ok(attempts <= CALLBACK_MAX_ATTEMPTS);
    assert.ok(now.getTime() - T0.getTime() <= CALLBACK_MAX_AGE_MS);
    // With a one-hour cap the last attempt lands at least 12 h after the first one.
    assert.ok(now.getTime() - T0.getTime() >= 12 * 3_600_000, `seed ${seed}: only ${(now.getTime() - T0.getTime()) / 3_600_000} h`);
  }
});

test('Retry-After is honoured as a lower bound and clamped to the cap', () => {
  const asked = nextRetry({ attempts_made: 1, created_at: T0, now: T0, retry_after_ms: 120_000 }, () => 0);
  assert.equal(asked.kind === 'retry' && asked.delay_ms, 120_000);
  const greedy = nextRetry({ attempts_made: 1, created_at: T0, now: T0, retry_after_ms: 7 * 24 * 3_600_000 }, () => 0);
  assert.equal(greedy.kind === 'retry' && greedy.delay_ms, CALLBACK_BACKOFF_CAP_MS);
});

test('programmer errors are assertions', () => {
  assert.throws(() => retryCeilingMs(0), /assertion/);
  assert.throws(() => nextRetry({ attempts_made: 1, created_at: T0, now: T0 }, () => 1), /assertion/);
  assert.throws(() => retryCeilingMs(1, { ...DEFAULT_RETRY_POLICY, cap_ms: 1 }), /assertion/);
});

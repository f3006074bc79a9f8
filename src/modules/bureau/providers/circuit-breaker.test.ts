import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fixedClock } from '../../../platform/clock.js';
import { CircuitBreaker } from './circuit-breaker.js';

const COOL_DOWN_MS = 30_000;

function breaker() {
  const clock = fixedClock('2026-03-15T12:00:00Z');
  return { clock, breaker: new CircuitBreaker({ failureThreshold: 3, coolDown_ms: COOL_DOWN_MS, clock }) };
}

function fail(b: CircuitBreaker, times: number): void {
  for (let i = 0; i < times; i++) {
    assert.equal(b.tryAcquire(), true);
    b.recordFailure();
  }
}

describe('circuit breaker', () => {
  it('opens after N consecutive failures and refuses calls', () => {
    const { breaker: b } = breaker();
    fail(b, 2);
    assert.equal(b.state, 'closed');
    fail(b, 1);
    assert.equal(b.state, 'open');
    assert.equal(b.tryAcquire(), false);
  });

  it('counts only consecutive failures', () => {
    const { breaker: b } = breaker();
    fail(b, 2);
    assert.equal(b.tryAcquire(), true);
    b.recordSuccess();
    fail(b, 2);
    assert.equal(b.state, 'closed');
  });

  it('lets one trial through after the cool-down and closes on its success', () => {
    const { clock, breaker: b } = breaker();
    fail(b, 3);
    clock.advance(COOL_DOWN_MS - 1);
    assert.equal(b.tryAcquire(), false);
    clock.advance(1);
    assert.equal(b.tryAcquire(), true);
    assert.equal(b.state, 'half_open');
    assert.equal(b.tryAcquire(), false, 'a second call waits for the trial');
    b.recordSuccess();
    assert.equal(b.state, 'closed');
    assert.equal(b.tryAcquire(), true);
  });

  it('re-opens on a failed trial, for a whole new cool-down', () => {
    const { clock, breaker: b } = breaker();
    fail(b, 3);
    clock.advance(COOL_DOWN_MS);
    assert.equal(b.tryAcquire(), true);
    b.recordFailure();
    assert.equal(b.state, 'open');
    clock.advance(COOL_DOWN_MS - 1);
    assert.equal(b.tryAcquire(), false);
    clock.advance(1);
    assert.equal(b.tryAcquire(), true);
  });

  it('asserts on a nonsensical configuration', () => {
    const clock = fixedClock('2026-01-01T00:00:00Z');
    assert.throws(() => new CircuitBreaker({ failureThreshold: 0, coolDown_ms: 1, clock }), /assertion/);
    assert.throws(() => new CircuitBreaker({ failureThreshold: 1, coolDown_ms: -1, clock }), /assertion/);
  });
});

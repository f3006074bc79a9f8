// A circuit breaker for calls to an outside provider. Closed: calls go out, and N consecutive
// failed calls open it. Open: calls are refused at once (no load on a provider that is down,
// no partner waiting for timeouts) until a cool-down has passed on the injected clock. Then
// half-open: one trial call goes out; its success closes the breaker, its failure re-opens it.
import type { Clock } from '../../../platform/clock.js';

export type BreakerState = 'closed' | 'open' | 'half_open';

export interface CircuitBreakerOptions {
  /** Consecutive failed calls that open the breaker. */
  readonly failureThreshold: number;
  readonly coolDown_ms: number;
  readonly clock: Clock;
}

export class CircuitBreaker {
  private current: BreakerState = 'closed';
  private consecutiveFailures = 0;
  private openedAt_ms = 0;
  private trialInFlight = false;

  constructor(private readonly options: CircuitBreakerOptions) {
    if (!Number.isInteger(options.failureThreshold) || options.failureThreshold < 1) throw new Error('assertion: failureThreshold must be a positive integer');
    if (!Number.isFinite(options.coolDown_ms) || options.coolDown_ms < 0) throw new Error('assertion: coolDown_ms must be non-negative');
  }

  get state(): BreakerState {
    return this.current;
  }

  /** Whether a call may go out now. A true answer must be followed by recordSuccess/recordFailure. */
  tryAcquire(): boolean {
    if (this.current === 'closed') return true;
    if (this.current === 'open') {
      if (this.options.clock.now().getTime() - this.openedAt_ms < this.options.coolDown_ms) return false;
      this.current = 'half_open';
    }
    // Half-open lets a single trial through; concurrent calls keep being refused until it ends.
    if (this.trialInFlight) return false;
    this.trialInFlight = true;
    return true;
  }

  recordSuccess(): void {
    this.current = 'closed';
    this.consecutiveFailures = 0;
    this.trialInFlight = false;
  }

  recordFailure(): void {
    this.trialInFlight = false;
    this.consecutiveFailures += 1;
    if (this.current === 'half_open' || this.consecutiveFailures >= this.options.failureThreshold) this.open();
  }

  private open(): void {
    this.current = 'open';
    this.openedAt_ms = this.options.clock.now().getTime();
  }
}

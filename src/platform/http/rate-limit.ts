// Per-partner token bucket. Kept in process memory on purpose: it protects this instance from a
// burst, it is not business state (docs/decisions.md), and a database write per request to share
// it would cost more than the requests it limits. Buckets are bounded in number.
import { LIMITS } from '../config/limits.js';
import { DomainError } from '../errors.js';

interface Bucket {
  tokens: number;
  updated_ms: number;
}

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly now_ms: () => number,
    private readonly rate_per_second: number = LIMITS.RATE_LIMIT_REQUESTS_PER_SECOND,
    private readonly burst: number = LIMITS.RATE_LIMIT_BURST_REQUESTS,
  ) {}

  /** Takes one token for `id`, or throws a 429 DomainError with Retry-After (seconds). */
  take(id: string): void {
    const now = this.now_ms();
    const bucket = this.buckets.get(id) ?? { tokens: this.burst, updated_ms: now };
    // A clock that steps backwards (NTP, tests) must not drain the bucket: elapsed time is never negative.
    const elapsed_ms = Math.max(0, now - bucket.updated_ms);
    bucket.tokens = Math.min(this.burst, bucket.tokens + (elapsed_ms / 1000) * this.rate_per_second);
    bucket.updated_ms = now;
    if (bucket.tokens < 1) {
      const wait_s = Math.max(1, Math.ceil((1 - bucket.tokens) / this.rate_per_second));
      throw new DomainError('rate_limited', [{ code: 'REQ429', description: `Limite de requisições excedido; tente novamente em ${wait_s} s` }], { 'retry-after': String(wait_s) });
    }
    bucket.tokens -= 1;
    this.buckets.delete(id);
    this.buckets.set(id, bucket);
    if (this.buckets.size > LIMITS.RATE_LIMIT_BUCKETS_MAX) {
      const oldest = this.buckets.keys().next().value;
      if (oldest !== undefined) this.buckets.delete(oldest);
    }
  }
}

// The clock is an injected dependency: domain code never calls Date.now().
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock frozen at `at`; `advance` moves it forward (tests only). */
export function fixedClock(at: Date | string): Clock & { advance(ms: number): void; set(at: Date | string): void } {
  let current = new Date(at);
  return {
    now: () => new Date(current.getTime()),
    advance(ms: number) {
      current = new Date(current.getTime() + ms);
    },
    set(next: Date | string) {
      current = new Date(next);
    },
  };
}

// Group commit of the token endpoint's jti statements (issue 14, eleventh session). Under load the
// token request queued on the database pool: each request held a connection for one autocommit
// statement (its round trip, the commit's WAL flush, the wait for the main thread). Here, while
// `statementsMax` statements are in flight, the items that arrive wait; when one returns, the
// waiting items go in ONE statement (one pool hold, one commit) and each waiter is answered by its
// own row. No timer: at low load every item goes alone, at once, as before.
//
// Two items of the same key never share a statement (the later one waits for the next), so a
// statement's rows never race each other; across statements and instances the database's primary
// key decides (insert … on conflict do nothing), as it did for one statement per request.

export interface GroupCommitRunner<T, R> {
  /** Identity of an item: two items of one key never go in the same batch. */
  keyOf(item: T): string;
  /**
   * One statement for all the items (2 or more, distinct keys, sorted by key: the statement must
   * lock their rows in this order); one outcome per item, in order.
   */
  runBatch(items: readonly T[]): Promise<readonly R[]>;
  /** One statement for one item: a lone item, and each item of a batch whose statement failed. */
  runOne(item: T): Promise<R>;
}

interface Waiter<T, R> {
  item: T;
  key: string;
  resolve(outcome: R): void;
  reject(error: unknown): void;
}

function settle<T, R>(waiter: Waiter<T, R>, outcome: Promise<R>): Promise<void> {
  return outcome.then(waiter.resolve, waiter.reject);
}

export class GroupCommit<T, R> {
  private waiting: Waiter<T, R>[] = [];
  private inFlight = 0;

  constructor(private readonly runner: GroupCommitRunner<T, R>, private readonly rowsMax: number, private readonly statementsMax: number) {
    for (const [name, value] of [['rowsMax', rowsMax], ['statementsMax', statementsMax]] as const) {
      if (!Number.isInteger(value) || value < 1) throw new Error(`assertion: group commit ${name} must be a positive integer, got ${value}`);
    }
  }

  /** Statements sent and not yet answered (for tests and probes). */
  get statementsInFlight(): number {
    return this.inFlight;
  }

  /** Resolves once the item's statement committed (or rejects with its error). */
  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ item, key: this.runner.keyOf(item), resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.statementsMax && this.waiting.length > 0) {
      const batch = this.take();
      this.inFlight += 1;
      void this.run(batch).finally(() => {
        this.inFlight -= 1;
        this.pump();
      });
    }
  }

  /** The oldest waiters, up to rowsMax, one per key; the others keep their place. */
  private take(): Waiter<T, R>[] {
    const keys = new Set<string>();
    const batch: Waiter<T, R>[] = [];
    const rest: Waiter<T, R>[] = [];
    for (const waiter of this.waiting) {
      if (batch.length < this.rowsMax && !keys.has(waiter.key)) {
        keys.add(waiter.key);
        batch.push(waiter);
      } else rest.push(waiter);
    }
    this.waiting = rest;
    // The same order in every process: two batches take their common keys' row locks in one order.
    return batch.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  private async run(batch: Waiter<T, R>[]): Promise<void> {
    const [first] = batch;
    if (batch.length === 1 && first !== undefined) return settle(first, this.runner.runOne(first.item));
    let outcomes: readonly R[];
    try {
      outcomes = await this.runner.runBatch(batch.map((w) => w.item));
    } catch {
      // The statement committed nothing: each item alone, so one item's error fails only its own
      // request (a database that is down fails them all, each with its own error, as before).
      await Promise.all(batch.map((w) => settle(w, this.runner.runOne(w.item))));
      return;
    }
    // A defect, not a database error: the rows may have committed, so nothing is retried.
    const mismatch = outcomes.length === batch.length ? null : new Error(`assertion: group commit got ${outcomes.length} outcomes for ${batch.length} items`);
    batch.forEach((w, i) => (mismatch === null ? w.resolve(outcomes[i] as R) : w.reject(mismatch)));
  }
}

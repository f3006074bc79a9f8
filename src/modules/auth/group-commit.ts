// Group commit of the token endpoint's jti statements (issue 14, eleventh session). Under load the
// token request queued on the database pool: each request held a connection for one autocommit
// statement (its round trip, the commit's WAL flush, the wait for the main thread). Here, while
// `statementsMax` statements are in flight, the items that arrive wait; when one returns, the
// waiting items go in ONE statement (one pool hold, one commit) and each waiter is answered by its
// own row. No timer: at low load every item goes alone, at once, as before.
//
// Two items of the same key are never in flight together: the later copy is held back (per key,
// `held`) until the statement of the earlier one completes, so no statement of this process waits
// on another's rows. Across instances the database's primary key decides (insert … on conflict do
// nothing), as it did for one statement per request, and each batch is sorted by key so two
// batches lock their common rows in one order (no deadlock). Every queue is bounded: a batch by
// rowsMax, the held copies of a key by copiesPerKeyMax; ready keys are open requests.

export interface GroupCommitRunner<T, R> {
  /** Identity of an item: two items of one key are never in flight together (nor in one batch). */
  keyOf(item: T): string;
  /**
   * One statement for all the items (2 or more, distinct keys, sorted by key: the statement must
   * lock their rows in this order); one outcome per item, in order.
   */
  runBatch(items: readonly T[]): Promise<readonly R[]>;
  /** One statement for one item: a lone item, and each item of a batch that failed with a row's error. */
  runOne(item: T): Promise<R>;
  /** The answer to a copy of a key past `copiesPerKeyMax` held copies (no statement). */
  surplusCopy(item: T): R;
  /**
   * Whether a batch's error can be caused by one of its rows (then each row goes alone, one after
   * the other in the batch's slot, so it fails only its own item). Any other error (pool timeout,
   * connection lost, database down) fails every item with it, as one request would have.
   */
  isRowError(error: unknown): boolean;
  /** A batch's statement failed (`rowError`: isRowError's verdict on it): the caller logs and counts it. */
  onBatchError(error: unknown, size: number, rowError: boolean): void;
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

/** The limits of one group commit (the jtis': limits.ts). */
export interface GroupCommitLimits {
  /** Items in one batch's statement. */
  rowsMax: number;
  /** Statements in flight at once. */
  statementsMax: number;
  /** Copies of one key held back while one of them waits or is in flight; a copy past them is answered by `surplusCopy`. */
  copiesPerKeyMax: number;
}

export class GroupCommit<T, R> {
  /** Items ready to go, oldest first: at most one per key, and none whose key is in flight. */
  private ready: Waiter<T, R>[] = [];
  /** Each key ready or in flight, with the copies of it held back until its statement completes. */
  private readonly held = new Map<string, Waiter<T, R>[]>();
  private inFlight = 0;

  constructor(private readonly runner: GroupCommitRunner<T, R>, private readonly limits: GroupCommitLimits) {
    for (const [name, value] of Object.entries(limits)) {
      if (!Number.isInteger(value) || value < 1) throw new Error(`assertion: group commit ${name} must be a positive integer, got ${value}`);
    }
  }

  /** Statements sent and not yet answered (for tests and probes). */
  get statementsInFlight(): number {
    return this.inFlight;
  }

  /** Items waiting for a statement: ready, or held back behind a copy of their key (for /metrics and tests). */
  get itemsWaiting(): number {
    let held = 0;
    for (const copies of this.held.values()) held += copies.length;
    return this.ready.length + held;
  }

  /** Resolves once the item's statement committed (or rejects with its error). */
  submit(item: T): Promise<R> {
    const key = this.runner.keyOf(item);
    const copies = this.held.get(key);
    if (copies !== undefined && copies.length >= this.limits.copiesPerKeyMax) return Promise.resolve(this.runner.surplusCopy(item));
    return new Promise<R>((resolve, reject) => {
      const waiter = { item, key, resolve, reject };
      if (copies !== undefined) return void copies.push(waiter);
      this.held.set(key, []);
      this.ready.push(waiter);
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.limits.statementsMax && this.ready.length > 0) {
      const batch = this.take();
      this.inFlight += 1;
      // One error funnel: whatever escapes run (a runner that throws, even synchronously) fails the
      // batch's waiters that are not answered yet, and the slot and the keys are freed.
      void this.run(batch)
        .catch((error: unknown) => batch.forEach((w) => w.reject(error)))
        .finally(() => {
          this.inFlight -= 1;
          for (const waiter of batch) this.release(waiter.key);
          this.pump();
        });
    }
  }

  /** The key's statement completed: its next copy becomes ready (a later batch), or the key is forgotten. */
  private release(key: string): void {
    const next = this.held.get(key)?.shift();
    if (next === undefined) this.held.delete(key);
    else this.ready.push(next);
  }

  /** The oldest ready items, up to rowsMax (distinct keys, none in flight), sorted by key. */
  private take(): Waiter<T, R>[] {
    const batch = this.ready.splice(0, this.limits.rowsMax);
    // The same order in every process: two batches take their common keys' row locks in one order.
    return batch.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  private async run(batch: Waiter<T, R>[]): Promise<void> {
    const [first] = batch;
    if (batch.length === 1 && first !== undefined) return settle(first, this.runner.runOne(first.item));
    let outcomes: readonly R[];
    try {
      outcomes = await this.runner.runBatch(batch.map((w) => w.item));
    } catch (error) {
      const rowError = this.runner.isRowError(error);
      this.runner.onBatchError(error, batch.length, rowError);
      if (!rowError) throw error; // the funnel: every waiter gets it
      // The statement committed nothing: each item alone, in turn (the slot's one statement), so
      // the row at fault fails only its own request.
      for (const waiter of batch) await settle(waiter, this.runner.runOne(waiter.item));
      return;
    }
    // A defect, not a database error: the rows may have committed, so nothing is retried.
    const mismatch = outcomes.length === batch.length ? null : new Error(`assertion: group commit got ${outcomes.length} outcomes for ${batch.length} items`);
    batch.forEach((w, i) => (mismatch === null ? w.resolve(outcomes[i] as R) : w.reject(mismatch)));
  }
}

// Read-only queries that must see one consistent state (exports of many batches): a REPEATABLE READ,
// READ ONLY transaction, so every batch reads the same snapshot and nothing can be written by
// mistake. Short reads need none of this: they run on the pool.
import type { Db, Tx } from './pool.js';

export function inReadSnapshot<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(work);
}

/**
 * Keyset pagination: asks `page` for up to `batchSize` rows after the last row's key, until a short
 * page. Memory stays bounded by one batch, and a deep page costs no more than the first (no OFFSET).
 */
export async function* keysetBatches<Row, Key>(page: (after: Key | null, limit: number) => Promise<Row[]>, keyOf: (row: Row) => Key, batchSize: number): AsyncGenerator<Row[]> {
  let after: Key | null = null;
  for (;;) {
    const rows = await page(after, batchSize);
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    after = keyOf(rows[rows.length - 1] as Row);
  }
}

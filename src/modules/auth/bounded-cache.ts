// A small LRU map with a hard entry limit. A Map iterates in insertion order, so re-inserting on
// every hit keeps the least recently used entry first, and evicting it is O(1).

export class BoundedCache<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(readonly entriesMax: number) {
    if (!Number.isInteger(entriesMax) || entriesMax < 1) {
      throw new Error(`assertion: cache entriesMax must be a positive integer, got ${entriesMax}`);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value, without marking it recently used (a caller that may not want it: get it then). */
  peek(key: K): V | undefined {
    return this.entries.get(key);
  }

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    if (this.entries.size >= this.entriesMax) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, value);
  }

  delete(key: K): void {
    this.entries.delete(key);
  }
}

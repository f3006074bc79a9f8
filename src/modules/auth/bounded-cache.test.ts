import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BoundedCache } from './bounded-cache.js';

describe('BoundedCache', () => {
  test('get marks an entry recently used; peek does not', () => {
    const got = new BoundedCache<string, number>(2);
    got.set('a', 1);
    got.set('b', 2);
    assert.equal(got.get('a'), 1);
    got.set('c', 3);
    assert.deepEqual([got.peek('a'), got.peek('b'), got.peek('c')], [1, undefined, 3], 'b, the least recently used, evicted');
    const peeked = new BoundedCache<string, number>(2);
    peeked.set('a', 1);
    peeked.set('b', 2);
    assert.equal(peeked.peek('a'), 1);
    peeked.set('c', 3);
    assert.deepEqual([peeked.peek('a'), peeked.peek('b'), peeked.peek('c')], [undefined, 2, 3], 'a, still the oldest, evicted');
    assert.equal(peeked.size, 2);
  });
});

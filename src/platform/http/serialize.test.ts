import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { Decimal } from 'decimal.js';
import { LosslessNumber } from 'lossless-json';
import { stringify } from './serialize.js';

describe('stringify (the answers\' JSON writer)', () => {
  it('writes decimals with their exact digits, dates as ISO 8601, lossless numbers and bigints as given', () => {
    const value = { a: new Decimal('12345678901234567.89'), b: new Date('2026-11-27T10:00:00.000Z'), c: new LosslessNumber('0.10'), d: 12n, e: null };
    assert.equal(stringify(value), '{"a":12345678901234567.89,"b":"2026-11-27T10:00:00.000Z","c":0.10,"d":12,"e":null}');
  });

  it('leaves out undefined fields, writes undefined array items as null, and sorts keys on request', () => {
    assert.equal(stringify({ z: 1, a: undefined, m: [undefined, 'x'] }), '{"z":1,"m":[null,"x"]}');
    assert.equal(stringify({ z: 1, a: { c: 2, b: 3 } }, { sortKeys: true }), '{"a":{"b":3,"c":2},"z":1}');
  });

  it('refuses non-finite numbers, functions and nesting beyond the limit', () => {
    assert.throws(() => stringify({ x: Number.NaN }), /non-finite/);
    assert.throws(() => stringify({ f: () => 1 }), /cannot serialize/);
    let deep: unknown = 1;
    for (let i = 0; i < 100; i += 1) deep = [deep];
    assert.throws(() => stringify(deep), /nested too deeply/);
  });

  it('agrees with JSON.stringify on JSON values (objects with any keys, strings with any characters)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
        // -0 is written as 0 by both; JSON.stringify is the reference for plain JSON.
        assert.equal(stringify(value), JSON.stringify(value));
      }),
      { seed: 20261127, numRuns: 300 },
    );
  });
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { decodeInterleaved2of5, encodeInterleaved2of5, symbolWidthInModules } from './interleaved-2of5.js';

test('known encodings: start, pair 00, pair 12, stop', () => {
  assert.equal(encodeInterleaved2of5('00'), 'nnnn' + 'nnnnwwwwnn' + 'wnn');
  // 1 = wnnnw on the bars, 2 = nwnnw on the spaces → w n, n w, n n, n n, w w
  assert.equal(encodeInterleaved2of5('12'), 'nnnn' + 'wnnwnnnnww' + 'wnn');
  assert.throws(() => encodeInterleaved2of5('123'), /assertion/);
  assert.throws(() => encodeInterleaved2of5('1a'), /assertion/);
});

test('a 44-digit boleto barcode is 227 elements and 405 narrow modules at ratio 3', () => {
  const elements = encodeInterleaved2of5('00193373700000001000500940144816060680935031');
  assert.equal(elements.length, 4 + 22 * 10 + 3);
  assert.equal(symbolWidthInModules(elements, 3), 4 + 22 * 18 + 5);
});

test('property: every digit pair has two wide bars and two wide spaces, and decoding gives the digits back', () => {
  fc.assert(
    fc.property(fc.array(fc.integer({ min: 0, max: 99 }), { minLength: 1, maxLength: 30 }), (pairs) => {
      const digits = pairs.map((p) => String(p).padStart(2, '0')).join('');
      const elements = encodeInterleaved2of5(digits);
      const body = elements.slice(4, -3);
      for (let i = 0; i < body.length; i += 10) {
        const chunk = body.slice(i, i + 10);
        assert.equal([...chunk].filter((c, k) => k % 2 === 0 && c === 'w').length, 2);
        assert.equal([...chunk].filter((c, k) => k % 2 === 1 && c === 'w').length, 2);
      }
      assert.equal(decodeInterleaved2of5(elements), digits);
    }),
    { seed: 25, numRuns: 200 },
  );
});

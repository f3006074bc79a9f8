import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deflateSync, inflateSync } from 'node:zlib';
import { codeLengths, deflateRepeatedRows } from './repeated-rows-deflate.js';

/** The rows written out, each `repeat` times: what inflating must give back. */
function expanded(rows: Uint8Array, stride: number, repeat: number): Buffer {
  const out: Buffer[] = [];
  for (let start = 0; start < rows.length; start += stride) for (let copy = 0; copy < repeat; copy += 1) out.push(Buffer.from(rows.subarray(start, start + stride)));
  return Buffer.concat(out);
}

/** A small deterministic generator (no Math.random: the same cases every run). */
function bytes(length: number, seed: number, alphabet: readonly number[]): Uint8Array {
  const out = new Uint8Array(length);
  let state = seed;
  for (let at = 0; at < length; at += 1) {
    state = (state * 1_103_515_245 + 12_345) >>> 0;
    out[at] = alphabet[(state >>> 16) % alphabet.length] as number;
  }
  return out;
}

test('inflating gives every row repeated, for any stride, repeat and bytes (zlib checks the Adler-32 too)', () => {
  const cases: Array<[number, number, number, readonly number[]]> = [
    [66, 65, 8, [0x00, 0xff]],
    [66, 65, 8, [0xff]], // one long run per row: literal + matches at distance 1
    [2, 5, 2, [0, 1]], // copies shorter than a match
    [1, 3, 1, [7]],
    [371, 20, 16, [0x00, 0xff, 0x0f, 0xf0]],
    [300, 10, 1, [...Array(256).keys()]], // every literal, no copies
    [40, 30, 3, [0x00, 0xff, 0x00, 0x00, 0x00]],
    [259, 2, 2, [0, 1]], // a copy of 259 bytes: one longest match leaves 1 byte (review, ninth session)
    [261, 2, 2, [0xff]], // runs of one byte longer than the longest match, leaving 2
    [1000, 2, 3, [0x00]],
    [32_768, 2, 2, [0x00, 0xff]], // the longest stride: copies at deflate's farthest distance
  ];
  for (const [stride, count, repeat, alphabet] of cases) {
    for (const seed of [1, 2, 3]) {
      const rows = bytes(stride * count, seed, alphabet);
      const stream = deflateRepeatedRows(rows, stride, repeat);
      assert.deepEqual(inflateSync(stream), expanded(rows, stride, repeat), `stride ${stride} count ${count} repeat ${repeat}`);
    }
  }
});

test('a QR-like image deflates about as small as zlib does (issue 14: no bigger answers)', () => {
  const [stride, count, repeat] = [66, 65, 8];
  const rows = bytes(stride * count, 9, [0x00, 0xff]);
  for (let start = 0; start < rows.length; start += stride) rows[start] = 0; // PNG filter byte
  const ours = deflateRepeatedRows(rows, stride, repeat).length;
  const zlib = deflateSync(expanded(rows, stride, repeat), { level: 4 }).length;
  assert.ok(ours <= zlib * 1.05, `${ours} bytes against zlib's ${zlib}`);
});

test('code lengths stay within the limit, whatever the frequencies', () => {
  const fibonacci = [1, 1];
  while (fibonacci.length < 30) fibonacci.push((fibonacci.at(-1) as number) + (fibonacci.at(-2) as number));
  const lengths = codeLengths(fibonacci, 15);
  assert.ok(Math.max(...lengths) <= 15);
  assert.ok(lengths.reduce((kraft, l) => kraft + 2 ** -l, 0) <= 1);
  assert.deepEqual(codeLengths([3, 0, 5], 15), [1, 0, 1]);
});

test('refuses rows that are not whole, or wider than deflate reaches back', () => {
  assert.throws(() => deflateRepeatedRows(new Uint8Array(5), 2, 1), /assertion/);
  assert.throws(() => deflateRepeatedRows(new Uint8Array(32_769), 32_769, 2), /assertion/);
});

test('no rows at all is an empty stream', () => {
  assert.deepEqual(inflateSync(deflateRepeatedRows(new Uint8Array(0), 1, 1)), Buffer.alloc(0));
});

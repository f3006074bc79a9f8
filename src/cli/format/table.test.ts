import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tableLines } from './table.js';

test('header, aligned columns (right for numbers), "-" for empty, accents counted as one', () => {
  const rows = [
    { n: 7, s: 'Em digitação', v: null },
    { n: 1234, s: 'Aprovada', v: '10.00' },
  ];
  const lines = tableLines(
    [
      { header: 'NUMBER', value: (r: (typeof rows)[number]) => r.n, align: 'right' },
      { header: 'STATUS', value: (r) => r.s },
      { header: 'AMOUNT', value: (r) => r.v, align: 'right' },
    ],
    rows,
  );
  assert.deepEqual(lines, ['NUMBER  STATUS        AMOUNT', '     7  Em digitação       -', '  1234  Aprovada       10.00']);
});

test('1000 rows lay out quickly', () => {
  const rows = Array.from({ length: 1000 }, (_, i) => ({ i }));
  const started = performance.now();
  assert.equal(tableLines([{ header: 'I', value: (r: { i: number }) => r.i }], rows).length, 1001);
  assert.ok(performance.now() - started < 500);
});

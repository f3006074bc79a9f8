import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { addDays, localDate } from '../../../../platform/dates.js';
import { dueDateFactor, dueDateOfFactor, FACTOR_FIRST_DATE } from './due-date-factor.js';

test('published factor table (FEBRABAN base 1997-10-07; table reproduced at mhemann.com.br/2011/06/a-linha-digitavel-do-boleto-bancario)', () => {
  const table: Array<[string, number]> = [
    ['2000-07-03', 1000],
    ['2000-07-05', 1002],
    ['2002-05-01', 1667],
    ['2010-11-17', 4789],
    ['2025-02-21', 9999],
    // The classic Banco do Brasil manual example is due 31/12/2007 with factor 3737.
    ['2007-12-31', 3737],
  ];
  for (const [date, factor] of table) assert.equal(dueDateFactor(localDate(date)), factor, date);
});

test('both sides of the 2025-02-22 restart (compatibility-notes)', () => {
  assert.equal(dueDateFactor(localDate('2025-02-20')), 9998);
  assert.equal(dueDateFactor(localDate('2025-02-21')), 9999);
  assert.equal(dueDateFactor(localDate('2025-02-22')), 1000);
  assert.equal(dueDateFactor(localDate('2025-02-23')), 1001);
  // A real BB boleto due 18/01/2027 carries factor 1695 (see barcode.test.ts).
  assert.equal(dueDateFactor(localDate('2027-01-18')), 1695);
  assert.equal(dueDateFactor(localDate('2026-01-01')), 1313);
});

test('dates before the first factor date are a programmer error', () => {
  assert.throws(() => dueDateFactor(localDate('2000-07-02')), /assertion/);
});

test('dueDateOfFactor picks the date nearest to the reference', () => {
  assert.equal(dueDateOfFactor(1000, localDate('2026-01-01')), '2025-02-22');
  assert.equal(dueDateOfFactor(9999, localDate('2026-01-01')), '2025-02-21');
  assert.equal(dueDateOfFactor(3737, localDate('2008-01-01')), '2007-12-31');
  assert.equal(dueDateOfFactor(1000, localDate('2000-01-01')), '2000-07-03');
  assert.equal(dueDateOfFactor(0, localDate('2026-01-01')), null);
});

test('property: the factor of a date read back near that date gives the date', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: -4000, max: 4000 }), (offset, skew) => {
      const due = addDays(FACTOR_FIRST_DATE, offset);
      const factor = dueDateFactor(due);
      assert.ok(factor >= 1000 && factor <= 9999);
      const reference = addDays(due, skew);
      if (reference < FACTOR_FIRST_DATE) return;
      assert.equal(dueDateOfFactor(factor, reference), due);
    }),
    { seed: 20250222, numRuns: 500 },
  );
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareDates, localDate } from '../../../platform/dates.js';
import { IOF_RATES, IOF_RATES_FIRST_DATE, iofRateAt } from './iof-rates.js';

test('the table is dated oldest first, with a person and a company row per date', () => {
  for (let k = 1; k < IOF_RATES.length; k += 1) assert.ok(compareDates(IOF_RATES[k - 1]!.effectiveFrom, IOF_RATES[k]!.effectiveFrom) <= 0);
  const dates = new Set(IOF_RATES.map((r) => r.effectiveFrom));
  for (const d of dates) assert.deepEqual(IOF_RATES.filter((r) => r.effectiveFrom === d).map((r) => r.personType).sort(), ['PF', 'PJ']);
});

test('the row in force at the contract date applies, boundaries included', () => {
  const pct = (d: string, p: 'PF' | 'PJ') => {
    const r = iofRateAt(localDate(d), p);
    return [r.dailyRate.times(100).toString(), r.additionalRate.times(100).toString()];
  };
  assert.deepEqual(pct('2025-05-22', 'PJ'), ['0.0041', '0.38']);
  assert.deepEqual(pct('2025-05-23', 'PJ'), ['0.0082', '0.95']);
  assert.deepEqual(pct('2025-06-10', 'PJ'), ['0.0082', '0.95']);
  assert.deepEqual(pct('2025-06-11', 'PJ'), ['0.0082', '0.38']);
  assert.deepEqual(pct('2026-07-19', 'PF'), ['0.0082', '0.38']);
  assert.deepEqual(pct('2021-10-01', 'PF'), ['0.01118', '0.38']);
  assert.deepEqual(pct('2020-05-01', 'PF'), ['0', '0']);
  assert.deepEqual(pct('2020-12-01', 'PJ'), ['0.0041', '0.38']);
});

test('a contract date before the table is a programmer error', () => {
  assert.throws(() => iofRateAt(localDate('2014-12-31'), 'PF'), /assertion/);
  assert.equal(IOF_RATES_FIRST_DATE, '2015-01-22');
});

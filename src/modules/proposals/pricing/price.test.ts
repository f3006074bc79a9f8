import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { dec, fromCents, sum } from '../../../platform/money.js';
import { addDays, localDate } from '../../../platform/dates.js';
import { buildPriceSchedule, dueDateOf, periodFactor, priceInstallment } from './price.js';
import { TERM_MONTHS_MAX } from '../limits.js';

const contract = localDate('2026-03-02');
const firstDue = localDate('2026-04-01'); // 30 days after the contract: a standard first period

test('R$ 10,000 at 2% a month for 12 months is 945.60', () => {
  // Textbook Price formula PMT = PV·i / (1 − (1+i)^−n) = 200 / (1 − 1.02^−12)
  //   = 200 / 0.2115066… = 945.5959662… → 945.60 (computed independently with mpmath at 50 digits).
  const pmt = priceInstallment({ principal: dec('10000'), monthlyRate: dec('0.02'), termMonths: 12, contractDate: contract, firstDueDate: firstDue });
  assert.equal(pmt.toFixed(2), '945.60');
});

test('a 3-month schedule matches the hand computation', () => {
  // R$ 1,000 at 1% a month, 3 months, 30-day first period. PMT = 10 / (1 − 1.01^−3) = 340.0221… → 340.02
  //   1: interest 1000.00 × 1% = 10.00, amortization 330.02, balance 669.98
  //   2: interest 669.98 × 1% = 6.6998 → 6.70, amortization 333.32, balance 336.66
  //   3: interest 336.66 × 1% = 3.3666 → 3.37, last installment pays 336.66 + 3.37 = 340.03
  const s = buildPriceSchedule({ principal: dec('1000'), monthlyRate: dec('0.01'), termMonths: 3, contractDate: contract, firstDueDate: firstDue });
  const rows = s.rows.map((r) => [r.number, r.dueDate, r.installment.toFixed(2), r.interest.toFixed(2), r.amortization.toFixed(2), r.balance.toFixed(2)]);
  assert.deepEqual(rows, [
    [1, '2026-04-01', '340.02', '10.00', '330.02', '669.98'],
    [2, '2026-05-01', '340.02', '6.70', '333.32', '336.66'],
    [3, '2026-06-01', '340.03', '3.37', '336.66', '0.00'],
  ]);
  assert.equal(s.wellFormed, true);
});

test('a first period shorter than a month lowers the installment (15 days)', () => {
  // PMT = 10000 · 1.02^((15−30)/30) · 0.02 / (1 − 1.02^−12) = 936.2795… → 936.28 (mpmath).
  // First interest = 10000 · (1.02^(15/30) − 1) = 99.5049… → 99.50.
  const input = { principal: dec('10000'), monthlyRate: dec('0.02'), termMonths: 12, contractDate: localDate('2026-03-17'), firstDueDate: firstDue };
  const s = buildPriceSchedule(input);
  assert.equal(s.firstPeriodDays, 15);
  assert.equal(s.installment.toFixed(2), '936.28');
  assert.equal(s.rows[0]!.interest.toFixed(2), '99.50');
});

test('a first period longer than a month raises the installment (45 days, across February)', () => {
  // 2026-02-15 → 2026-04-01 is 45 days. PMT = 10000 · 1.02^(15/30) · 0.02 / (1 − 1.02^−12)
  //   = 955.0051… → 955.01; first interest = 10000 · (1.02^1.5 − 1) = 301.4950… → 301.50 (mpmath).
  const s = buildPriceSchedule({ principal: dec('10000'), monthlyRate: dec('0.02'), termMonths: 12, contractDate: localDate('2026-02-15'), firstDueDate: firstDue });
  assert.equal(s.firstPeriodDays, 45);
  assert.equal(s.installment.toFixed(2), '955.01');
  assert.equal(s.rows[0]!.interest.toFixed(2), '301.50');
});

test('a zero rate divides the principal evenly, the last installment takes the remainder', () => {
  const s = buildPriceSchedule({ principal: dec('100'), monthlyRate: dec(0), termMonths: 3, contractDate: contract, firstDueDate: addDays(contract, 50) });
  assert.deepEqual(s.rows.map((r) => r.installment.toFixed(2)), ['33.33', '33.33', '33.34']);
  assert.ok(s.rows.every((r) => r.interest.isZero()));
});

test('due dates are counted from the first due date, so a 31st never drifts', () => {
  const first = localDate('2026-01-31');
  assert.deepEqual([1, 2, 3, 4].map((k) => dueDateOf(first, k)), ['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30']);
});

test('a 30-day first period is exactly one month of interest', () => {
  assert.equal(periodFactor(dec('0.0199'), 30).toString(), '1.0199');
  assert.equal(periodFactor(dec(0), 17).toString(), '1');
});

test('an accepted partner installment is used as sent, the last installment absorbing the difference', () => {
  const base = { principal: dec('10000'), monthlyRate: dec('0.02'), termMonths: 12, contractDate: contract, firstDueDate: firstDue };
  const s = buildPriceSchedule({ ...base, installment: dec('945.61') });
  assert.ok(s.rows.slice(0, 11).every((r) => r.installment.toFixed(2) === '945.61'));
  assert.equal(sum(s.rows.map((r) => r.amortization)).toFixed(2), '10000.00');
});

test('the maths refuses a term over the limit (validators must catch it first)', () => {
  assert.throws(() => priceInstallment({ principal: dec('1000'), monthlyRate: dec('0.01'), termMonths: TERM_MONTHS_MAX + 1, contractDate: contract, firstDueDate: firstDue }), /assertion/);
});

test('property: amortizations sum to the principal and due dates are monthly', () => {
  fc.assert(
    fc.property(
      fc.bigInt({ min: 1n, max: 100_000_000_00n }),
      fc.integer({ min: 0, max: 800 }), // basis points a month: 0% to 8%
      fc.integer({ min: 1, max: 120 }),
      fc.integer({ min: 1, max: 120 }),
      (cents, bp, term, d1) => {
        const principal = fromCents(cents);
        const s = buildPriceSchedule({ principal, monthlyRate: dec(bp).div(10_000), termMonths: term, contractDate: contract, firstDueDate: addDays(contract, d1) });
        assert.equal(sum(s.rows.map((r) => r.amortization)).toString(), principal.toString());
        assert.equal(s.rows.length, term);
        assert.ok(s.rows.at(-1)!.balance.isZero());
        for (const r of s.rows) assert.ok(r.installment.equals(r.interest.plus(r.amortization)));
      },
    ),
    { seed: 4242, numRuns: 300 },
  );
});

test('plans whose rounding differences swamp the last installment are flagged, ordinary ones are not', () => {
  const at = (principal: string, rate: string, termMonths: number) =>
    buildPriceSchedule({ principal: dec(principal), monthlyRate: dec(rate), termMonths, contractDate: contract, firstDueDate: firstDue });
  // Independent Python runs: R$ 100 at 1% for 420 months rounds to 1.02 and ends 25.11 below zero;
  // R$ 1,000 at 2% for 420 months rounds to 20.00 (pure interest) and leaves a last installment of 1,020.00.
  assert.equal(at('100', '0.01', 420).wellFormed, false);
  assert.equal(at('1000', '0.02', 420).wellFormed, false);
  assert.equal(at('1.00', '0', 420).wellFormed, false); // 0.0024 a month rounds to zero
  assert.equal(at('200000', '0.01', 420).wellFormed, true);
  assert.equal(at('10000', '0.02', 12).wellFormed, true);
});

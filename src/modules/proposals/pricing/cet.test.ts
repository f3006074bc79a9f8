import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dec } from '../../../platform/money.js';
import { addDays, addMonths, localDate } from '../../../platform/dates.js';
import { computeCet, computeCetExact } from './cet.js';

const contract = localDate('2026-03-02');

test('hand example: R$ 1,000 released, R$ 1,100 paid 365 days later is a CET of 10% a year', () => {
  // 1000 = 1100 / (1 + CET)^(365/365) → CET = 10%; monthly = 1.1^(1/12) − 1 = 0.7974% → 0.80.
  const cet = computeCet({ contractDate: contract, released: dec('1000'), payments: [{ dueDate: addDays(contract, 365), amount: dec('1100') }] });
  assert.equal(cet.annualPercent.toFixed(2), '10.00');
  assert.equal(cet.monthlyPercent.toFixed(2), '0.80');
});

test('hand example: two payments discounted at 10% a year', () => {
  // 550 / 1.1 + 605 / 1.1² = 500 + 500 = 1000 → CET = 10% exactly.
  const payments = [
    { dueDate: addDays(contract, 365), amount: dec('550') },
    { dueDate: addDays(contract, 730), amount: dec('605') },
  ];
  const cet = computeCet({ contractDate: contract, released: dec('1000'), payments });
  assert.ok(cet.annualRate.minus('0.1').abs().lessThan('1e-20'));
});

// The schedule of R$ 10,000 at 2% a month, 12 months from 2026-04-01 (price.test.ts): 11 × 945.60
// and a last installment of 945.55. CETs below computed independently with mpmath.findroot on
// Σ amount_j / (1 + a)^(days_j/365) = released, at 40 digits.
const schedule = Array.from({ length: 12 }, (_, k) => ({ dueDate: addMonths(localDate('2026-04-01'), k), amount: dec(k === 11 ? '945.55' : '945.60') }));

test('a loan without costs has a CET equal to its rate: 26.8214% a year, 1.9998% a month', () => {
  const cet = computeCet({ contractDate: contract, released: dec('10000'), payments: schedule });
  assert.equal(cet.annualPercent.toFixed(2), '26.82');
  assert.equal(cet.monthlyPercent.toFixed(2), '2.00');
  assert.ok(cet.annualRate.minus('0.2682139788084030870230').abs().lessThan('1e-18'));
});

test('financed costs raise the CET: R$ 9,500 released for the same installments is 40.03% a year', () => {
  // mpmath: 40.0251514519970… % a year, 2.8451551281693… % a month.
  const cet = computeCet({ contractDate: contract, released: dec('9500'), payments: schedule });
  assert.equal(cet.annualPercent.toFixed(2), '40.03');
  assert.equal(cet.monthlyPercent.toFixed(2), '2.85');
});

test('a starting guess gives the same answer in fewer steps', () => {
  const cold = computeCet({ contractDate: contract, released: dec('9500'), payments: schedule });
  const warm = computeCet({ contractDate: contract, released: dec('9500'), payments: schedule, guessLogRate: dec('1.02').ln().times(365).div(30) });
  assert.equal(warm.annualPercent.toFixed(2), cold.annualPercent.toFixed(2));
  assert.ok(warm.iterations <= cold.iterations);
});

test('no interest and no costs: CET 0', () => {
  const payments = Array.from({ length: 12 }, (_, k) => ({ dueDate: addMonths(localDate('2026-04-01'), k), amount: dec('100') }));
  const cet = computeCet({ contractDate: contract, released: dec('1200'), payments });
  assert.equal(cet.annualPercent.toFixed(2), '0.00');
});

// Issue 14: the root is found in floating point, so an exact check confirms each result before it is stored.
test('the floating-point solve, once checked, gives the 40-digit percentages on varied loans', () => {
  let seed = 7;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  for (let i = 0; i < 30; i += 1) {
    const months = 1 + Math.floor(next() * 96);
    const installment = dec((100 + next() * 5000).toFixed(2));
    const released = installment.times(months).times(0.6 + next() * 0.4).toDecimalPlaces(2);
    const first = addDays(contract, 10 + Math.floor(next() * 50));
    const payments = Array.from({ length: months }, (_, k) => ({ dueDate: addMonths(first, k), amount: installment }));
    const fast = computeCet({ contractDate: contract, released, payments });
    const exact = computeCetExact({ contractDate: contract, released, payments });
    assert.equal(exact.precision, 'exact');
    assert.equal(fast.annualPercent.toFixed(2), exact.annualPercent.toFixed(2), `loan ${i}`);
    assert.equal(fast.monthlyPercent.toFixed(2), exact.monthlyPercent.toFixed(2), `loan ${i}`);
  }
});

test('a CET on a rounding boundary is not confirmed by the check: it is solved again at 40 digits', () => {
  // 1,000 released, 1,100.05 paid 365 days later: the CET is exactly 10.005% a year, on the half point.
  const input = { contractDate: contract, released: dec('1000'), payments: [{ dueDate: addDays(contract, 365), amount: dec('1100.05') }] };
  const cet = computeCet(input);
  assert.equal(cet.precision, 'exact');
  assert.equal(cet.annualPercent.toFixed(2), computeCetExact(input).annualPercent.toFixed(2));
});

test('an ordinary CET is confirmed by the check and keeps the floating-point solve', () => {
  assert.equal(computeCet({ contractDate: contract, released: dec('9500'), payments: schedule }).precision, 'checked');
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { dec, fromCents } from '../../../platform/money.js';
import { addDays, localDate } from '../../../platform/dates.js';
import { DEFAULT_IOF_CAPS, type IofCaps, checkIofCap, computeIof, defaultIofCapPercent, grossUpFinancedIof, iofDays } from './iof.js';
import { buildPriceSchedule } from './price.js';
import type { PersonType } from './iof-rates.js';
import { IOF_DAYS_MAX } from '../limits.js';

const contract = localDate('2026-03-02');
const firstDue = localDate('2026-04-01');

function iofOfLoan(principal: string, termMonths: number, personType: PersonType = 'PF', contractDate = contract) {
  const s = buildPriceSchedule({ principal: dec(principal), monthlyRate: dec('0.02'), termMonths, contractDate, firstDueDate: addDays(contractDate, 30) });
  return computeIof({ contractDate, personType, principal: dec(principal), amortizations: s.rows });
}

test('one installment of R$ 10,000 due in 30 days (person): 24.60 daily + 38.00 additional', () => {
  // 10000 × 0.0082% × 30 = 24.60; 10000 × 0.38% = 38.00.
  const iof = computeIof({ contractDate: contract, personType: 'PF', principal: dec('10000'), amortizations: [{ dueDate: firstDue, amortization: dec('10000') }] });
  assert.deepEqual([iof.total.toFixed(2), iof.daily.toFixed(2), iof.additional.toFixed(2)], ['62.60', '24.60', '38.00']);
});

test('days are capped at 365 however long an installment runs', () => {
  // 1000 × 0.0082% × (100 + 365 + 365) = 68.06; 3000 × 0.38% = 11.40; total 79.46.
  const amortizations = [100, 365, 500].map((d) => ({ dueDate: addDays(contract, d), amortization: dec('1000') }));
  const iof = computeIof({ contractDate: contract, personType: 'PF', principal: dec('3000'), amortizations });
  assert.equal(iof.total.toFixed(2), '79.46');
  assert.equal(iofDays(contract, addDays(contract, 2000)), IOF_DAYS_MAX);
});

test('a 12-month Price loan of R$ 10,000 at 2% (person) carries R$ 206.05 of IOF', () => {
  // Amortizations 745.60, 760.51, 775.72, 791.24, 807.06, 823.20, 839.67, 856.46, 873.59, 891.06,
  // 908.88, 927.01 due 30, 61, 91, … 334, 365 days after 2026-03-02; Σ amortization × days × 0.0082%
  // = 168.0529…, + 38.00 = 206.0529… → 206.05 (independent Python decimal computation).
  assert.equal(iofOfLoan('10000', 12).total.toFixed(2), '206.05');
});

test('company rates follow the decrees of 2025', () => {
  const one = [{ dueDate: addDays(localDate('2025-01-10'), 100), amortization: dec('10000') }];
  const at = (date: string) => computeIof({ contractDate: localDate(date), personType: 'PJ', principal: dec('10000'), amortizations: one.map((a) => ({ ...a, dueDate: addDays(localDate(date), 100) })) });
  assert.equal(at('2025-01-10').total.toFixed(2), '79.00'); // 10000 × 0.0041% × 100 + 38.00
  assert.equal(at('2025-05-30').total.toFixed(2), '177.00'); // 10000 × 0.0082% × 100 + 95.00 (Decreto 12.466)
  assert.equal(at('2025-06-11').total.toFixed(2), '120.00'); // 10000 × 0.0082% × 100 + 38.00 (Decreto 12.499)
});

test('financed IOF: the gross-up converges to the centavo', () => {
  // F = 10000 + IOF(F): 10000 → 10206.05 → 10210.30 → 10210.39 → 10210.39 (independent Python run).
  const g = grossUpFinancedIof(dec('10000'), (f) => iofOfLoan(f.toFixed(2), 12));
  assert.equal(g.financed.toFixed(2), '10210.39');
  assert.equal(g.iof.total.toFixed(2), '210.39');
  assert.equal(g.iterations, 4);
  assert.ok(iofOfLoan(g.financed.toFixed(2), 12).total.equals(g.iof.total));
});

test('property: the gross-up is a fixed point, within one centavo of the schedule IOF', () => {
  fc.assert(
    fc.property(fc.bigInt({ min: 100n, max: 50_000_000_00n }), fc.integer({ min: 1, max: 60 }), fc.constantFrom<PersonType>('PF', 'PJ'), (cents, term, person) => {
      const base = fromCents(cents);
      const g = grossUpFinancedIof(base, (f) => iofOfLoan(f.toFixed(2), term, person));
      assert.ok(g.financed.equals(base.plus(g.iof.total)));
      assert.ok(iofOfLoan(g.financed.toFixed(2), term, person).total.minus(g.iof.total).abs().lessThanOrEqualTo('0.01'));
    }),
    { seed: 7, numRuns: 60 },
  );
});

const caps = DEFAULT_IOF_CAPS;

function capOf(total: string, financed: string, personType: PersonType, contractDate = contract, operator: Partial<IofCaps> = {}) {
  // A plan whose table IOF is tiny (one installment due in a day), so the ceiling itself decides.
  const table = computeIof({ contractDate, personType, principal: dec(financed), amortizations: [{ dueDate: addDays(contractDate, 1), amortization: dec(financed) }] });
  return checkIofCap({ total: dec(total), daily: null, financed: dec(financed), contractDate, personType, table, caps: { ...caps, ...operator } });
}

test('default ceilings: 3% for a person; a company 1.5% before 2025-05-23, 0.0082% × 365 since', () => {
  assert.equal(defaultIofCapPercent(contract, 'PF').toString(), '3');
  assert.equal(defaultIofCapPercent(contract, 'PJ').toString(), '2.993');
  assert.equal(defaultIofCapPercent(localDate('2025-05-22'), 'PJ').toString(), '1.5');
  assert.equal(defaultIofCapPercent(localDate('2025-05-23'), 'PJ').toString(), '2.993');
  assert.equal(defaultIofCapPercent(localDate('2024-01-10'), 'PF').toString(), '3');
  // Decreto 10.797/2021 raised the daily rates for a quarter: the ceiling follows the rate in force.
  assert.equal(defaultIofCapPercent(localDate('2021-10-01'), 'PF').toString(), '4.0807');
});

test('the cap binds the daily part (IOF minus the 0.38% additional) as a share of the financed amount', () => {
  // Person, R$ 10,000: additional 38.00; ceiling 3% = 300.00 of daily part, so up to 338.00 of IOF.
  assert.equal(capOf('338.00', '10000', 'PF').over, false);
  assert.equal(capOf('338.01', '10000', 'PF').over, true);
  assert.equal(capOf('338.01', '10000', 'PF').dailyPart.toFixed(2), '300.01');
  // Company since 2025: 2.993% = 299.30 + 38.00; before 2025-05-23: 1.5% = 150.00 + 38.00.
  assert.equal(capOf('337.30', '10000', 'PJ').over, false);
  assert.equal(capOf('337.31', '10000', 'PJ').over, true);
  assert.equal(capOf('188.01', '10000', 'PJ', localDate('2024-06-03')).over, true);
  assert.equal(capOf('188.00', '10000', 'PJ', localDate('2024-06-03')).over, false);
});

test('an operator cap replaces the dated default and binds as set', () => {
  const pj = capOf('188.01', '10000', 'PJ', contract, { PJ: dec('1.5') });
  assert.deepEqual([pj.over, pj.operatorCap, pj.limitPercent.toString(), pj.limitAmount.toFixed(2)], [true, true, '1.5', '150.00']);
  assert.equal(capOf('538.00', '10000', 'PF', contract, { PF: dec('5') }).over, false);
});

test('a 36-month loan for a person is within the ceiling at the rates in force (see docs/pricing.md)', () => {
  // 303.44 (independent Python computation): 265.44 daily (2.65%) + 38.00 additional.
  const iof = iofOfLoan('10000', 36);
  assert.equal(iof.total.toFixed(2), '303.44');
  assert.equal(checkIofCap({ total: iof.total, daily: iof.daily, financed: dec('10000'), contractDate: contract, personType: 'PF', table: iof, caps }).over, false);
});

test('property: IOF is never negative and grows with the term until the 365-day cap', () => {
  fc.assert(
    fc.property(fc.bigInt({ min: 1n, max: 10_000_000_00n }), fc.integer({ min: 1, max: 23 }), fc.constantFrom<PersonType>('PF', 'PJ'), (cents, term, person) => {
      const p = fromCents(cents).toFixed(2);
      const shorter = iofOfLoan(p, term, person).total;
      const longer = iofOfLoan(p, term + 1, person).total;
      assert.ok(!shorter.isNegative());
      assert.ok(longer.greaterThanOrEqualTo(shorter), `${p}: ${term} months ${shorter} > ${term + 1} months ${longer}`);
    }),
    { seed: 99, numRuns: 200 },
  );
});

test('IOF never exceeds the whole principal taxed for 365 days plus the additional rate', () => {
  // The ceiling of art. 7: 10000 × 0.0082% × 365 + 38.00 = 337.30, whatever the term.
  const longRun = [24, 36, 48].map((t) => iofOfLoan('10000', t).total);
  const ceiling = dec('10000').times('0.000082').times(365).plus(38);
  assert.ok(longRun.every((v) => v.lessThanOrEqualTo(ceiling)));
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { dec, fromCents } from '../../../platform/money.js';
import { addDays, localDate } from '../../../platform/dates.js';
import { decideInstallment } from './installment-check.js';
import { priceInstallment } from './price.js';
import { formatBrl } from './format.js';

test('0 or absent means "compute it"', () => {
  for (const sent of [null, undefined, dec(0)]) assert.deepEqual(decideInstallment(sent, dec('945.60')), { kind: 'computed', installment: dec('945.60') });
});

test('one centavo either way is accepted and kept as sent; two are refused with the expected value', () => {
  assert.equal(decideInstallment(dec('945.61'), dec('945.60')).kind, 'accepted');
  assert.equal(decideInstallment(dec('945.59'), dec('945.60')).kind, 'accepted');
  const refused = decideInstallment(dec('945.62'), dec('945.60'));
  assert.equal(refused.kind, 'mismatch');
  if (refused.kind === 'mismatch') assert.match(refused.description, /valor esperado é R\$ 945,60/);
});

test('amounts are written the Brazilian way', () => {
  assert.equal(formatBrl(dec('1234567.8')), 'R$ 1.234.567,80');
  assert.equal(formatBrl(dec('0.01')), 'R$ 0,01');
});

const contract = localDate('2026-03-02');
const loan = fc.record({
  cents: fc.bigInt({ min: 100_00n, max: 10_000_000_00n }),
  bp: fc.integer({ min: 0, max: 1000 }),
  term: fc.integer({ min: 1, max: 420 }),
  d1: fc.integer({ min: 1, max: 365 }),
});

test('property: a computed vlrParcela sent back is always accepted, as sent', () => {
  fc.assert(
    fc.property(loan, ({ cents, bp, term, d1 }) => {
      const computed = priceInstallment({ principal: fromCents(cents), monthlyRate: dec(bp).div(10_000), termMonths: term, contractDate: contract, firstDueDate: addDays(contract, d1) });
      const decision = decideInstallment(dec(computed.toFixed(2)), computed);
      assert.ok(decision.kind === 'accepted' || (decision.kind === 'computed' && computed.isZero()));
      assert.ok(decision.installment.equals(computed));
    }),
    { seed: 11, numRuns: 300 },
  );
});

test('property: a vlrParcela off by more than the tolerance is always refused', () => {
  fc.assert(
    fc.property(loan, fc.integer({ min: 2, max: 1_000_000 }), fc.boolean(), ({ cents, bp, term, d1 }, offCents, up) => {
      const computed = priceInstallment({ principal: fromCents(cents), monthlyRate: dec(bp).div(10_000), termMonths: term, contractDate: contract, firstDueDate: addDays(contract, d1) });
      const sent = up ? computed.plus(fromCents(offCents)) : computed.minus(fromCents(offCents));
      fc.pre(sent.greaterThan(0));
      const decision = decideInstallment(sent, computed);
      assert.equal(decision.kind, 'mismatch');
      if (decision.kind === 'mismatch') assert.ok(decision.expected.equals(computed));
    }),
    { seed: 12, numRuns: 300 },
  );
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { dec, fromCents, sum } from '../../../platform/money.js';
import { addDays, localDate } from '../../../platform/dates.js';
import { type ProposalPricingInput, priceProposal } from './index.js';

const base: ProposalPricingInput = {
  personType: 'PF',
  contractDate: localDate('2026-03-02'),
  firstDueDate: localDate('2026-04-01'),
  termMonths: 12,
  monthlyRatePercent: dec('2'),
  requestedAmount: dec('10000'),
  costs: {},
  iofExempt: false,
  sentIof: null,
  sentInstallment: null,
};

test('a person borrowing R$ 10,000 at 2% for 12 months, IOF financed', () => {
  // Independent Python run (decimal, half up; mpmath.findroot for the CET): financed 10,210.39 with
  // IOF 210.39; installment 965.49 (last 965.49); CET 31.9987% → 32.00% a year, 2.3405% → 2.34% a month.
  const p = priceProposal(base);
  assert.equal(p.financedAmount.toFixed(2), '10210.39');
  assert.deepEqual([p.iof.total.toFixed(2), p.iof.source], ['210.39', 'computed']);
  assert.ok(p.iof.daily!.plus(p.iof.additional!).equals(p.iof.total));
  assert.equal(p.installmentAmount.toFixed(2), '965.49');
  assert.equal(p.installmentSource, 'computed');
  assert.deepEqual([p.cet.annualPercent.toFixed(2), p.cet.monthlyPercent.toFixed(2)], ['32.00', '2.34']);
  assert.equal(sum(p.schedule.map((r) => r.amortization)).toFixed(2), '10210.39');
  assert.deepEqual(p.problems, []);
});

test('financed TAC and a monthly insurance premium', () => {
  // Python: base 10,150.00 → financed 10,363.55 (IOF 213.55); vlrParcela 979.97 + 5.00 = 984.97,
  // last 985.02; CET over the R$ 10,000 released: 37.1987% → 37.20% a year, 2.67% a month.
  const p = priceProposal({ ...base, costs: { vlrTAC: dec('150'), vlrSeguroMensal1: dec('5') } });
  assert.equal(p.financedCosts.toFixed(2), '150.00');
  assert.equal(p.financedAmount.toFixed(2), '10363.55');
  assert.equal(p.installmentAmount.toFixed(2), '984.97');
  assert.equal(p.schedule.at(-1)!.installment.toFixed(2), '985.02');
  assert.ok(p.schedule.every((r) => r.monthlyCharges.toFixed(2) === '5.00'));
  assert.deepEqual([p.cet.annualPercent.toFixed(2), p.cet.monthlyPercent.toFixed(2)], ['37.20', '2.67']);
});

test('a vlrIOF sent by the partner is financed as sent, and refused above the cap', () => {
  const kept = priceProposal({ ...base, sentIof: dec('200.00') });
  assert.deepEqual([kept.iof.total.toFixed(2), kept.iof.source, kept.financedAmount.toFixed(2)], ['200.00', 'sent', '10200.00']);
  assert.equal(kept.iof.daily, null);
  assert.deepEqual(kept.problems, []);
  const over = priceProposal({ ...base, sentIof: dec('400.00') }); // 3% of 10,400.00 = 312.00
  assert.deepEqual(over.problems.map((x) => [x.field, x.detail]), [['vlrIOF', 'IOF_OVER_CAP']]);
  assert.match(over.problems[0]!.description, /máximo de 3% do valor financiado \(R\$ 312,00\)/);
});

test('Proposta_IsentarIOF finances no IOF', () => {
  const p = priceProposal({ ...base, iofExempt: true });
  assert.deepEqual([p.iof.total.toFixed(2), p.iof.source, p.financedAmount.toFixed(2), p.installmentAmount.toFixed(2)], ['0.00', 'exempt', '10000.00', '945.60']);
});

test('a computed IOF above the cap is refused too (a 36-month loan for a person; a 12-month one for a company)', () => {
  const person = priceProposal({ ...base, termMonths: 36 });
  assert.equal(person.iof.cap.over, true);
  assert.deepEqual(person.problems.map((x) => [x.field, x.detail]), [['vlrIOF', 'IOF_OVER_CAP']]);
  assert.match(person.problems[0]!.description, /IOF calculado .* excede o máximo de 3% do valor financiado/);
  const company = priceProposal({ ...base, personType: 'PJ' });
  assert.deepEqual(company.problems.map((x) => [x.field, x.detail]), [['vlrIOF', 'IOF_OVER_CAP']]);
  assert.match(company.problems[0]!.description, /máximo de 1,5% do valor financiado/);
  // Within the cap: a person's 12 months (2.06%), a company's 6 months; an exempt IOF is never over.
  assert.deepEqual(priceProposal(base).problems, []);
  assert.deepEqual(priceProposal({ ...base, personType: 'PJ', termMonths: 6 }).problems, []);
  assert.deepEqual(priceProposal({ ...base, termMonths: 36, iofExempt: true }).problems, []);
});

test('a wrong vlrParcela is refused with the expected value; one centavo off is kept as sent', () => {
  const wrong = priceProposal({ ...base, sentInstallment: dec('945.60') });
  assert.deepEqual(wrong.problems.map((x) => x.field), ['vlrParcela']);
  assert.match(wrong.problems[0]!.description, /valor esperado é R\$ 965,49/);
  const close = priceProposal({ ...base, sentInstallment: dec('965.50') });
  assert.deepEqual(close.problems, []);
  assert.equal(close.installmentAmount.toFixed(2), '965.50');
  assert.ok(close.schedule.slice(0, -1).every((r) => r.installment.toFixed(2) === '965.50'));
  assert.equal(sum(close.schedule.map((r) => r.amortization)).toFixed(2), close.financedAmount.toFixed(2));
});

test('a plan that cannot amortize is refused on prazo', () => {
  const p = priceProposal({ ...base, requestedAmount: dec('1000'), termMonths: 420, iofExempt: true });
  assert.deepEqual(p.problems.map((x) => [x.field, x.code, x.detail]), [['prazo', 'C0196', 'V0004']]);
});

test('property: the computed vlrParcela sent back is accepted and changes nothing', () => {
  fc.assert(
    fc.property(
      fc.bigInt({ min: 500_00n, max: 2_000_000_00n }),
      fc.integer({ min: 0, max: 600 }),
      fc.integer({ min: 1, max: 96 }),
      fc.integer({ min: 1, max: 90 }),
      fc.constantFrom<'PF' | 'PJ'>('PF', 'PJ'),
      fc.bigInt({ min: 0n, max: 50_00n }),
      (cents, bp, term, d1, personType, monthlyCents) => {
        const input = { ...base, personType, requestedAmount: fromCents(cents), monthlyRatePercent: dec(bp).div(100), termMonths: term, firstDueDate: addDays(base.contractDate, d1), costs: { vlrTxAdmMensal: fromCents(monthlyCents) } };
        const computed = priceProposal(input);
        const echoed = priceProposal({ ...input, sentInstallment: computed.installmentAmount, sentIof: computed.iof.total.isZero() ? null : computed.iof.total });
        assert.equal(echoed.problems.some((x) => x.field === 'vlrParcela'), false);
        assert.equal(echoed.installmentAmount.toString(), computed.installmentAmount.toString());
        assert.equal(echoed.financedAmount.toString(), computed.financedAmount.toString());
        assert.deepEqual(echoed.schedule.map((r) => r.installment.toString()), computed.schedule.map((r) => r.installment.toString()));
      },
    ),
    { seed: 2026, numRuns: 40 },
  );
});

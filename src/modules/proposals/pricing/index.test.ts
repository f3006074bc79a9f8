import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { dec, fromCents, sum } from '../../../platform/money.js';
import { addDays, localDate } from '../../../platform/dates.js';
import { type ProposalPricingInput, offeredCet, priceProposal } from './index.js';
import { buildPriceSchedule } from './price.js';

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
  assert.deepEqual([offeredCet(p).annualPercent.toFixed(2), offeredCet(p).monthlyPercent.toFixed(2)], ['32.00', '2.34']);
  assert.equal(sum(p.schedule.map((r) => r.amortization)).toFixed(2), '10210.39');
  assert.deepEqual(p.problems, []);
});

test('financed TAC and a monthly insurance premium', () => {
  // Python: base 10,150.00 → financed 10,363.55 (IOF 213.55); vlrParcela 979.97 + 5.00 = 984.97,
  // last 985.02; CET over the R$ 10,000 released: 37.1987% → 37.20% a year, 2.67% a month.
  const p = priceProposal({ ...base, costs: { tac: dec('150'), monthlyInsurance1: dec('5') } });
  assert.equal(p.financedCosts.toFixed(2), '150.00');
  assert.equal(p.financedAmount.toFixed(2), '10363.55');
  assert.equal(p.installmentAmount.toFixed(2), '984.97');
  assert.equal(p.schedule.at(-1)!.installment.toFixed(2), '985.02');
  assert.ok(p.schedule.every((r) => r.monthlyCharges.toFixed(2) === '5.00'));
  assert.deepEqual([offeredCet(p).annualPercent.toFixed(2), offeredCet(p).monthlyPercent.toFixed(2)], ['37.20', '2.67']);
});

test('a vlrIOF sent by the partner is financed as sent, and refused when its daily part is above the cap', () => {
  const kept = priceProposal({ ...base, sentIof: dec('200.00') });
  assert.deepEqual([kept.iof.total.toFixed(2), kept.iof.source, kept.financedAmount.toFixed(2)], ['200.00', 'sent', '10200.00']);
  assert.equal(kept.iof.daily, null);
  assert.deepEqual(kept.problems, []);
  const over = priceProposal({ ...base, sentIof: dec('400.00') }); // daily part 400.00 − 39.52 > 3% of 10,400.00 = 312.00
  assert.deepEqual(over.problems.map((x) => [x.field, x.detail]), [['iof', 'IOF_OVER_CAP']]);
  assert.match(over.problems[0]!.description, /IOF \(R\$ 400,00; parte diária de R\$ 360,48, sem o adicional\) excede o máximo de 3% do valor financiado \(R\$ 312,00\)/);
});

test('Proposta_IsentarIOF finances no IOF', () => {
  const p = priceProposal({ ...base, iofExempt: true });
  assert.deepEqual([p.iof.total.toFixed(2), p.iof.source, p.financedAmount.toFixed(2), p.installmentAmount.toFixed(2)], ['0.00', 'exempt', '10000.00', '945.60']);
});

test('the decree\'s IOF is accepted: a person\'s 36 months, a company\'s 12 and 36 months at 2% (daily part within the dated ceiling)', () => {
  const person = priceProposal({ ...base, termMonths: 36 });
  assert.deepEqual([person.iof.source, person.iof.cap.over, person.iof.cap.limitPercent.toString()], ['computed', false, '3']);
  assert.deepEqual(person.problems, []);
  for (const termMonths of [12, 36]) {
    const company = priceProposal({ ...base, personType: 'PJ', termMonths });
    assert.deepEqual(company.problems, [], `PJ ${termMonths} months`);
    assert.equal(company.iof.cap.limitPercent.toString(), '2.993');
    // 0.0082% a day since Decreto 12.499/2025: the company pays what the person pays.
    assert.equal(company.iof.total.toString(), priceProposal({ ...base, termMonths }).iof.total.toString());
  }
  assert.deepEqual(priceProposal({ ...base, termMonths: 36, iofExempt: true }).problems, []);
});

test('an operator cap binds the computed IOF too (CAAS_IOF_CAP_PJ_PERCENT=1.5 restores the old company cap)', () => {
  const company = priceProposal({ ...base, personType: 'PJ', iofCaps: { PF: null, PJ: dec('1.5') } });
  assert.deepEqual(company.problems.map((x) => [x.field, x.detail]), [['iof', 'IOF_OVER_CAP']]);
  assert.match(company.problems[0]!.description, /IOF calculado .* excede o máximo de 1,5% do valor financiado/);
  assert.deepEqual(priceProposal({ ...base, personType: 'PJ', termMonths: 6, iofCaps: { PF: null, PJ: dec('1.5') } }).problems, []);
});

test('property: the dated table\'s own IOF is never refused for the cap, computed or sent back', () => {
  fc.assert(
    fc.property(
      fc.bigInt({ min: 500_00n, max: 5_000_000_00n }),
      fc.integer({ min: 0, max: 1000 }),
      fc.integer({ min: 1, max: 420 }),
      fc.integer({ min: 1, max: 365 }),
      fc.constantFrom<'PF' | 'PJ'>('PF', 'PJ'),
      fc.integer({ min: 0, max: 4200 }),
      (cents, bp, term, d1, personType, dayOffset) => {
        const contractDate = addDays(localDate('2015-01-22'), dayOffset * 3);
        const input = { ...base, personType, contractDate, requestedAmount: fromCents(cents), monthlyRatePercent: dec(bp).div(100), termMonths: term, firstDueDate: addDays(contractDate, d1) };
        // Plans that cannot amortize are refused on prazo (and their CET can fail: see issue 11's note).
        const plan = buildPriceSchedule({ principal: input.requestedAmount.times('1.1').toDecimalPlaces(2), monthlyRate: input.monthlyRatePercent.div(100), termMonths: term, contractDate, firstDueDate: input.firstDueDate });
        fc.pre(plan.wellFormed && plan.rows.every((r) => r.installment.greaterThan(0)));
        const computed = priceProposal(input);
        assert.equal(computed.iof.cap.over, false, `computed ${computed.iof.total.toString()}`);
        if (computed.iof.total.isZero()) return;
        const sentBack = priceProposal({ ...input, sentIof: computed.iof.total });
        assert.equal(sentBack.iof.cap.over, false, `sent back ${computed.iof.total.toString()} (daily ${sentBack.iof.cap.dailyPart.toString()}, limit ${sentBack.iof.cap.limitAmount.toString()})`);
      },
    ),
    { seed: 2611, numRuns: 60 },
  );
});

test('a wrong vlrParcela is refused with the expected value; one centavo off is kept as sent', () => {
  const wrong = priceProposal({ ...base, sentInstallment: dec('945.60') });
  assert.deepEqual(wrong.problems.map((x) => x.field), ['installment']);
  assert.match(wrong.problems[0]!.description, /valor esperado é R\$ 965,49/);
  const close = priceProposal({ ...base, sentInstallment: dec('965.50') });
  assert.deepEqual(close.problems, []);
  assert.equal(close.installmentAmount.toFixed(2), '965.50');
  assert.ok(close.schedule.slice(0, -1).every((r) => r.installment.toFixed(2) === '965.50'));
  assert.equal(sum(close.schedule.map((r) => r.amortization)).toFixed(2), close.financedAmount.toFixed(2));
});

test('a plan that cannot amortize is refused on prazo', () => {
  const p = priceProposal({ ...base, requestedAmount: dec('1000'), termMonths: 420, iofExempt: true });
  assert.deepEqual(p.problems.map((x) => [x.field, x.code, x.detail]), [['termMonths', 'C0196', 'V0004']]);
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
        const input = { ...base, personType, requestedAmount: fromCents(cents), monthlyRatePercent: dec(bp).div(100), termMonths: term, firstDueDate: addDays(base.contractDate, d1), costs: { monthlyAdminFee: fromCents(monthlyCents) } };
        const computed = priceProposal(input);
        const echoed = priceProposal({ ...input, sentInstallment: computed.installmentAmount, sentIof: computed.iof.total.isZero() ? null : computed.iof.total });
        assert.equal(echoed.problems.some((x) => x.field === 'installment'), false);
        assert.equal(echoed.installmentAmount.toString(), computed.installmentAmount.toString());
        assert.equal(echoed.financedAmount.toString(), computed.financedAmount.toString());
        assert.deepEqual(echoed.schedule.map((r) => r.installment.toString()), computed.schedule.map((r) => r.installment.toString()));
      },
    ),
    { seed: 2026, numRuns: 40 },
  );
});

test('a plan whose last installment would be negative is refused as such, with no CET (never thrown)', () => {
  // 0% a month: R$ 1.00 / 22 rounds to 0.05, and 21 × 0.05 already exceeds the principal; likewise R$ 500 / 387.
  for (const [amount, termMonths] of [['1.00', 22], ['500', 387]] as const) {
    const p = priceProposal({ ...base, requestedAmount: dec(amount), termMonths, monthlyRatePercent: dec('0') });
    assert.equal(p.cet, null);
    assert.deepEqual(p.problems.map((x) => `${x.field} ${x.code}/${x.detail}`), ['termMonths C0196/V0004']);
    assert.throws(() => offeredCet(p), /assertion/);
  }
});

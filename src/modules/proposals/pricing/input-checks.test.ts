import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dec } from '../../../platform/money.js';
import { localDate } from '../../../platform/dates.js';
import { pricingInputProblems } from './input-checks.js';
import { TERM_MONTHS_MAX } from '../limits.js';

const good = {
  requestedAmount: dec('10000'),
  monthlyRatePercent: dec('1.99'),
  termMonths: 12,
  contractDate: localDate('2026-03-02'),
  firstDueDate: localDate('2026-04-01'),
  amounts: { tac: dec('150.00'), iof: null },
};

test('sane inputs have no problem', () => {
  assert.deepEqual(pricingInputProblems(good), []);
});

test('every bad input is reported at once, each with its field', () => {
  const problems = pricingInputProblems({
    requestedAmount: dec('0'),
    monthlyRatePercent: dec('-1'),
    termMonths: TERM_MONTHS_MAX + 1,
    contractDate: localDate('2026-03-02'),
    firstDueDate: localDate('2026-03-02'),
    amounts: { tac: dec('1.005'), insurance: dec('-1') },
  });
  assert.deepEqual(problems.map((p) => [p.field, p.code, p.detail]), [
    ['requestedAmount', 'C0196', 'V0001'],
    ['termMonths', 'C0196', 'V0004'],
    ['monthlyRatePercent', 'C0185', 'V0009'],
    ['firstDueDate', 'PRICING', 'FIRST_DUE_DATE'],
    ['tac', 'PRICING', 'AMOUNT'],
    ['insurance', 'PRICING', 'AMOUNT'],
  ]);
});

test('a fractional term is refused', () => {
  assert.equal(pricingInputProblems({ ...good, termMonths: 12.5 })[0]?.field, 'termMonths');
});

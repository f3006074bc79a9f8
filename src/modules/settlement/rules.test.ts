import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { LocalDate } from '../../platform/dates.js';
import { dec } from '../../platform/money.js';
import { DEFAULT_CHARGES_CONFIG, newInstallmentState } from '../receivables/schedule/charges-math/index.js';
import { amountDueOn, cnabEventKey, comparePaid, unmatchedReason } from './rules.js';

const open = { cancelled: false, paid: false, scheduleOpen: true, installmentsSettled: false };

test('what cannot be applied becomes an unmatched receipt, with its reason', () => {
  assert.equal(unmatchedReason(null), 'unknownReference');
  assert.equal(unmatchedReason(open), null);
  assert.equal(unmatchedReason({ ...open, cancelled: true }), 'cancelledCharge');
  assert.equal(unmatchedReason({ ...open, paid: true }), 'alreadySettled');
  assert.equal(unmatchedReason({ ...open, installmentsSettled: true }), 'alreadySettled');
  assert.equal(unmatchedReason({ ...open, scheduleOpen: false }), 'scheduleClosed');
});

test('paid against due: full, partial (shortfall), overpaid (excess)', () => {
  assert.deepEqual(comparePaid(dec('100.00'), dec('100')), { outcome: 'full', excess: dec(0), shortfall: dec(0) });
  const partial = comparePaid(dec('60'), dec('100'));
  assert.deepEqual([partial.outcome, partial.shortfall.toFixed(2)], ['partial', '40.00']);
  const over = comparePaid(dec('100.01'), dec('100'));
  assert.deepEqual([over.outcome, over.excess.toFixed(2)], ['overpaid', '0.01']);
});

test('the amount due on the payment date: fine and interest recalculated when late, discount off, settled installments out', () => {
  const state = newInstallmentState({ number: 1, dueDate: '2026-03-10' as LocalDate, amount: '1000.00', contractMonthlyRate: '0.02' });
  const onTime = amountDueOn([{ state, discount: dec('10') }], '2026-03-10' as LocalDate, false, DEFAULT_CHARGES_CONFIG);
  assert.deepEqual([onTime.amount.toFixed(2), onTime.late], ['990.00', false]);
  const late = amountDueOn([{ state, discount: dec('0') }], '2026-04-09' as LocalDate, false, DEFAULT_CHARGES_CONFIG);
  assert.equal(late.late, true);
  assert.ok(late.amount.greaterThan(dec('1020')), `2% fine plus interest for 30 days: ${late.amount}`);
  const none = amountDueOn([{ state: { ...state, cancelled: true }, discount: dec('0') }], '2026-03-10' as LocalDate, false, DEFAULT_CHARGES_CONFIG);
  assert.equal(none.amount.toFixed(2), '0.00');
});

test('a CNAB event is keyed by what the bank said, not by the file or line that carried it', () => {
  const settled = { sequence: 123n, movement: '06', occurredOn: '2024-02-20' as LocalDate, paid: '350.00' };
  assert.equal(cnabEventKey('001', settled), 'cnab:001:123:06:2024-02-20:350.00');
  assert.equal(cnabEventKey('001', { ...settled, paid: '350.0' }), cnabEventKey('001', settled));
  assert.notEqual(cnabEventKey('341', settled), cnabEventKey('001', settled));
  assert.notEqual(cnabEventKey('001', { ...settled, paid: '358.00' }), cnabEventKey('001', settled));
  assert.notEqual(cnabEventKey('001', { ...settled, occurredOn: '2024-02-21' as LocalDate }), cnabEventKey('001', settled));
  assert.notEqual(cnabEventKey('001', { ...settled, movement: '17' }), cnabEventKey('001', settled));
  assert.equal(cnabEventKey('001', { sequence: 7n, movement: '02', occurredOn: null, paid: '' }), 'cnab:001:7:02:-:0.00');
});

// Amounts of boletos/charges and the split of a payment over installments (pure).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { localDate } from '../../../platform/dates.js';
import { dec, ZERO } from '../../../platform/money.js';
import { DEFAULT_CHARGES_CONFIG, newInstallmentState } from '../schedule/charges-math/index.js';
import { collectionAmounts, shareDiscount } from './collection-amounts.js';
import { allocatePayment } from '../payments/payment-allocation.js';

const config = DEFAULT_CHARGES_CONFIG;
const fields = { amount: 'vlrBoleto', discount: 'vlrDesconto', dueDate: 'dtVencimento', installments: ['p[0]', 'p[1]'] };
const one = newInstallmentState({ number: 1, dueDate: localDate('2026-12-23'), amount: '350.00', contractMonthlyRate: '0.02' });
const two = newInstallmentState({ number: 2, dueDate: localDate('2027-01-23'), amount: '350.00', contractMonthlyRate: '0.02' });

test('the discount is shared in installment order, each keeping a centavo to pay', () => {
  assert.deepEqual(shareDiscount(dec('400'), [dec('350'), dec('350')])?.map(String), ['349.99', '50.01']);
  assert.deepEqual(shareDiscount(ZERO, [dec('350')])?.map(String), ['0']);
  assert.equal(shareDiscount(dec('699.99'), [dec('350'), dec('350')]), null);
});

test('settlement: Σ balances at the due date minus the discount', () => {
  const a = collectionAmounts({ states: [one, two], dueDate: localDate('2026-12-23'), settlement: true, amount: null, discount: dec('10'), allowDecapitalization: false, fields }, config);
  assert.deepEqual([a.documentAmount.toString(), a.charged.toString(), a.shares.map(String)], ['700', '690', ['10', '0']]);
});

test('partial: the amount sent, never above the balance; discount below it', () => {
  const a = collectionAmounts({ states: [one], dueDate: localDate('2026-12-23'), settlement: false, amount: dec('100'), discount: dec('1'), allowDecapitalization: false, fields }, config);
  assert.deepEqual([a.documentAmount.toString(), a.charged.toString()], ['100', '99']);
  assert.throws(() => collectionAmounts({ states: [one], dueDate: localDate('2026-12-23'), settlement: false, amount: dec('350.01'), discount: ZERO, allowDecapitalization: false, fields }, config), /BOL008/);
  assert.throws(() => collectionAmounts({ states: [one], dueDate: localDate('2026-12-23'), settlement: false, amount: dec('100'), discount: dec('100'), allowDecapitalization: false, fields }, config), /BOL009/);
  assert.throws(() => collectionAmounts({ states: [one], dueDate: localDate('2026-12-23'), settlement: true, amount: null, discount: dec('350'), allowDecapitalization: false, fields }, config), /PARC004/);
});

test('a payment fills the installments in order; what cannot be placed is excess', () => {
  const covered = [{ state: one, discount: dec('5') }, { state: two, discount: ZERO }];
  const a = allocatePayment(covered, dec('400'), localDate('2026-12-01'), false, config);
  assert.deepEqual(a.parts.map((p) => [p.index, p.payment.toString(), p.discount.toString()]), [[0, '345', '5'], [1, '55', '0']]);
  assert.equal(a.excess.toString(), '0');
  assert.equal(allocatePayment(covered, dec('700'), localDate('2026-12-01'), false, config).excess.toString(), '5');
  const paidFirst = [{ state: { ...one, principal: ZERO }, discount: ZERO }, { state: two, discount: ZERO }];
  assert.deepEqual(allocatePayment(paidFirst, dec('10'), localDate('2026-12-01'), false, config).parts.map((p) => p.index), [1]);
});

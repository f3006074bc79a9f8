// Settlement boleto amounts. Installment: R$ 1000.00 due 2026-03-10, contract rate 2% a.m.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { localDate } from '../../../../platform/dates.js';
import { DomainError } from '../../../../platform/errors.js';
import { dec } from '../../../../platform/money.js';
import { DEFAULT_CHARGES_CONFIG } from './charges-config.js';
import { newInstallmentState } from './installment-state.js';
import { applyPayment } from './payment-launch.js';
import { settlementAmount } from './settlement-amount.js';

const cfg = DEFAULT_CHARGES_CONFIG;
const state = newInstallmentState({ number: 1, dueDate: localDate('2026-03-10'), amount: '1000.00', contractMonthlyRate: '0.02' });
const amount = (dueDate: string, discount: string, early: boolean) =>
  settlementAmount(state, { dueDate: localDate(dueDate), discount: dec(discount), allowDecapitalization: early }, cfg).toFixed(2);

function code(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof DomainError);
    return e.messages[0]?.code ?? '';
  }
  return 'no refusal';
}

test('boleto due on the installment due date: the face value minus the discount', () => {
  assert.equal(amount('2026-03-10', '0', true), '1000.00');
  assert.equal(amount('2026-03-10', '50.00', false), '950.00');
});

test('boleto due after the installment: late charges to the boleto date', () => {
  // 15 days: 1000 + 20 + 5 + 9.95 = 1034.95; minus 4.95 discount = 1030.00.
  assert.equal(amount('2026-03-25', '4.95', false), '1030.00');
});

test('boleto due before the installment: present value only when descapitalização is allowed', () => {
  // 30 days: 1000 / 1.02 = 980.39.
  assert.equal(amount('2026-02-08', '0', true), '980.39');
  assert.equal(amount('2026-02-08', '0', false), '1000.00');
});

test('a settlement boleto agrees with the launch that pays it', () => {
  const due = localDate('2026-03-25');
  const boleto = settlementAmount(state, { dueDate: due, discount: dec('10.00'), allowDecapitalization: false }, cfg);
  const launch = applyPayment(state, { paymentDate: due, amount: boleto, discount: dec('10.00'), allowDecapitalization: false }, cfg).launch;
  assert.equal(launch.remainingBalance.toFixed(2), '0.00');
});

test('refusals: discount at or above the balance, negative discount, paid installment', () => {
  assert.equal(code(() => amount('2026-03-10', '1000.00', false)), 'PARC004');
  assert.equal(code(() => amount('2026-03-10', '-0.01', false)), 'PARC002');
  const paid = applyPayment(state, { paymentDate: localDate('2026-03-10'), amount: dec('1000.00'), discount: dec(0), allowDecapitalization: false }, cfg).next;
  assert.equal(code(() => settlementAmount(paid, { dueDate: localDate('2026-03-20'), discount: dec(0), allowDecapitalization: false }, cfg)), 'PARC007');
});

// Expected values computed by hand and checked with Python's decimal module (40 digits), not
// with this code. Installment: R$ 1000.00, contract rate 2% a.m., default configuration
// (fine 2%, late interest 1% a.m. simple pro rata die, contract interest compound pro rata die).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { localDate } from '../../../../platform/dates.js';
import { dec } from '../../../../platform/money.js';
import { chargesConfig, DEFAULT_CHARGES_CONFIG } from './charges-config.js';
import { newInstallmentState } from './installment-state.js';
import { applyPayment } from './payment-launch.js';
import { recalculateInstallment, type RecalculatedAmounts } from './recalculate-installment.js';

const cfg = DEFAULT_CHARGES_CONFIG;
const installment = (dueDate: string, amount = '1000.00', rate = '0.02') =>
  newInstallmentState({ number: 1, dueDate: localDate(dueDate), amount, contractMonthlyRate: rate });

type Shown = Record<'fine' | 'lateInterest' | 'contractInterest' | 'charges' | 'abatement' | 'updatedBalance', string>;

function assertAmounts(actual: RecalculatedAmounts, expected: Shown): void {
  const { fine, lateInterest, contractInterest, total } = actual.charges;
  const flat = { fine, lateInterest, contractInterest, charges: total, abatement: actual.abatement, updatedBalance: actual.updatedBalance };
  const shown = Object.fromEntries(Object.entries(flat).map(([k, v]) => [k, v.toFixed(2)]));
  assert.deepEqual(shown, expected);
}

test('on the due date: no charges, no reduction', () => {
  const r = recalculateInstallment(installment('2026-03-10'), localDate('2026-03-10'), true, cfg);
  assert.equal(r.currentDueDate, '2026-03-10');
  assertAmounts(r.amounts, { fine: '0.00', lateInterest: '0.00', contractInterest: '0.00', charges: '0.00', abatement: '0.00', updatedBalance: '1000.00' });
});

test('15 days late: fine, late interest and contract interest from the due date', () => {
  // fine  = 1000 × 2%                          = 20.00
  // mora  = 1000 × 1% × 15/30                  =  5.00
  // juros = 1000 × (1.02^(15/30) − 1) = 1000 × 0.0099504938… = 9.9504… → 9.95
  // saldo = 1000 + 20 + 5 + 9.95               = 1034.95
  const r = recalculateInstallment(installment('2026-03-10'), localDate('2026-03-25'), false, cfg);
  assertAmounts(r.amounts, { fine: '20.00', lateInterest: '5.00', contractInterest: '9.95', charges: '34.95', abatement: '0.00', updatedBalance: '1034.95' });
});

test('47 days late with an odd amount and rate', () => {
  // 1234.56 at 1.99% a.m., due 2026-03-10, calculated 2026-04-26 (47 days).
  // fine  = 1234.56 × 0.02 = 24.6912 → 24.69
  // mora  = 1234.56 × 0.01 × 47/30 = 19.34144 → 19.34
  // juros = 1234.56 × (1.0199^(47/30) − 1) = 1234.56 × 0.0313519493… = 38.7055… → 38.71
  // saldo = 1234.56 + 24.69 + 19.34 + 38.71 = 1317.30
  const r = recalculateInstallment(installment('2026-03-10', '1234.56', '0.0199'), localDate('2026-04-26'), true, cfg);
  assertAmounts(r.amounts, { fine: '24.69', lateInterest: '19.34', contractInterest: '38.71', charges: '82.74', abatement: '0.00', updatedBalance: '1317.30' });
});

test('early with allowDecapitalization: present value at the contract rate (CDC art. 52 §2)', () => {
  // 30 days before 2026-03-10 is 2026-02-08: PV = 1000 / 1.02 = 980.392… → 980.39; reduction 19.61.
  const r30 = recalculateInstallment(installment('2026-03-10'), localDate('2026-02-08'), true, cfg);
  assertAmounts(r30.amounts, { fine: '0.00', lateInterest: '0.00', contractInterest: '0.00', charges: '0.00', abatement: '19.61', updatedBalance: '980.39' });
  // 10 days: PV = 1000 / 1.02^(10/30) = 1000 / 1.0066227095… = 993.4210… → 993.42; reduction 6.58.
  const r10 = recalculateInstallment(installment('2026-03-10'), localDate('2026-02-28'), true, cfg);
  assert.equal(r10.amounts.abatement.toFixed(2), '6.58');
  assert.equal(r10.amounts.updatedBalance.toFixed(2), '993.42');
});

test('early without allowDecapitalization: the face value', () => {
  const r = recalculateInstallment(installment('2026-03-10'), localDate('2026-02-08'), false, cfg);
  assert.equal(r.amounts.abatement.toFixed(2), '0.00');
  assert.equal(r.amounts.updatedBalance.toFixed(2), '1000.00');
});

test('due on Carnival Monday: free until Ash Wednesday, then charged from the Monday', () => {
  const due = installment('2026-02-16');
  const grace = recalculateInstallment(due, localDate('2026-02-18'), false, cfg);
  assert.equal(grace.currentDueDate, '2026-02-18');
  assert.equal(grace.amounts.updatedBalance.toFixed(2), '1000.00');
  // 2026-02-19 is 3 days after 2026-02-16:
  // fine 20.00; mora = 1000 × 1% × 3/30 = 1.00; juros = 1000 × (1.02^(3/30) − 1) = 1.9822… → 1.98
  const late = recalculateInstallment(due, localDate('2026-02-19'), false, cfg);
  assertAmounts(late.amounts, { fine: '20.00', lateInterest: '1.00', contractInterest: '1.98', charges: '22.98', abatement: '0.00', updatedBalance: '1022.98' });
});

test('due on a Saturday: free on Monday, charged on Tuesday for 3 days', () => {
  const due = installment('2026-03-14');
  const monday = recalculateInstallment(due, localDate('2026-03-16'), false, cfg);
  assert.equal(monday.currentDueDate, '2026-03-16');
  assert.equal(monday.amounts.charges.total.toFixed(2), '0.00');
  const tuesday = recalculateInstallment(due, localDate('2026-03-17'), false, cfg);
  assert.equal(tuesday.amounts.updatedBalance.toFixed(2), '1022.98');
});

test('due on Good Friday 2026: free on Monday 6 April, 4 days charged on the 7th', () => {
  const due = installment('2026-04-03');
  assert.equal(recalculateInstallment(due, localDate('2026-04-06'), false, cfg).amounts.updatedBalance.toFixed(2), '1000.00');
  // fine 20.00; mora = 1000 × 1% × 4/30 = 1.3333… → 1.33; juros = 1000 × (1.02^(4/30) − 1) = 2.6438… → 2.64
  const late = recalculateInstallment(due, localDate('2026-04-07'), false, cfg);
  assert.equal(late.amounts.updatedBalance.toFixed(2), '1023.97');
});

test('configuration: fewer charges when configured, never a fine above 2%', () => {
  const noContract = chargesConfig({ contractInterestForLateDays: false, fineRate: '0.01' });
  const r = recalculateInstallment(installment('2026-03-10'), localDate('2026-03-25'), false, noContract);
  assert.equal(r.amounts.charges.fine.toFixed(2), '10.00');
  assert.equal(r.amounts.charges.contractInterest.toFixed(2), '0.00');
  assert.throws(() => chargesConfig({ fineRate: '0.0201' }), /assertion: fineRate/);
  assert.throws(() => chargesConfig({ lateInterestMonthlyRate: dec('0.02') }), /assertion: lateInterestMonthlyRate/);
  assert.throws(() => chargesConfig({ fineRate: '-0.01' }), /assertion/);
});

test('truncate rounding drops the extra places instead of rounding half up', () => {
  const truncate = chargesConfig({ roundingMode: 'truncate' });
  // 5 days late: juros = 1000 × (1.02^(5/30) − 1) = 3.3058… → 3.31 half up, 3.30 truncated.
  const lateDate = localDate('2026-03-15');
  assert.equal(recalculateInstallment(installment('2026-03-10'), lateDate, false, cfg).amounts.charges.contractInterest.toFixed(2), '3.31');
  assert.equal(recalculateInstallment(installment('2026-03-10'), lateDate, false, truncate).amounts.charges.contractInterest.toFixed(2), '3.30');
  // 5 days early: PV = 1000 / 1.02^(5/30) = 996.7050… → 996.71 half up, 996.70 truncated.
  const earlyDate = localDate('2026-03-05');
  assert.equal(recalculateInstallment(installment('2026-03-10'), earlyDate, true, cfg).amounts.updatedBalance.toFixed(2), '996.71');
  assert.equal(recalculateInstallment(installment('2026-03-10'), earlyDate, true, truncate).amounts.abatement.toFixed(2), '3.30');
});

test('a paid installment answers zeros; a date before the last launch is refused', () => {
  const state = installment('2026-03-10');
  const paid = applyPayment(state, { paymentDate: localDate('2026-03-10'), amount: dec('1000.00'), discount: dec(0), allowDecapitalization: false }, cfg).next;
  assert.equal(recalculateInstallment(paid, localDate('2026-01-01'), true, cfg).amounts.updatedBalance.toFixed(2), '0.00');
  const partial = applyPayment(state, { paymentDate: localDate('2026-03-10'), amount: dec('1.00'), discount: dec(0), allowDecapitalization: false }, cfg).next;
  assert.throws(() => recalculateInstallment(partial, localDate('2026-03-09'), true, cfg), (e: Error & { messages?: { code: string; field: string }[] }) => {
    assert.equal(e.messages?.[0]?.code, 'PARC009');
    assert.equal(e.messages?.[0]?.field, 'calculationDate');
    return true;
  });
});

// Launch examples. Expected values computed by hand (checked with Python's decimal module).
// Installment: R$ 1000.00 due 2026-03-10 (Tuesday), contract rate 2% a.m., default config.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { localDate } from '../../../../platform/dates.js';
import { DomainError } from '../../../../platform/errors.js';
import { dec, type Decimal } from '../../../../platform/money.js';
import { DEFAULT_CHARGES_CONFIG } from './charges-config.js';
import { InstallmentStatus, newInstallmentState, type InstallmentState } from './installment-state.js';
import type { LaunchEntry } from './launch-entry.js';
import { applyPayment } from './payment-launch.js';
import { recalculateInstallment } from './recalculate-installment.js';

const cfg = DEFAULT_CHARGES_CONFIG;
const fresh = (): InstallmentState =>
  newInstallmentState({ number: 1, dueDate: localDate('2026-03-10'), amount: '1000.00', contractMonthlyRate: '0.02' });

function pay(state: InstallmentState, date: string, payment: string, discount = '0', early = false) {
  return applyPayment(state, { paymentDate: localDate(date), amount: dec(payment), discount: dec(discount), allowDecapitalization: early }, cfg);
}

function money(launch: LaunchEntry): Record<string, string> {
  return Object.fromEntries(Object.entries(launch).filter(([, v]) => typeof v !== 'string').map(([k, v]) => [k, (v as Decimal).toFixed(2)]));
}

function refusal(fn: () => unknown): { code: string; description: string; field: string | null } {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof DomainError, String(e));
    const m = e.messages[0];
    assert.ok(m);
    return { code: m.code, description: m.description, field: m.field };
  }
  assert.fail('expected a refusal');
}

test('payment in full on the due date', () => {
  const r = pay(fresh(), '2026-03-10', '1000.00');
  assert.deepEqual(money(r.launch), {
    grossBalance: '1000.00', fine: '0.00', contractInterest: '0.00', lateInterest: '0.00', iof: '0.00', fees: '0.00',
    abatement: '0.00', updatedBalance: '1000.00', payment: '1000.00', remainingBalance: '0.00', discount: '0.00',
  });
  assert.equal(r.status, InstallmentStatus.paid);
  assert.equal(r.next.principal.toFixed(2), '0.00');
  assert.equal(r.launch.dueDate, '2026-03-10');
  assert.equal(r.launch.launchDate, '2026-03-10');
});

test('late partial payment: charges first, then principal; the rest keeps accruing from the payment date', () => {
  // Updated to 2026-03-25 (15 days): 1000 + fine 20 + mora 5 + juros 9.95 = 1034.95.
  // 500 pays fine 20, mora 5, juros 9.95, principal 465.05 → principal left 534.95.
  const r = pay(fresh(), '2026-03-25', '500.00');
  assert.deepEqual(money(r.launch), {
    grossBalance: '1034.95', fine: '20.00', contractInterest: '9.95', lateInterest: '5.00', iof: '0.00', fees: '0.00',
    abatement: '0.00', updatedBalance: '1034.95', payment: '500.00', remainingBalance: '534.95', discount: '0.00',
  });
  assert.deepEqual([r.allocation.fine, r.allocation.lateInterest, r.allocation.contractInterest, r.allocation.principal].map((v) => v.toFixed(2)), ['20.00', '5.00', '9.95', '465.05']);
  assert.equal(r.status, InstallmentStatus.overdue);
  // 15 more days on 534.95, no new fine: mora = 534.95 × 1% × 15/30 = 2.67475 → 2.67;
  // juros = 534.95 × 0.0099504938… = 5.3230… → 5.32; saldo = 534.95 + 2.67 + 5.32 = 542.94.
  const later = recalculateInstallment(r.next, localDate('2026-04-09'), false, cfg).amounts;
  assert.deepEqual([later.charges.fine, later.charges.lateInterest, later.charges.contractInterest, later.updatedBalance].map((v) => v.toFixed(2)), ['0.00', '2.67', '5.32', '542.94']);
  // Paying exactly that settles it.
  const last = pay(r.next, '2026-04-09', '542.94');
  assert.equal(last.launch.remainingBalance.toFixed(2), '0.00');
  assert.equal(last.status, InstallmentStatus.paid);
});

test('a payment smaller than the charges: the fine is not assessed again, charges bear no interest', () => {
  // 10.00 pays half the fine; unpaid: fine 10, mora 5, juros 9.95; principal still 1000.
  const r = pay(fresh(), '2026-03-25', '10.00');
  assert.equal(r.launch.remainingBalance.toFixed(2), '1024.95');
  // 15 more days on 1000 only: mora 5 + 5 = 10; juros 9.95 + 9.95 = 19.90; fine stays 10.
  // saldo = 1000 + 10 + 10 + 19.90 = 1039.90.
  const c = recalculateInstallment(r.next, localDate('2026-04-09'), false, cfg).amounts;
  assert.deepEqual([c.charges.fine, c.charges.lateInterest, c.charges.contractInterest, c.charges.total, c.updatedBalance].map((v) => v.toFixed(2)), ['10.00', '10.00', '19.90', '39.90', '1039.90']);
});

test('early partial payment with descapitalização: reduction earned on the part paid', () => {
  // 2026-02-08 is 30 days early: PV = 980.39, abatimento 19.61. Pay 490.20: saldo 490.19.
  // Principal left at the due date: 490.19 × 1.02 = 499.9938 → 499.99 (reduction earned 9.81).
  const r = pay(fresh(), '2026-02-08', '490.20', '0', true);
  assert.deepEqual(money(r.launch), {
    grossBalance: '1000.00', fine: '0.00', contractInterest: '0.00', lateInterest: '0.00', iof: '0.00', fees: '0.00',
    abatement: '19.61', updatedBalance: '980.39', payment: '490.20', remainingBalance: '490.19', discount: '0.00',
  });
  assert.equal(r.next.principal.toFixed(2), '499.99');
  assert.equal(r.allocation.realizedAbatement.toFixed(2), '9.81');
  assert.equal(r.status, InstallmentStatus.partiallyPaid);
  // Same day: the recalculation shows the launch's balance; on the due date the principal.
  assert.equal(recalculateInstallment(r.next, localDate('2026-02-08'), true, cfg).amounts.updatedBalance.toFixed(2), '490.19');
  assert.equal(recalculateInstallment(r.next, localDate('2026-03-10'), true, cfg).amounts.updatedBalance.toFixed(2), '499.99');
});

test('early payment in full with a discount', () => {
  // PV 980.39; discount 0.39 + payment 980.00 settles it; the whole 19.61 reduction is earned.
  const r = pay(fresh(), '2026-02-08', '980.00', '0.39', true);
  assert.equal(r.launch.remainingBalance.toFixed(2), '0.00');
  assert.equal(r.allocation.realizedAbatement.toFixed(2), '19.61');
  assert.equal(r.next.totalPaid.toFixed(2), '980.00');
  assert.equal(r.next.totalDiscount.toFixed(2), '0.39');
  assert.equal(r.status, InstallmentStatus.paid);
});

test('grace: due on Carnival Monday, paid on Ash Wednesday without charges', () => {
  const state = newInstallmentState({ number: 2, dueDate: localDate('2026-02-16'), amount: '1000.00', contractMonthlyRate: '0.02' });
  const r = pay(state, '2026-02-18', '1000.00');
  assert.equal(r.launch.grossBalance.toFixed(2), '1000.00');
  assert.equal(r.status, InstallmentStatus.paid);
});

test('grace then late: a partial payment in the grace window does not move the charge start', () => {
  // Due Saturday 2026-03-14; 400 paid Monday 16 (grace, no charges) leaves 600.
  // Tuesday 17 is 3 days after the due date: fine 12.00; mora 600 × 1% × 3/30 = 0.60;
  // juros 600 × (1.02^(3/30) − 1) = 1.1893… → 1.19; saldo 613.79.
  const state = newInstallmentState({ number: 3, dueDate: localDate('2026-03-14'), amount: '1000.00', contractMonthlyRate: '0.02' });
  const r = pay(state, '2026-03-16', '400.00');
  assert.equal(r.status, InstallmentStatus.partiallyPaid);
  const c = recalculateInstallment(r.next, localDate('2026-03-17'), false, cfg).amounts;
  assert.deepEqual([c.charges.fine, c.charges.lateInterest, c.charges.contractInterest, c.updatedBalance].map((v) => v.toFixed(2)), ['12.00', '0.60', '1.19', '613.79']);
});

test('refusals with the production messages', () => {
  assert.deepEqual(refusal(() => pay(fresh(), '2026-03-10', '0')), { code: 'PARC001', description: 'Valor deve ser informado', field: 'amount' });
  assert.equal(refusal(() => pay(fresh(), '2026-03-10', '-1')).code, 'PARC001');
  assert.deepEqual(refusal(() => pay(fresh(), '2026-03-10', '1', '1000.00')), {
    code: 'PARC004', description: 'Valor de desconto não pode ser superior ou igual ao saldo atual da parcela', field: 'discount',
  });
  // Late: the balance is 1034.95, so a 1034.95 discount is refused, 1034.94 + 0.01 is accepted.
  assert.equal(refusal(() => pay(fresh(), '2026-03-25', '1', '1034.95')).code, 'PARC004');
  assert.equal(pay(fresh(), '2026-03-25', '0.01', '1034.94').status, InstallmentStatus.paid);
  assert.equal(refusal(() => pay(fresh(), '2026-03-10', '1000.01')).code, 'PARC005');
  assert.equal(refusal(() => pay(fresh(), '2026-03-10', '900.00', '100.01')).code, 'PARC006');
  assert.equal(refusal(() => pay(fresh(), '2026-03-10', '1', '-1')).code, 'PARC002');
  assert.equal(refusal(() => pay(fresh(), '2026-03-10', '1.001')).code, 'PARC003');
  const paid = pay(fresh(), '2026-03-10', '1000.00').next;
  assert.equal(refusal(() => pay(paid, '2026-03-11', '1')).code, 'PARC007');
  assert.equal(refusal(() => pay({ ...fresh(), cancelled: true }, '2026-03-11', '1')).code, 'PARC008');
  const partial = pay(fresh(), '2026-03-10', '1').next;
  assert.deepEqual(refusal(() => pay(partial, '2026-03-09', '1')).field, 'paymentDate');
});

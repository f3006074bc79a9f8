// Property: over random payment sequences nothing is created or lost.
//
// Definition. For launch k on an installment, let carriedIn_k be what was owed before it (principal
// plus unpaid charges, at face value), and realized_k the early-payment reduction it earned. Its
// "updated amount" is u_k = grossBalance_k − carriedIn_k − realized_k: the charges newly assessed
// minus the reduction earned. Then, after any sequence of launches,
//   Σ (payment_k + discount_k) + remaining balance = original amount + Σ u_k,
// where the remaining balance is principal + unpaid charges. Along the way: the interface's launch
// invariants hold, no amount is negative or a fraction of a centavo, and the fine is charged once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { addDays, localDate, type LocalDate } from '../../../../platform/dates.js';
import { dec, max, roundCents, truncateCents, ZERO, type Decimal } from '../../../../platform/money.js';
import { updateBalance } from './balance-update.js';
import { chargesConfig, type ChargesConfig } from './charges-config.js';
import { chargesTotal, InstallmentStatus, newInstallmentState, outstanding, type InstallmentState } from './installment-state.js';
import { assertLaunchInvariants, type LaunchEntry } from './launch-entry.js';
import { applyPayment } from './payment-launch.js';
import { recalculateInstallment } from './recalculate-installment.js';

const SEED = 20_260_310;
const RUNS = 400;
const EPOCH = localDate('2025-01-02');
const ONE_CENT = dec('0.01');

const stepArb = fc.record({
  gapDays: fc.integer({ min: 0, max: 45 }),
  // Small fractions too, so that some payments do not even cover the charges.
  fractionPermille: fc.oneof(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 1000 })),
  payAll: fc.boolean(),
  discountPermille: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 200 })),
  early: fc.boolean(),
});

const scenarioArb = fc.record({
  amountCents: fc.integer({ min: 100, max: 1_000_000 }),
  rateBasisPoints: fc.integer({ min: 0, max: 500 }),
  dueOffsetDays: fc.integer({ min: 0, max: 1000 }),
  /** First payment date relative to the due date: early, on time, in grace or late. */
  firstPaymentOffsetDays: fc.integer({ min: -60, max: 90 }),
  fineRate: fc.constantFrom('0', '0.01', '0.02'),
  contractInterestForLateDays: fc.boolean(),
  roundingMode: fc.constantFrom('half_up' as const, 'truncate' as const),
  steps: fc.array(stepArb, { minLength: 1, maxLength: 8 }),
});

type Step = typeof stepArb extends fc.Arbitrary<infer T> ? T : never;

const cents = (d: Decimal) => d.decimalPlaces() <= 2;

/** Splits a credit (≤ the balance) into a positive payment and a discount below the balance. */
function amounts(balance: Decimal, step: Step): { payment: Decimal; discount: Decimal } {
  const credit = step.payAll ? balance : max(ONE_CENT, truncateCents(balance.times(step.fractionPermille).dividedBy(1000)));
  const discount = truncateCents(credit.times(step.discountPermille).dividedBy(1000));
  return { payment: credit.minus(discount), discount };
}

function checkLaunch(before: InstallmentState, launch: LaunchEntry, next: InstallmentState, realized: Decimal, config: ChargesConfig): Decimal {
  assertLaunchInvariants(launch); // updatedBalance and remainingBalance identities, ≥ 0, centavos
  assert.ok(launch.updatedBalance.equals(launch.grossBalance.minus(launch.abatement)));
  assert.ok(launch.remainingBalance.equals(launch.updatedBalance.minus(launch.payment).minus(launch.discount)));
  const charges = launch.fine.plus(launch.lateInterest).plus(launch.contractInterest);
  assert.ok(launch.grossBalance.equals(before.principal.plus(charges)), 'grossBalance = principal + charges');
  assert.ok(charges.greaterThanOrEqualTo(chargesTotal(before.unpaidCharges)), 'charges never shrink without payment');
  for (const v of [next.principal, next.unpaidCharges.fine, next.unpaidCharges.lateInterest, next.unpaidCharges.contractInterest, realized]) {
    assert.ok(!v.isNegative() && cents(v), `state amount ${v.toString()}`);
  }
  if (launch.abatement.isZero()) assert.ok(launch.remainingBalance.equals(outstanding(next)), 'on time or late: saldo is the balance');
  else assert.ok(launch.remainingBalance.lessThanOrEqualTo(outstanding(next)), 'early: saldo is a present value');
  assert.equal(launch.remainingBalance.isZero(), outstanding(next).isZero());
  // Recalculating on the launch date shows the launch's balance (a centavo less at most, when
  // the principal left was capped so that no early payment earns a negative reduction).
  const sameDay = recalculateInstallment(next, launch.launchDate, !launch.abatement.isZero(), config).amounts.updatedBalance;
  assert.ok(sameDay.lessThanOrEqualTo(launch.remainingBalance) && sameDay.greaterThanOrEqualTo(launch.remainingBalance.minus('0.01')), `same day ${sameDay} vs ${launch.remainingBalance}`);
  return launch.grossBalance.minus(outstanding(before)).minus(realized);
}

test('launch sequences conserve money and keep the invariants', () => {
  fc.assert(
    fc.property(scenarioArb, (s) => {
      const config = chargesConfig({ fineRate: s.fineRate, contractInterestForLateDays: s.contractInterestForLateDays, roundingMode: s.roundingMode });
      const original = dec(s.amountCents).dividedBy(100);
      const dueDate = addDays(EPOCH, s.dueOffsetDays);
      let state = newInstallmentState({ number: 1, dueDate, amount: original, contractMonthlyRate: dec(s.rateBasisPoints).dividedBy(10_000) });
      let date: LocalDate = addDays(dueDate, s.firstPaymentOffsetDays);
      let paidPlusDiscount = ZERO;
      let updatedAmounts = original;
      let finesCharged = ZERO;
      for (const step of s.steps) {
        if (outstanding(state).isZero()) break;
        date = addDays(date, step.gapDays);
        const balance = updateBalance(state, date, step.early, config).net;
        const { payment, discount } = amounts(balance, step);
        const r = applyPayment(state, { paymentDate: date, amount: payment, discount: discount, allowDecapitalization: step.early }, config);
        updatedAmounts = updatedAmounts.plus(checkLaunch(state, r.launch, r.next, r.allocation.realizedAbatement, config));
        finesCharged = finesCharged.plus(r.updated.newCharges.fine);
        paidPlusDiscount = paidPlusDiscount.plus(r.launch.payment).plus(r.launch.discount);
        assert.equal(r.status === InstallmentStatus.paid, outstanding(r.next).isZero());
        state = r.next;
      }
      assert.ok(paidPlusDiscount.plus(outstanding(state)).equals(updatedAmounts), `${paidPlusDiscount} + ${outstanding(state)} ≠ ${updatedAmounts}`);
      const fineCap = config.roundingMode === 'truncate' ? truncateCents(original.times(config.fineRate)) : roundCents(original.times(config.fineRate));
      assert.ok(finesCharged.lessThanOrEqualTo(fineCap), 'the fine is charged once, on at most the original amount');
    }),
    { seed: SEED, numRuns: RUNS },
  );
});

test('the invariant check rejects a launch that breaks either identity', () => {
  const base: LaunchEntry = {
    dueDate: localDate('2026-03-10'), launchDate: localDate('2026-03-10'),
    grossBalance: dec('100.00'), fine: ZERO, contractInterest: ZERO, lateInterest: ZERO, iof: ZERO, fees: ZERO,
    abatement: dec('1.00'), updatedBalance: dec('99.00'), payment: dec('50.00'), remainingBalance: dec('48.00'), discount: dec('1.00'),
  };
  assert.doesNotThrow(() => assertLaunchInvariants(base));
  assert.throws(() => assertLaunchInvariants({ ...base, updatedBalance: dec('100.00') }), /assertion/);
  assert.throws(() => assertLaunchInvariants({ ...base, remainingBalance: dec('49.00') }), /assertion/);
  assert.throws(() => assertLaunchInvariants({ ...base, payment: dec('50.001'), remainingBalance: dec('47.999') }), /assertion/);
});

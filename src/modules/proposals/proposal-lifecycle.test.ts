import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ALL_EVENTS,
  ALL_STATUSES,
  FINAL_STATUSES,
  PAYMENT_ACCOUNT_UPDATABLE,
  ProposalStatus,
  type LifecycleEvent,
  canMove,
  decideTransition,
  disbursementPath,
  eventBetween,
  isProposalStatus,
  statusDescription,
  targetOf,
} from './proposal-lifecycle.js';

const S = ProposalStatus;

/** The expected table, written out independently of RULES: [from, event, to]. */
const ALLOWED: readonly [ProposalStatus, LifecycleEvent, ProposalStatus][] = [
  [S.draft, 'finalize', S.finalized],
  [S.finalized, 'approve', S.approved],
  [S.approved, 'requestPayment', S.paymentPending],
  [S.paymentPending, 'disburse', S.disbursed],
  [S.disbursed, 'assign', S.assigned],
  [S.draft, 'refuse', S.refused],
  [S.finalized, 'refuse', S.refused],
  [S.approved, 'refuse', S.refused],
  [S.paymentPending, 'refuse', S.refused],
  [S.disbursed, 'cancel', S.cancelled],
  [S.disbursed, 'settle', S.settled],
  [S.assigned, 'settle', S.settled],
];

describe('proposal statuses', () => {
  test('ids and descriptions (cedida is 10, fixed by the interface)', () => {
    assert.deepEqual(
      ALL_STATUSES.map((s) => [s, statusDescription(s)]),
      [
        [1, 'Em digitação'],
        [2, 'Finalizada'],
        [3, 'Aprovada'],
        [4, 'Pendente pagamento'],
        [5, 'Liberada'],
        [6, 'Recusada'],
        [7, 'Cancelada'],
        [8, 'Liquidada'],
        [10, 'Cedida'],
      ],
    );
    assert.equal(S.assigned, 10);
    assert.equal(isProposalStatus(9), false);
    assert.equal(isProposalStatus(0), false);
    assert.throws(() => statusDescription(9 as ProposalStatus), /assertion/);
  });
});

describe('every (status, event) pair', () => {
  for (const from of ALL_STATUSES) {
    for (const event of ALL_EVENTS) {
      const expected = ALLOWED.find(([f, e]) => f === from && e === event);
      test(`${statusDescription(from)} --${event}--> ${expected ? statusDescription(expected[2]) : 'refused'}`, () => {
        const decision = decideTransition(from, event);
        if (expected) assert.deepEqual(decision, { ok: true, from, to: expected[2], event });
        else assert.deepEqual(decision, { ok: false, from, event });
      });
    }
  }
  test('an unknown status is a programmer error', () => {
    assert.throws(() => decideTransition(9 as ProposalStatus, 'approve'), /assertion/);
  });
});

describe('every (from, to) pair', () => {
  for (const from of ALL_STATUSES) {
    for (const to of ALL_STATUSES) {
      const expected = ALLOWED.find(([f, , t]) => f === from && t === to);
      test(`${from} → ${to}: ${expected ? expected[1] : 'not allowed'}`, () => {
        assert.equal(canMove(from, to), expected !== undefined);
        assert.equal(eventBetween(from, to), expected ? expected[1] : null);
      });
    }
  }
});

describe('derived facts', () => {
  test('each event has one target', () => {
    for (const event of ALL_EVENTS) {
      const targets = new Set(ALLOWED.filter(([, e]) => e === event).map(([, , t]) => t));
      assert.deepEqual([...targets], [targetOf(event)], event);
    }
  });

  test('final statuses have no way out; every other status has one', () => {
    for (const from of ALL_STATUSES) {
      const exits = ALL_EVENTS.filter((e) => decideTransition(from, e).ok);
      assert.equal(exits.length === 0, FINAL_STATUSES.includes(from), `${from}: ${exits.join()}`);
    }
  });

  test('refusal is possible exactly until the money leaves; cancellation only when disbursed', () => {
    const refusable = ALL_STATUSES.filter((s) => decideTransition(s, 'refuse').ok);
    assert.deepEqual(refusable, [S.draft, S.finalized, S.approved, S.paymentPending]);
    assert.deepEqual(ALL_STATUSES.filter((s) => decideTransition(s, 'cancel').ok), [S.disbursed]);
    assert.equal(decideTransition(S.assigned, 'cancel').ok, false);
  });

  test('the payment account may change in aprovada, finalizada, liberada, pendente pagamento (interface)', () => {
    assert.deepEqual([...PAYMENT_ACCOUNT_UPDATABLE].sort(), [S.finalized, S.approved, S.paymentPending, S.disbursed].sort());
  });

  test('disbursement passes through pendente pagamento when needed, and needs an approval', () => {
    assert.deepEqual(disbursementPath(S.approved), ['requestPayment', 'disburse']);
    assert.deepEqual(disbursementPath(S.paymentPending), ['disburse']);
    for (const s of ALL_STATUSES.filter((x) => x !== S.approved && x !== S.paymentPending)) assert.deepEqual(disbursementPath(s), [], String(s));
    // The path is made of allowed steps.
    let at: ProposalStatus = S.approved;
    for (const e of disbursementPath(S.approved)) {
      const d = decideTransition(at, e);
      assert.ok(d.ok);
      at = d.to;
    }
    assert.equal(at, S.disbursed);
  });
});

// Property, through the commands and queries and real PostgreSQL: over random payment sequences (early, on
// time, in grace, late; partial or full; with discounts; with or without descapitalização), the
// money received plus the remaining balance equals the updated amounts:
//   Σ (vlrPagamento + vlrDesconto) + saldo final = vlrParcela + Σ_k (b_k − a_{k−1}),
// where b_k is ConsultarParcelas' balance at launch k's date just before it and a_k just after it
// (a_0 = vlrParcela): b_k − a_{k−1} is what the installment grew by (charges) or shrank by
// (reduction) between launches. Each launch applies to the very balance the query shows
// (vlrParcelaAtualizado = b_k), leaves the balance it reports (vlrSaldoParcela = a_k; a centavo
// of rounding at most for a partial early payment with descapitalização, docs/recalculation.md),
// and the database row keeps both launch invariants. The schedule has a second installment, never
// paid: no launch on the first pays it off.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import fc from 'fast-check';
import { createTestDatabase, type TestDatabase } from '../../../../test/support/db.js';
import { fixedClock } from '../../../platform/clock.js';
import { runDefined, type Actor } from '../../../platform/commands.js';
import { addDays, type LocalDate } from '../../../platform/dates.js';
import { dec, max, min, truncateCents, type Decimal, ZERO } from '../../../platform/money.js';
import { addInstallmentLaunches } from './add-installment-launches.js';
import { getInstallments } from '../schedule/get-installments.js';
import { ScheduleStatus } from '../schedule/schedule-repository.js';
import type { ReceivablesDeps } from '../receivables-deps.js';
import { sandboxSettings } from '../settings.js';
import { insertPartner, openSampleSchedule } from '../../../../test/support/receivables-data.js';
import { outboxWriter } from '../../../bindings.js';

const SEED = 20_261_123;
const RUNS = 60;
const DISBURSED = '2026-01-05' as LocalDate;
const ONE_CENT = dec('0.01');

let database: TestDatabase;
let partnerId: string;
let actor: Actor;
const deps: ReceivablesDeps = { settings: sandboxSettings(), publicUrl: 'http://test', proposals: {} };

before(async () => {
  database = await createTestDatabase();
  partnerId = await insertPartner(database.db, new Date(`${DISBURSED}T12:00:00Z`));
  actor = { kind: 'partner', id: partnerId };
});
after(() => database.drop());

const clockAt = (date: LocalDate) => fixedClock(`${date}T15:00:00Z`);

async function balance(proposalId: string, date: LocalDate, permite: boolean): Promise<Decimal> {
  const input = { schedule: { proposalId }, installmentNumbers: [1], calculationDate: date, allowDecapitalization: permite };
  const r = await getInstallments(deps)(database.db, input, actor, { clock: clockAt(date), requestId: 'property', log: { warn: () => undefined } });
  return dec(r.installments[0]!.amounts.updatedBalance);
}

const stepArb = fc.record({
  gapDays: fc.integer({ min: 0, max: 40 }),
  permille: fc.oneof(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 1000 })),
  payAll: fc.boolean(),
  discountPermille: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 150 })),
  permite: fc.boolean(),
});

const scenarioArb = fc.record({
  amountCents: fc.integer({ min: 1_000, max: 500_000 }),
  rateBasisPoints: fc.integer({ min: 0, max: 500 }),
  firstDueOffsetDays: fc.integer({ min: 1, max: 90 }),
  startOffsetDays: fc.integer({ min: 0, max: 120 }),
  steps: fc.array(stepArb, { minLength: 1, maxLength: 6 }),
});

test('Σ launches + remaining balance = updated amounts, through the use cases', async () => {
  await fc.assert(
    fc.asyncProperty(scenarioArb, async (sc) => {
      const amount = dec(sc.amountCents).dividedBy(100);
      const firstDue = addDays(DISBURSED, sc.firstDueOffsetDays);
      const opening = await openSampleSchedule(database.db, partnerId, new Date(`${DISBURSED}T12:00:00Z`), {
        amount: amount.toFixed(2),
        count: 2, // installment 2 stays owed: each launch's paid-off check must see it (the schedule stays open)
        rate: dec(sc.rateBasisPoints).dividedBy(10_000).toFixed(),
        firstDue,
        disbursedOn: DISBURSED,
      });
      let date = addDays(DISBURSED, sc.startOffsetDays);
      let received = ZERO;
      let growth = ZERO;
      let previousAfter = amount;
      let slack = ZERO;
      for (const step of sc.steps) {
        const before = await balance(opening.proposalId, date, step.permite);
        if (before.isZero()) break;
        let discount = truncateCents(before.times(step.discountPermille).dividedBy(1000));
        if (before.minus(discount).lessThan(ONE_CENT)) discount = ZERO;
        const room = before.minus(discount);
        const payment = step.payAll ? room : min(room, max(ONE_CENT, truncateCents(room.times(step.permille).dividedBy(1000))));
        const item = { installmentNumber: 1, paymentDate: date, amount: payment, discount, allowDecapitalization: step.permite, description: null };
        await runDefined({ db: database.db, clock: clockAt(date), outbox: outboxWriter }, addInstallmentLaunches(deps), { schedule: { proposalId: opening.proposalId }, launches: [item] }, actor);
        const launch = await database.db.selectFrom('receivable_launches').selectAll().where('schedule_id', 'in', database.db.selectFrom('receivable_schedules').select('id').where('proposal_id', '=', opening.proposalId)).orderBy('seq', 'desc').limit(1).executeTakeFirstOrThrow();
        const after = await balance(opening.proposalId, date, step.permite);
        const schedule = await database.db.selectFrom('receivable_schedules').select('situacao').where('proposal_id', '=', opening.proposalId).executeTakeFirstOrThrow();
        assert.equal(schedule.situacao, ScheduleStatus.open, 'installment 2 is owed: not paid off');
        assert.equal(launch.vlr_parcela_atualizado, before.toFixed(2), 'the launch applies to the balance ConsultarParcelas shows');
        assert.ok(dec(launch.vlr_parcela_atualizado).equals(dec(launch.vlr_parcela).minus(launch.vlr_abatimento)));
        assert.ok(dec(launch.vlr_saldo_parcela).equals(dec(launch.vlr_parcela_atualizado).minus(launch.vlr_pagamento).minus(launch.vlr_desconto)));
        const gap = dec(launch.vlr_saldo_parcela).minus(after);
        const earlyPartial = step.permite && dec(launch.vlr_abatimento).greaterThan(0) && !after.isZero();
        assert.ok(gap.isZero() || (earlyPartial && gap.lessThanOrEqualTo(ONE_CENT) && gap.isPositive()), `vlrSaldoParcela ${launch.vlr_saldo_parcela} vs recalculated ${after.toFixed(2)}`);
        slack = slack.plus(gap);
        received = received.plus(launch.vlr_pagamento).plus(launch.vlr_desconto);
        growth = growth.plus(before.minus(previousAfter));
        previousAfter = after;
        date = addDays(date, step.gapDays);
      }
      const identity = received.plus(previousAfter).minus(amount.plus(growth));
      assert.ok(identity.abs().lessThanOrEqualTo(slack), `Σ received ${received} + balance ${previousAfter} ≠ ${amount} + growth ${growth} (slack ${slack})`);
    }),
    { seed: SEED, numRuns: RUNS },
  );
});

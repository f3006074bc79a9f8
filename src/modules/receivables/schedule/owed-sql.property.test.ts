// Property, against real PostgreSQL: launchedInstallments' `OWED` SQL (schedule-repository.ts) is a
// hand copy of isSettled's complement (charges-math/installment-state.ts). Random values, zero
// often, in the four columns it reads (principal, unpaid fine, unpaid late interest, unpaid contract
// interest; numeric(20,2) >= 0) on the only installment not settled: the SQL takes it as the first
// owed other exactly when !isSettled(stateOf(row)).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import fc from 'fast-check';
import { createTestDatabase, type TestDatabase } from '../../../../test/support/db.js';
import { isSettled } from './charges-math/index.js';
import { installmentsOf, launchedInstallments, monthlyRateOf, requireSchedule, stateOf, type ScheduleRow } from './schedule-repository.js';
import { insertPartner, openSampleSchedule } from '../../../../test/support/receivables-data.js';

const NOW = new Date('2026-11-23T15:00:00.000Z');
const ZEROS = { principal: '0.00', unpaid_fine: '0.00', unpaid_late_interest: '0.00', unpaid_contract_interest: '0.00' };

let database: TestDatabase;
let schedule: ScheduleRow;

before(async () => {
  database = await createTestDatabase();
  const partnerId = await insertPartner(database.db, NOW);
  const opening = await openSampleSchedule(database.db, partnerId, NOW);
  schedule = await requireSchedule(database.db, partnerId, { proposalId: opening.proposalId });
  await database.db.updateTable('receivable_installments').set(ZEROS).where('schedule_id', '=', schedule.id).execute();
});
after(() => database.drop());

/** numeric(20,2) >= 0 as text: zero, a cent, or any value up to the column's limit. */
const column = fc.oneof(fc.constant(0n), fc.constant(1n), fc.bigInt({ min: 0n, max: 10n ** 18n - 1n })).map((cents) => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`);

test('OWED (SQL) is !isSettled on the same four columns', async () => {
  await fc.assert(
    fc.asyncProperty(fc.record({ principal: column, unpaid_fine: column, unpaid_late_interest: column, unpaid_contract_interest: column }), async (values) => {
      await database.db.updateTable('receivable_installments').set(values).where('schedule_id', '=', schedule.id).where('number', '=', 2).execute();
      const row = (await installmentsOf(database.db, schedule)).find((r) => r.number === 2)!;
      const sqlOwed = (await launchedInstallments(database.db, schedule, [])).map((r) => r.number);
      assert.deepEqual(sqlOwed, isSettled(stateOf(row, monthlyRateOf(schedule))) ? [] : [2], JSON.stringify(values));
    }),
    { seed: 20_261_128, numRuns: 200, examples: [[ZEROS]] },
  );
});

// Issue 14: ConsultarParcelas selects only the named installments; the answer (rows, order,
// refusal) is identical to loading them all and picking in JavaScript. A launch selects the named
// installments and the first other still owed (its paid-off check).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createTestDatabase, type TestDatabase } from '../../../../test/support/db.js';
import { installmentsOf, launchedInstallments, monthlyRateOf, namedInstallments, pickInstallments, requireSchedule, stateOf, type InstallmentRow } from './schedule-repository.js';
import { isSettled } from './charges-math/index.js';
import { insertPartner, openSampleSchedule } from '../../../../test/support/receivables-data.js';

const NOW = new Date('2026-11-23T15:00:00.000Z');
let database: TestDatabase;
let partnerId: string;

before(async () => {
  database = await createTestDatabase();
  partnerId = await insertPartner(database.db, NOW);
});
after(() => database.drop());

async function outcome(run: () => Promise<unknown> | unknown): Promise<unknown> {
  try {
    return { rows: await run() };
  } catch (error) {
    return { error: error instanceof Error ? { name: error.name, message: error.message, details: JSON.stringify(error) } : error };
  }
}

test('namedInstallments answers exactly what pickInstallments(installmentsOf(…)) answered', async () => {
  const opening = await openSampleSchedule(database.db, partnerId, NOW);
  const schedule = await requireSchedule(database.db, partnerId, { proposalId: opening.proposalId });
  const all = await installmentsOf(database.db, schedule);
  const cases: Array<number[] | null | undefined> = [undefined, null, [], [2], [3, 1], [3, 1, 3], [1, 4], [5, 2], [0], [2, 2, 2]];
  for (const numbers of cases) {
    const before = await outcome(() => pickInstallments(all, numbers, 'dto.nroParcelas'));
    const after = await outcome(() => namedInstallments(database.db, schedule, numbers, 'dto.nroParcelas'));
    assert.deepEqual(after, before, JSON.stringify(numbers));
  }
  const other = await insertPartner(database.db, NOW);
  assert.deepEqual(await namedInstallments(database.db, { ...schedule, partner_id: other }, [1], 'f').catch((e: Error) => e.name), 'DomainError', "another partner's rows are never selected");
});

test('launchedInstallments: the named installments and the first other still owed, as installmentsOf would give them', async () => {
  const opening = await openSampleSchedule(database.db, partnerId, NOW);
  const schedule = await requireSchedule(database.db, partnerId, { proposalId: opening.proposalId });
  const owed = (row: InstallmentRow) => !isSettled(stateOf(row, monthlyRateOf(schedule)));
  const expected = (all: InstallmentRow[], numbers: number[]) => {
    const firstOwed = all.find((row) => !numbers.includes(row.number) && owed(row));
    return all.filter((row) => numbers.includes(row.number) || row === firstOwed);
  };
  const cases: number[][] = [[2], [3, 1], [3, 1, 3], [1, 4], [5, 2], [0], [], [1, 2, 3, 4]];
  // Each round settles one more installment (none, then 1, 3 and 2: all four columns set to zero): the first owed other moves on, then none is left.
  for (const settle of [0, 1, 3, 2]) {
    if (settle > 0) {
      await database.db.updateTable('receivable_installments').set({ principal: '0.00', unpaid_fine: '0.00', unpaid_late_interest: '0.00', unpaid_contract_interest: '0.00' }).where('schedule_id', '=', schedule.id).where('number', '=', settle).execute();
    }
    const all = await installmentsOf(database.db, schedule);
    for (const numbers of cases) assert.deepEqual(await launchedInstallments(database.db, schedule, numbers), expected(all, numbers), `${settle} ${JSON.stringify(numbers)}`);
  }
  // An installment owing a cent in any one of the four columns (the others zero) is still owed.
  const settled = { principal: '0.00', unpaid_fine: '0.00', unpaid_late_interest: '0.00', unpaid_contract_interest: '0.00' };
  for (const column of Object.keys(settled)) {
    await database.db.updateTable('receivable_installments').set({ ...settled, [column]: '0.01' }).where('schedule_id', '=', schedule.id).where('number', '=', 3).execute();
    const all = await installmentsOf(database.db, schedule);
    assert.ok(owed(all[2]!), column);
    assert.deepEqual((await launchedInstallments(database.db, schedule, [1])).map((row) => row.number), [1, 3], column);
  }
  const other = await insertPartner(database.db, NOW);
  assert.deepEqual(await launchedInstallments(database.db, { ...schedule, partner_id: other }, [1]), [], "another partner's rows are never selected");
});

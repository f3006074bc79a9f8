// Issue 14: ConsultarParcelas selects only the named installments; the answer (rows, order,
// refusal) is identical to loading them all and picking in JavaScript.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createTestDatabase, type TestDatabase } from '../../../../test/support/db.js';
import { installmentsOf, namedInstallments, pickInstallments, requireSchedule } from './schedule-repository.js';
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

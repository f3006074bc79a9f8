// A launch's installment number from a caller other than the HTTP schema (which admits integers
// only): a non-integer or a number beyond PostgreSQL's integer is refused as not found (AGD004, a
// 400), as when every installment was read, not a 5xx from the query's integer[] cast.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createTestDatabase, type TestDatabase } from '../../../../test/support/db.js';
import { fixedClock } from '../../../platform/clock.js';
import { DomainError } from '../../../platform/errors.js';
import { runDefined, type Actor } from '../../../platform/commands.js';
import { dec } from '../../../platform/money.js';
import { addInstallmentLaunches } from './add-installment-launches.js';
import type { ReceivablesDeps } from '../receivables-deps.js';
import { sandboxSettings } from '../settings.js';
import { insertPartner, openSampleSchedule } from '../../../../test/support/receivables-data.js';
import { outboxWriter } from '../../../bindings.js';

const NOW = new Date('2026-11-23T15:00:00.000Z');
const deps: ReceivablesDeps = { settings: sandboxSettings(), publicUrl: 'http://test', proposals: {} };
let database: TestDatabase;
let actor: Actor;

before(async () => {
  database = await createTestDatabase();
  actor = { kind: 'partner', id: await insertPartner(database.db, NOW) };
});
after(() => database.drop());

test('a non-integer installment number is not found (AGD004), before any query', async () => {
  const opening = await openSampleSchedule(database.db, actor.id, NOW);
  const item = (installmentNumber: number) => ({ installmentNumber, paymentDate: '2026-11-23', amount: dec('10.00'), discount: null, allowDecapitalization: null, description: null });
  for (const n of [1.5, 2 ** 31, -(2 ** 31) - 1, Number.POSITIVE_INFINITY]) {
    const refused = await runDefined({ db: database.db, clock: fixedClock(NOW.toISOString()), outbox: outboxWriter }, addInstallmentLaunches(deps), { schedule: { proposalId: opening.proposalId }, launches: [item(1), item(n)] }, actor).then(
      () => assert.fail(`${n} accepted`),
      (e: unknown) => e,
    );
    assert.ok(refused instanceof DomainError, `${n}: ${String(refused)}`);
    assert.equal(refused.kind, 'business', String(n));
    assert.deepEqual(refused.messages.map((m) => [m.code, m.field]), [['AGD004', 'dtoLancamentoParcelas[1].nroParcela']], String(n));
  }
  const launches = await database.db.selectFrom('receivable_launches').select('id').execute();
  assert.equal(launches.length, 0, 'nothing posted');
});

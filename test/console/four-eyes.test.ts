// Four-eyes confirmations (issue 16) against real PostgreSQL: a stored request runs only when
// another operator confirms it, once, under the stored key, with the confirming operator as actor
// and the confirmation marked in the same transaction; a double submit stores one request.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { runDefined, type CommandDefinition } from '../../src/platform/commands.js';
import { fixedClock } from '../../src/platform/clock.js';
import { closeConfirmation, confirmingDefinition, findConfirmation, listConfirmations, requestConfirmation } from '../../src/modules/operators/index.js';
import { createTestDatabase, type TestDatabase } from '../support/db.js';
import { createTestOperator, type TestOperator } from '../support/console.js';
import { closesConfirmation } from '../../src/console/pages/confirmacoes.js';

const clock = fixedClock('2026-11-27T12:00:00Z');
let database: TestDatabase;
let requester: TestOperator;
let checker: TestOperator;
let runs = 0;

const probe: CommandDefinition<{ label: string }, { label: string; run: number }> = {
  name: 'test.probe',
  summarize: (r) => `probe ${r.label}`,
  handler: async (input) => ({ label: input.label, run: ++runs }),
};

before(async () => {
  database = await createTestDatabase();
  requester = await createTestOperator(database.db, 'approver', { clock });
  checker = await createTestOperator(database.db, 'approver', { clock });
});
after(() => database?.drop());

const request = (key: string) => requestConfirmation(database.db, { kind: 'payees', command: probe.name, permission: 'payee.review', input: { label: key }, summary: `probe ${key}`, idempotencyKey: key, requestedBy: requester.id }, clock.now());

test('a double submit stores one pending request; the requester cannot confirm; another operator runs it once', async () => {
  const id = await request('k1');
  assert.equal(await request('k1'), id, 'same command and key → the same confirmation');
  const stored = (await findConfirmation(database.db, id))!;
  assert.equal(stored.status, 'pending');
  assert.equal(runs, 0, 'nothing ran yet');
  await assert.rejects(runDefined({ db: database.db, clock }, confirmingDefinition(probe, stored, requester.id), stored.input as { label: string }, { kind: 'operator', id: requester.email }), /não pode confirmá-la/);
  assert.equal(runs, 0);
  const outcome = await runDefined({ db: database.db, clock }, confirmingDefinition(probe, stored, checker.id), stored.input as { label: string }, { kind: 'operator', id: checker.email }, stored.idempotencyKey);
  assert.deepEqual(outcome.result, { label: 'k1', run: 1 });
  const after = (await findConfirmation(database.db, id))!;
  assert.equal(after.status, 'confirmed');
  assert.equal(after.decidedBy, checker.email);
  const audit = await database.db.selectFrom('command_audit').select(['actor_id', 'summary', 'idempotency_key']).where('command', '=', 'test.probe').execute();
  assert.deepEqual(audit, [{ actor_id: checker.email, summary: `probe k1 (four-eyes: requested by ${requester.email})`, idempotency_key: 'k1' }]);
  const again = await runDefined({ db: database.db, clock }, confirmingDefinition(probe, after, checker.id), after.input as { label: string }, { kind: 'operator', id: checker.email }, after.idempotencyKey);
  assert.equal(again.replayed, true, 'a second confirmation replays under the stored key');
  assert.equal(runs, 1, 'the command ran once');
});

test('rejecting: only someone else, only while pending; the list shows pending first', async () => {
  const id = await request('k2');
  assert.equal(await closeConfirmation(database.db, id, requester.id, 'rejected', 'self', clock.now()), false, 'the requester cannot reject');
  assert.equal(await closeConfirmation(database.db, id, checker.id, 'rejected', 'no', clock.now()), true);
  assert.equal(await closeConfirmation(database.db, id, checker.id, 'rejected', 'again', clock.now()), false);
  const pendingId = await request('k3');
  const list = await listConfirmations(database.db);
  assert.equal(list[0]!.id, pendingId);
  assert.deepEqual(list.map((c) => c.status).sort(), ['confirmed', 'pending', 'rejected']);
});

test('a refusal of the command closes a confirmation as failed; a conflict or an outage leaves it pending', () => {
  for (const kind of ['business', 'validation', 'not_found', 'forbidden'] as const) assert.equal(closesConfirmation(kind), true, kind);
  for (const kind of ['conflict', 'unavailable', 'rate_limited', 'idempotency_mismatch'] as const) assert.equal(closesConfirmation(kind), false, kind);
});

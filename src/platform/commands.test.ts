import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../test/support/db.js';
import { fixedClock } from './clock.js';
import { runCommand, type Actor, type CommandDeps, type OutboxEvent } from './commands.js';
import { DomainError } from './errors.js';

let database: TestDatabase;
let deps: CommandDeps;
const written: OutboxEvent[][] = [];
const operator: Actor = { kind: 'operator', id: 'ana' };

before(async () => {
  database = await createTestDatabase();
  await sql`create table runner_test_effects (id serial primary key, value text not null)`.execute(database.db);
  deps = { db: database.db, clock: fixedClock('2026-11-27T12:00:00.000Z'), outbox: async (_tx, events) => void written.push([...events]) };
});
after(() => database.drop());

const effects = async () => (await sql<{ value: string }>`select value from runner_test_effects order by id`.execute(database.db)).rows.map((r) => r.value);
const audits = async (key: string) => database.db.selectFrom('command_audit').selectAll().where('idempotency_key', '=', key).execute();

async function insertEffect(input: { value: string }, ctx: { tx: Parameters<Parameters<typeof runCommand>[2]>[1]['tx']; enqueue(e: OutboxEvent): void }) {
  await sql`insert into runner_test_effects (value) values (${input.value})`.execute(ctx.tx);
  ctx.enqueue({ kind: 'effect.added', payload: input });
  return { added: input.value, count: 1 };
}

test('a command runs once under a key: the replay returns the stored result and writes nothing', async () => {
  const request = { name: 'test.add', input: { value: 'a' }, actor: operator, idempotencyKey: 'k-1', summarize: (r: unknown) => `added ${(r as { added: string }).added}` };
  const first = await runCommand(deps, request, insertEffect);
  const again = await runCommand(deps, request, insertEffect);
  assert.deepEqual(first, { result: { added: 'a', count: 1 }, replayed: false });
  assert.deepEqual(again, { result: { added: 'a', count: 1 }, replayed: true });
  assert.deepEqual(await effects(), ['a']);
  const rows = await audits('k-1');
  assert.equal(rows.length, 1);
  assert.deepEqual([rows[0]!.command, rows[0]!.actor_kind, rows[0]!.actor_id, rows[0]!.summary], ['test.add', 'operator', 'ana', 'added a']);
  assert.equal(written.filter((batch) => batch[0]?.payload && (batch[0].payload as { value: string }).value === 'a').length, 1);
});

test('another input under the same key is a typed idempotency_mismatch, and runs nothing', async () => {
  await runCommand(deps, { name: 'test.add', input: { value: 'b' }, actor: operator, idempotencyKey: 'k-2' }, insertEffect);
  await assert.rejects(runCommand(deps, { name: 'test.add', input: { value: 'c' }, actor: operator, idempotencyKey: 'k-2' }, insertEffect), (e: unknown) => e instanceof DomainError && e.kind === 'idempotency_mismatch');
  assert.ok(!(await effects()).includes('c'));
});

test('a key held by a running command is a conflict (409)', async () => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let started!: () => void;
  const isRunning = new Promise<void>((resolve) => (started = resolve));
  const slow = runCommand(deps, { name: 'test.add', input: { value: 'slow' }, actor: operator, idempotencyKey: 'k-3' }, async (input, ctx) => {
    // A statement answered: the claim (sent ahead of it, pipelined-driver.ts) holds the key by now.
    await sql`select 1`.execute(ctx.tx);
    started();
    await held;
    return insertEffect(input, ctx);
  });
  await isRunning;
  await assert.rejects(runCommand(deps, { name: 'test.add', input: { value: 'slow' }, actor: operator, idempotencyKey: 'k-3' }, insertEffect), (e: unknown) => e instanceof DomainError && e.kind === 'conflict');
  release();
  assert.equal((await slow).replayed, false);
});

test('a business error leaves no effect, no audit; its replay is the same error', async () => {
  const refuse = async (input: { value: string }, ctx: Parameters<typeof insertEffect>[1]) => {
    await insertEffect(input, ctx);
    throw new DomainError('business', [{ code: 'X1', description: 'no' }]);
  };
  const request = { name: 'test.refuse', input: { value: 'refused' }, actor: operator, idempotencyKey: 'k-4' };
  for (let i = 0; i < 2; i += 1) await assert.rejects(runCommand(deps, request, refuse), (e: unknown) => e instanceof DomainError && e.kind === 'business' && e.messages[0]!.code === 'X1');
  assert.ok(!(await effects()).includes('refused'));
  assert.equal((await audits('k-4')).length, 0);
});

test('without a key the command runs every time, audited each time; locks are taken', async () => {
  const request = { name: 'test.add', input: { value: 'free' }, actor: { kind: 'system', id: 'job' } as Actor, locks: ['b', 'a', 'b'] };
  await runCommand(deps, request, insertEffect);
  await runCommand(deps, request, insertEffect);
  assert.equal((await effects()).filter((v) => v === 'free').length, 2);
  const rows = await database.db.selectFrom('command_audit').selectAll().where('actor_kind', '=', 'system').execute();
  assert.equal(rows.length, 2);
});

test("a record stored under an older result shape is refused (IDEM422), not replayed through this build's view", async () => {
  const request = { name: 'test.add', input: { value: 'shape' }, actor: operator, idempotencyKey: 'k-shape' };
  await runCommand(deps, request, insertEffect);
  assert.deepEqual((await runCommand(deps, { ...request, resultVersion: 1 }, insertEffect)).replayed, true, 'version 1 is the default: the same record');
  await assert.rejects(runCommand(deps, { ...request, resultVersion: 2 }, insertEffect), (e: unknown) => e instanceof DomainError && e.kind === 'idempotency_mismatch');
  assert.deepEqual((await effects()).filter((v) => v === 'shape'), ['shape']);
});

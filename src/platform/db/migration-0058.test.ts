// Migration 0058: the foreign keys whose referencing row takes its key from the row inserted by the
// same statement are gone (a referential check per row, issue 14); the referenced row's removal
// keeps its guarantee through a row trigger raising the foreign key's SQLSTATE (23503).
// test/architecture/same-statement-keys.test.ts pins the other half: the only writers.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../../test/support/db.js';

let database: TestDatabase;
before(async () => {
  database = await createTestDatabase();
});
after(() => database.drop());

const t0 = new Date('2026-11-23T15:00:00.000Z');

async function sqlstate(run: Promise<unknown>): Promise<string | undefined> {
  try {
    await run;
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code;
  }
}

test('0058: a job referenced by a callback event cannot be deleted or re-keyed (23503); its other columns change freely; once the event is gone the job goes', async () => {
  const db = database.db;
  const partner = randomUUID();
  await sql`insert into partners (id, client_id, name, created_at, updated_at) values (${partner}, ${`c-${partner}`}, 'P', ${t0}, ${t0})`.execute(db);
  const event = randomUUID();
  const { rows } = await sql<{ job_id: string }>`
    with job as (insert into jobs (kind, payload, run_at, max_attempts, created_at, ordering_key) values ('callback.deliver', '{}', ${t0}, 3, ${t0}, 'k') returning id)
    insert into callback_events (id, partner_id, event_type, ordering_key, body, created_at, job_id) select ${event}, ${partner}, 1, 'k', '{}', ${t0}, id from job returning job_id`.execute(db);
  const job = rows[0]!.job_id;
  assert.equal(await sqlstate(sql`delete from jobs where id = ${job}`.execute(db)), '23503');
  assert.equal(await sqlstate(sql`update jobs set id = id + 1000000 where id = ${job}`.execute(db)), '23503');
  assert.equal(await sqlstate(sql`update jobs set status = 'done', attempts = 1 where id = ${job}`.execute(db)), undefined);
  assert.equal(await sqlstate(sql`update jobs set id = id where id = ${job}`.execute(db)), undefined, 'the same id is no re-keying');
  await sql`delete from callback_events where id = ${event}`.execute(db);
  assert.equal(await sqlstate(sql`delete from jobs where id = ${job}`.execute(db)), undefined);
});

test('0058: the keys are unchecked on insert, the referenced tables guarded by the trigger instead', async () => {
  const { rows: keys } = await sql<{ conname: string }>`
    select conname from pg_constraint where contype = 'f' and conrelid in ('callback_events'::regclass, 'receivable_boleto_installments'::regclass, 'receivable_charge_installments'::regclass) order by conname`.execute(database.db);
  assert.deepEqual(
    keys.map((k) => k.conname),
    ['callback_events_partner_id_fkey', 'receivable_boleto_installments_installment_id_fkey', 'receivable_charge_installments_installment_id_fkey'],
  );
  const { rows: guards } = await sql<{ tbl: string; args: string }>`
    select tgrelid::regclass::text as tbl, encode(tgargs, 'escape') as args from pg_trigger
    where tgfoid = 'refuse_unlinking_referenced'::regproc order by 1`.execute(database.db);
  assert.deepEqual(guards, [
    { tbl: 'jobs', args: 'callback_events\\000job_id\\000' },
    { tbl: 'receivable_boletos', args: 'receivable_boleto_installments\\000boleto_id\\000' },
    { tbl: 'receivable_charges', args: 'receivable_charge_installments\\000charge_id\\000' },
  ]);
});

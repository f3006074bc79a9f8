// Migration 0062: what 0058's dropped foreign keys still did that its row triggers did not
// (TRUNCATE, a changed referencing key), its functions' search_path pinned, its locks bounded; and
// the catalog facts "no row, no links" rests on (row-with-links.ts: a link's key is the row's id
// parameter, so nothing may skip the row's insert while its links go in).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '../../../test/support/db.js';

let database: TestDatabase;
let client: pg.Client;
before(async () => {
  database = await createTestDatabase();
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
});
after(async () => {
  await client.end();
  await database.drop();
});

const t0 = '2026-11-23T15:00:00.000Z';

interface Refusal {
  code?: string;
  message?: string;
  detail?: string;
  hint?: string;
}

/** Runs `text` inside the open transaction behind a savepoint: undefined, or the error's fields. */
async function attempt(text: string, values: unknown[] = []): Promise<Refusal | undefined> {
  await client.query('savepoint attempt');
  try {
    await client.query(text, values);
    await client.query('release savepoint attempt');
    return undefined;
  } catch (error) {
    await client.query('rollback to savepoint attempt');
    const { code, message, detail, hint } = error as Refusal;
    return { code, message, detail, hint };
  }
}

/** `body` inside a transaction rolled back afterwards: each test leaves the database as it found it. */
async function rolledBack(body: () => Promise<void>): Promise<void> {
  await client.query('begin');
  try {
    await body();
  } finally {
    await client.query('rollback');
  }
}

/** A job and its callback event, as the outbox statement writes them; the job's id. */
async function jobWithEvent(): Promise<string> {
  const partner = randomUUID();
  await client.query(`insert into partners (id, client_id, name, created_at, updated_at) values ($1, $2, 'P', $3, $3)`, [partner, `c-${partner}`, t0]);
  const { rows } = await client.query<{ job_id: string }>(
    `with job as (insert into jobs (kind, payload, run_at, max_attempts, created_at, ordering_key) values ('callback.deliver', '{}', $2, 3, $2, 'k') returning id)
     insert into callback_events (id, partner_id, event_type, ordering_key, body, created_at, job_id) select $1, $3, 1, 'k', '{}', $2, id from job returning job_id`,
    [randomUUID(), t0, partner],
  );
  return rows[0]!.job_id;
}

/**
 * A link row alone, committed (no boleto, charge nor installment: replica mode skips the other
 * foreign keys; committed, so an update of its other columns does not re-check them), `body` run,
 * then the row deleted.
 */
async function withLinkAlone(table: 'receivable_boleto_installments' | 'receivable_charge_installments', key: 'boleto_id' | 'charge_id', body: () => Promise<void>): Promise<void> {
  const id = randomUUID();
  await client.query('begin');
  await client.query('set local session_replication_role = replica');
  await client.query(`insert into ${table} (${key}, installment_id, installment_number, live) values ($1, $2, 1, true)`, [id, randomUUID()]);
  await client.query('commit');
  try {
    await rolledBack(body);
  } finally {
    await client.query(`delete from ${table} where ${key} = $1`, [id]);
  }
}

test('0062: TRUNCATE of a table whose rows are referenced is refused (0A000, as the foreign key did) unless the referencing table is truncated by the same statement or empty', async () => {
  await rolledBack(async () => {
    await jobWithEvent();
    assert.deepEqual(await attempt('truncate jobs'), {
      code: '0A000',
      message: 'cannot truncate a table referenced by rows of another table',
      detail: 'Table "callback_events" references "jobs" (job_id).',
      hint: 'Truncate table "callback_events" at the same time.',
    });
    assert.equal((await attempt('truncate jobs cascade'))?.code, '0A000', 'no foreign key for CASCADE to follow: refused the same way');
    assert.equal(await attempt('truncate jobs, callback_events cascade'), undefined, 'both together, as with the foreign key (cascade: the payees referencing the events)');
    assert.equal(await attempt('truncate jobs'), undefined, 'no event left: nothing references a job');
  });
  for (const [parent, links, key] of [
    ['receivable_boletos', 'receivable_boleto_installments', 'boleto_id'],
    ['receivable_charges', 'receivable_charge_installments', 'charge_id'],
  ] as const) {
    await withLinkAlone(links, key, async () => {
      const refusal = await attempt(`truncate ${parent} cascade`);
      assert.deepEqual(refusal, { code: '0A000', message: 'cannot truncate a table referenced by rows of another table', detail: `Table "${links}" references "${parent}" (${key}).`, hint: `Truncate table "${links}" at the same time.` }, parent);
      assert.equal(await attempt(`truncate ${parent}, ${links} cascade`), undefined, parent);
    });
  }
});

test("0062: a referencing row's key cannot change (23503); its other columns, and the same key, can", async () => {
  await rolledBack(async () => {
    const job = await jobWithEvent();
    assert.deepEqual(await attempt('update callback_events set job_id = job_id + 1000000 where job_id = $1', [job]), { code: '23503', message: 'update on table "callback_events" changes job_id, a key no foreign key checks (migration 0058)', detail: undefined, hint: undefined });
    assert.equal((await attempt('update callback_events set job_id = null where job_id = $1', [job]))?.code, '23503');
    await client.query("set local track_functions = 'pl'");
    assert.equal(await attempt('update callback_events set redelivered_at = $2 where job_id = $1', [job, t0]), undefined);
    assert.equal(await attempt('update callback_events set job_id = job_id, redelivered_at = $2 where job_id = $1', [job, t0]), undefined);
    const { rows: calls } = await client.query(`select calls from pg_stat_xact_user_functions where funcname = 'refuse_rekeying_unchecked'`);
    assert.deepEqual(calls, [], 'no call at all when the key is not named or not changed (UPDATE OF, WHEN)');
  });
  for (const [links, key] of [
    ['receivable_boleto_installments', 'boleto_id'],
    ['receivable_charge_installments', 'charge_id'],
  ] as const) {
    await withLinkAlone(links, key, async () => {
      assert.deepEqual(await attempt(`update ${links} set ${key} = $1`, [randomUUID()]), { code: '23503', message: `update on table "${links}" changes ${key}, a key no foreign key checks (migration 0058)`, detail: undefined, hint: undefined }, links);
      assert.equal(await attempt(`update ${links} set live = false, ${key} = ${key}`), undefined, links);
    });
  }
});

test("0062: the guards' functions run with search_path pinned to caas' schema, whatever the session's", async () => {
  const { rows } = await client.query<{ proname: string; proconfig: string[] }>(
    `select proname, proconfig from pg_proc where proname in ('refuse_unlinking_referenced', 'refuse_truncating_referenced', 'refuse_rekeying_unchecked') order by proname`,
  );
  const schema = (await client.query<{ s: string }>('select current_schema() as s')).rows[0]!.s;
  assert.deepEqual(rows, ['refuse_rekeying_unchecked', 'refuse_truncating_referenced', 'refuse_unlinking_referenced'].map((proname) => ({ proname, proconfig: [`search_path=${schema}, pg_temp`] })));
  await rolledBack(async () => {
    const job = await jobWithEvent();
    await client.query('set local search_path = pg_catalog');
    assert.equal((await attempt(`delete from ${schema}.jobs where id = $1`, [job]))?.code, '23503', 'the trigger still finds callback_events');
  });
});

test('0062: the migration waits at most lock_timeout, and locks its six tables in one statement in the writes\' order', () => {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations', '0062-same-statement-keys-guarded.sql');
  const statements = fs.readFileSync(file, 'utf8').replace(/--[^\n]*\n/g, '').trim().split(/;\s*/);
  assert.equal(statements[0], "set local lock_timeout = '5s'");
  assert.equal(
    statements[1]!.replace(/\s+/g, ' '),
    'lock table receivable_boletos, receivable_boleto_installments, receivable_charges, receivable_charge_installments, jobs, callback_events in access exclusive mode',
  );
});

test('no row, no links: nothing can skip the insert of a boleto or a charge (no BEFORE INSERT trigger, no rule)', async () => {
  const { rows: triggers } = await client.query<{ tgname: string }>(
    `select tgname from pg_trigger where tgrelid in ('receivable_boletos'::regclass, 'receivable_charges'::regclass) and tgtype & 2 = 2 and tgtype & 4 = 4`,
  );
  assert.deepEqual(triggers, [], 'a BEFORE INSERT trigger returning null would drop the row and keep its links');
  const { rows: rules } = await client.query<{ rulename: string }>(`select rulename from pg_rules where tablename in ('receivable_boletos', 'receivable_charges')`);
  assert.deepEqual(rules, [], 'a rule could rewrite the insert away');
});

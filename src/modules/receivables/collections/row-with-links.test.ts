import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../../../test/support/db.js';
import type { Executor } from '../../../platform/db/pool.js';
import { insertRowWithLinks, rowWithLinksStatement } from './row-with-links.js';

const statement = rowWithLinksStatement<{ id: string; schedule_id: string; amount: string }, { row_id: string; n: number }>('t', ['id', 'schedule_id', 'amount'], 'links', [['row_id', 'uuid'], ['n', 'integer']], [], ['amount']);

test("rowWithLinksStatement: one fixed text whatever the number of links (issue 14); the row listed for the read model before its links (0057); the links' key is the row's id parameter (0058)", () => {
  const scopes = "coalesce(current_setting('caas.answer_scopes', true), '')";
  assert.equal(
    statement.text.replace(/\s+/g, ' '),
    'with "row" as (insert into "t" ("id", "schedule_id", "amount") values ($1, $2, $3) returning "id"), "links" as (insert into "links" ("row_id", "n") select $1::uuid, "link"."n" from unnest($4::integer[]) "link"("n"), ' +
      `(select case when strpos(${scopes}, $2::uuid::text) > 0 and length(${scopes}) < 2400 then set_config('caas.answer_scopes', ${scopes} || $1::uuid::text || ' ', true) end) "listed") select "id" from "row"`,
  );
  assert.throws(() => rowWithLinksStatement('t', ['id'], 'links', []), /no schedule_id/);
  assert.throws(() => rowWithLinksStatement('t', ['id', 'schedule_id'], 'links', []), /no key column/);
  assert.throws(() => rowWithLinksStatement('t', ['id', 'schedule_id'], 'links', [['row_id', 'uuid']]), /assertion: the links carry no column but their key/);
});

test("insertRowWithLinks binds the row by column and each link column but the key as an array; refuses a row with other columns, a link keyed to another row", async () => {
  const sent: unknown[][] = [];
  const db = { executeQuery: async (query: { sql: string; parameters: unknown[] }) => (sent.push([query.sql, query.parameters]), { rows: [{ id: 'a' }] }) } as unknown as Executor;
  assert.deepEqual(await insertRowWithLinks(db, statement, { amount: '1.00', id: 'a', schedule_id: 's' }, [{ row_id: 'a', n: 1 }, { row_id: 'a', n: 2 }]), { amount: '1.00', id: 'a', schedule_id: 's' });
  assert.deepEqual(sent, [[statement.text, ['a', 's', '1.00', [1, 2]]]]);
  await assert.rejects(insertRowWithLinks(db, statement, { id: 'a' } as never, []), /assertion/);
  await assert.rejects(insertRowWithLinks(db, statement, { id: 'a', schedule_id: 's', other: 'x' } as never, []), /assertion/);
  await assert.rejects(insertRowWithLinks(db, statement, { amount: '1.00', id: 'a', schedule_id: 's' }, [{ row_id: 'a', n: 1 }, { row_id: 'b', n: 2 }]), /row_id is not the row's id/);
  for (const amount of ['1', '1.0', '1.000', '+1.00', ' 1.00', '1,00', 1 as never]) await assert.rejects(insertRowWithLinks(db, statement, { amount, id: 'a', schedule_id: 's' }, []), /assertion: the row's amount is not 2-place money text/);
  assert.throws(() => rowWithLinksStatement('t', ['id', 'schedule_id'], 'links', [['row_id', 'uuid'], ['n', 'integer']], [], ['amount' as never]), /the row has no amount/);
  assert.equal(sent.length, 1);
});

let database: TestDatabase;
before(async () => {
  database = await createTestDatabase();
  await sql`create table listed_rows (id uuid primary key, schedule_id uuid not null, amount text not null)`.execute(database.db);
  await sql`create table listed_links (row_id uuid not null references listed_rows (id), n integer not null)`.execute(database.db);
});
after(async () => {
  await database.drop();
});

const listedStatement = rowWithLinksStatement<{ id: string; schedule_id: string; amount: string }, { row_id: string; n: number }>('listed_rows', ['id', 'schedule_id', 'amount'], 'listed_links', [['row_id', 'uuid'], ['n', 'integer']]);
const scopesIn = async (tx: Executor) => (await sql<{ s: string | null }>`select current_setting('caas.answer_scopes', true) as s`.execute(tx)).rows[0]!.s ?? '';
const occurrences = (text: string, part: string) => text.split(part).length - 1;

test('against PostgreSQL: a row of a listed schedule is listed once, whatever its number of links; a row of an unlisted schedule is not listed (0057)', async () => {
  const [listedSchedule, otherSchedule, row, otherRow] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  const links = (id: string) => Array.from({ length: 12 }, (_, n) => ({ row_id: id, n }));
  await database.db.transaction().execute(async (tx) => {
    await sql`select set_config('caas.answer_scopes', ${listedSchedule + ' '}, true)`.execute(tx);
    await insertRowWithLinks(tx, listedStatement, { id: row, schedule_id: listedSchedule, amount: '1.00' }, links(row));
    await insertRowWithLinks(tx, listedStatement, { id: otherRow, schedule_id: otherSchedule, amount: '1.00' }, links(otherRow));
    const scopes = await scopesIn(tx);
    assert.equal(occurrences(scopes, row), 1, `listed once: ${scopes}`);
    assert.equal(occurrences(scopes, otherRow), 0, 'a row of an unlisted schedule: its triggers bump as before');
  });
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from listed_links`.execute(database.db);
  assert.equal(rows[0]!.n, 24, 'every link inserted');
  const keyed = await sql<{ row_id: string; n: number }>`select row_id, count(*)::int as n from listed_links group by row_id order by row_id`.execute(database.db);
  assert.deepEqual(keyed.rows, [row, otherRow].sort().map((id) => ({ row_id: id, n: 12 })), "each link keyed to its own row's id (0058)");
});

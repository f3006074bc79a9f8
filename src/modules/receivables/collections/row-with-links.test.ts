import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Executor } from '../../../platform/db/pool.js';
import { insertRowWithLinks, rowWithLinksStatement } from './row-with-links.js';

const statement = rowWithLinksStatement<{ id: string; schedule_id: string; amount: string }, { row_id: string; n: number }>('t', ['id', 'schedule_id', 'amount'], 'links', [['row_id', 'uuid'], ['n', 'integer']]);

test('rowWithLinksStatement: one fixed text whatever the number of links (issue 14); the row listed for the read model before its links (0057)', () => {
  const scopes = "coalesce(current_setting('caas.answer_scopes', true), '')";
  assert.equal(
    statement.text.replace(/\s+/g, ' '),
    'with "row" as (insert into "t" ("id", "schedule_id", "amount") values ($1, $2, $3) returning *), "links" as (insert into "links" ("row_id", "n") select "link".* from unnest($4::uuid[], $5::integer[]) "link", ' +
      `(select case when strpos(${scopes}, $2::uuid::text) > 0 and length(${scopes}) < 2400 then set_config('caas.answer_scopes', ${scopes} || $1::uuid::text || ' ', true) end) "listed") select * from "row"`,
  );
  assert.throws(() => rowWithLinksStatement('t', ['id'], 'links', []), /no schedule_id/);
});

test('insertRowWithLinks binds the row by column and each link column as an array; refuses a row with other columns', async () => {
  const sent: unknown[][] = [];
  const db = { executeQuery: async (query: { sql: string; parameters: unknown[] }) => (sent.push([query.sql, query.parameters]), { rows: [{ id: 'a' }] }) } as unknown as Executor;
  assert.deepEqual(await insertRowWithLinks(db, statement, { amount: '1.00', id: 'a', schedule_id: 's' }, [{ row_id: 'a', n: 1 }, { row_id: 'a', n: 2 }]), { id: 'a' });
  assert.deepEqual(sent, [[statement.text, ['a', 's', '1.00', ['a', 'a'], [1, 2]]]]);
  await assert.rejects(insertRowWithLinks(db, statement, { id: 'a' } as never, []), /assertion/);
  await assert.rejects(insertRowWithLinks(db, statement, { id: 'a', schedule_id: 's', other: 'x' } as never, []), /assertion/);
  assert.equal(sent.length, 1);
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Executor } from '../../../platform/db/pool.js';
import { insertRowWithLinks, rowWithLinksStatement } from './row-with-links.js';

const statement = rowWithLinksStatement<{ id: string; amount: string }, { row_id: string; n: number }>('t', ['id', 'amount'], 'links', [['row_id', 'uuid'], ['n', 'integer']]);

test('rowWithLinksStatement: one fixed text whatever the number of links (issue 14)', () => {
  assert.equal(statement.text, 'with "row" as (insert into "t" ("id", "amount") values ($1, $2) returning *), "links" as (insert into "links" ("row_id", "n") select * from unnest($3::uuid[], $4::integer[])) select * from "row"');
});

test('insertRowWithLinks binds the row by column and each link column as an array; refuses a row with other columns', async () => {
  const sent: unknown[][] = [];
  const db = { executeQuery: async (query: { sql: string; parameters: unknown[] }) => (sent.push([query.sql, query.parameters]), { rows: [{ id: 'a' }] }) } as unknown as Executor;
  assert.deepEqual(await insertRowWithLinks(db, statement, { amount: '1.00', id: 'a' }, [{ row_id: 'a', n: 1 }, { row_id: 'a', n: 2 }]), { id: 'a' });
  assert.deepEqual(sent, [[statement.text, ['a', '1.00', ['a', 'a'], [1, 2]]]]);
  await assert.rejects(insertRowWithLinks(db, statement, { id: 'a' } as never, []), /assertion/);
  await assert.rejects(insertRowWithLinks(db, statement, { id: 'a', other: 'x' } as never, []), /assertion/);
  assert.equal(sent.length, 1);
});

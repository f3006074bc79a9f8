import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { arraysOf, assertColumnsExactly, insertFromArrays, ShapedStatements, unnestArrays } from './fixed-text.js';

test('unnestArrays: one typed array parameter per column, numbered from `first`', () => {
  assert.equal(unnestArrays([['id', 'uuid'], ['amount', 'numeric']], 3), 'unnest($3::uuid[], $4::numeric[])');
});

test('insertFromArrays and arraysOf: rows from one typed array per column, in the columns\' order', () => {
  const columns = [['id', 'uuid'], ['amount', 'numeric']] as const;
  assert.equal(insertFromArrays('links', columns, 2), 'insert into "links" ("id", "amount") select * from unnest($2::uuid[], $3::numeric[])');
  assert.deepEqual(arraysOf([{ amount: '1.00', id: 'a' }, { id: 'b', amount: null }], columns), [['a', 'b'], ['1.00', null]]);
});

test('assertColumnsExactly: a row with a column more, or one missing, stops the statement', () => {
  assertColumnsExactly({ id: 1, amount: 2 }, ['id', 'amount'], 'the row');
  assert.throws(() => assertColumnsExactly({ id: 1, amount: 2, extra: 3 }, ['id', 'amount'], 'the row'), /assertion: the row has 3 columns, the statement 2/);
  assert.throws(() => assertColumnsExactly({ id: 1, other: 2 }, ['id', 'amount'], 'the row'), /assertion: the row/);
});

test('ShapedStatements: the text kysely built once per shape, each call\'s values bound where kysely bound them, its constants kept (issue 14)', async () => {
  const db = new Kysely<{ t: { id: string; partner_id: string; status: string; at: Date; n: number } }>({ dialect: new PostgresDialect({ pool: new pg.Pool() }) });
  // Two uses of one value, a constant between them, a list whose length is part of the shape.
  const build = (values: readonly unknown[]) => {
    const [partner, at, ...ids] = values as [string, Date, ...string[]];
    return db.updateTable('t').set({ status: 'done', at }).where('partner_id', '=', partner).where('id', 'in', ids).where('status', '=', 'open').returning('id').where('n', '<', 7).where('partner_id', '=', partner);
  };
  const shaped = new ShapedStatements();
  let builds = 0;
  const counted = (values: readonly unknown[]) => ((builds += 1), build(values));
  for (const values of [['p1', new Date(1), 'a', 'b'], ['p2', new Date(2), 'c', 'd'], ['p3', new Date(3), 'e'], ['p4', new Date(4), 'f', 'g']]) {
    const query = shaped.statement(`ids:${values.length - 2}`, values, counted);
    const direct = build(values).compile();
    assert.equal(query.sql, direct.sql);
    assert.deepEqual(query.parameters, direct.parameters);
  }
  assert.equal(builds, 2, 'one build per shape');
  assert.throws(() => shaped.statement('unbound', ['p', 'x'], ([partner]) => db.selectFrom('t').select('id').where('partner_id', '=', partner as string)), /does not bind every value/);
  await db.destroy();
});

test('ShapedStatements: a call\'s values are checked against the shape: their count, no undefined, no kysely expression', async () => {
  const db = new Kysely<{ t: { id: string; partner_id: string } }>({ dialect: new PostgresDialect({ pool: new pg.Pool() }) });
  const shaped = new ShapedStatements();
  const build = ([partner, id]: readonly unknown[]) => db.selectFrom('t').select('id').where('partner_id', '=', partner as string).where('id', '=', id as string);
  shaped.statement('two', ['p', 'a'], build);
  assert.throws(() => shaped.statement('two', ['p', 'a', 'b'], build), /assertion: the statement of shape two binds 2 values, given 3/);
  assert.throws(() => shaped.statement('two', ['p'], build), /binds 2 values, given 1/);
  assert.throws(() => shaped.statement('two', ['p', undefined], build), /assertion: value 1 of shape two is undefined/);
  assert.throws(() => shaped.statement('fresh', [undefined, 'a'], build), /value 0 of shape fresh is undefined/);
  assert.throws(() => shaped.statement('two', ['p', sql<string>`'a'`], build), /assertion: value 1 of shape two is a kysely expression/);
  assert.throws(() => shaped.statement('two', [(eb: unknown) => eb, 'a'], build), /assertion: value 0 of shape two is a kysely expression/);
  await db.destroy();
});

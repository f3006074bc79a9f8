import assert from 'node:assert/strict';
import { test } from 'node:test';
import { arraysOf, assertColumnsExactly, insertFromArrays, unnestArrays } from './fixed-text.js';

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

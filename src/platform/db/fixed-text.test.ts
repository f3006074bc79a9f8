import assert from 'node:assert/strict';
import { test } from 'node:test';
import { unnestArrays } from './fixed-text.js';

test('unnestArrays: one typed array parameter per column, numbered from `first`', () => {
  assert.equal(unnestArrays([['id', 'uuid'], ['amount', 'numeric']], 3), 'unnest($3::uuid[], $4::numeric[])');
});

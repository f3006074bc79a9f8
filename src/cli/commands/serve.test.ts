// `caas serve` bounds the heap's growth between full collections unless node's command line does (issue 14).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SERVE_HEAP_GROWTH_PERCENT_MAX } from '../limits.js';
import { heapGrowthFlag } from './serve.js';

test('serve sets V8 heap growth to the named limit, unless the operator set it on node\'s command line', () => {
  assert.equal(heapGrowthFlag([]), `--heap-growing-percent=${SERVE_HEAP_GROWTH_PERCENT_MAX}`);
  assert.equal(heapGrowthFlag(['--enable-source-maps']), `--heap-growing-percent=${SERVE_HEAP_GROWTH_PERCENT_MAX}`);
  assert.equal(heapGrowthFlag(['--heap-growing-percent=100']), null);
  assert.equal(heapGrowthFlag(['--heap_growing_percent=20']), null);
});

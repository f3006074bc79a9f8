import assert from 'node:assert/strict';
import { test } from 'node:test';
import { dec } from '../../platform/money.js';
import { annualRatePercent } from './proposal-client-view.js';

test('percJurosAnual: the monthly rate compounded over twelve months, two decimals', () => {
  assert.equal(annualRatePercent(dec(2)).toFixed(), '26.82');
  assert.equal(annualRatePercent(dec(1)).toFixed(), '12.68');
  assert.equal(annualRatePercent(dec('1.99')).toFixed(), '26.68');
  assert.equal(annualRatePercent(dec(0)).toFixed(), '0');
});

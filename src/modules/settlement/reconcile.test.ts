import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { LocalDate } from '../../platform/dates.js';
import { inertCell, reconciliationCsv, type Reconciliation } from './reconcile.js';

test('text from a bank or provider never becomes a spreadsheet formula in the reconciliation CSV', () => {
  for (const risky of ['=1+1', '+55 11', '-2', '@SUM(A1)', '\tx', '\rx']) assert.equal(inertCell(risky), `'${risky}`);
  for (const plain of ['00012345', 'referência desconhecida', "'already", '']) assert.equal(inertCell(plain), plain);
  const r: Reconciliation = {
    date: '2024-02-20' as LocalDate,
    channels: [],
    unmatched: [{ channel: 'boleto', actor: 'bank:001', reference: '=HYPERLINK("http://x","y")', amount: '50.00', paidOn: '2024-02-20', reason: '@cmd' }],
    pendingPix: [{ endToEndId: 'E'.repeat(32), txid: null, amount: '10.00', paidAt: '2024-02-20T10:00:00-03:00', attempts: 1, lastError: '+GET /pix: 503' }],
  };
  assert.deepEqual(reconciliationCsv(r).slice(1), ['2024-02-20,boleto,unmatchedReceipt,1,50.00,"\'=HYPERLINK(""http://x"",""y"")",bank:001,\'@cmd', `2024-02-20,pix,pendingPix,1,10.00,${'E'.repeat(32)},,'+GET /pix: 503`]);
});

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { localDate } from '../../platform/dates.js';
import { dec } from '../../platform/money.js';
import { ALL_STATUSES, ProposalStatus } from './proposal-lifecycle.js';
import { cancellationRefusal, customerDocumentRefusal, lastCancellationDay, refundAmountOf } from './cancellation-rules.js';

const D = localDate;
const codeOf = (r: { code: string } | null) => r?.code ?? null;

describe('cancellationRefusal', () => {
  test('a disbursed proposal: from the disbursement day to 7 calendar days after it', () => {
    const on = D('2026-11-16');
    assert.equal(codeOf(cancellationRefusal(ProposalStatus.disbursed, on, D('2026-11-16'))), null);
    assert.equal(codeOf(cancellationRefusal(ProposalStatus.disbursed, on, D('2026-11-23'))), null);
    assert.equal(codeOf(cancellationRefusal(ProposalStatus.disbursed, on, D('2026-11-24'))), '28');
    assert.match(cancellationRefusal(ProposalStatus.disbursed, on, D('2026-11-24'))!.description, /terminou em 2026-11-23/);
    assert.equal(codeOf(cancellationRefusal(ProposalStatus.disbursed, on, D('2026-11-15'))), '10');
    assert.equal(lastCancellationDay(D('2026-12-28')), '2027-01-04');
  });

  test('every status: only liberada may be cancelled; each refusal has its code', () => {
    const expected: Record<number, string | null> = { 1: '28', 2: '28', 3: '28', 4: '13', 5: null, 6: '28', 7: '27', 8: '28', 10: '28' };
    for (const s of ALL_STATUSES) assert.equal(codeOf(cancellationRefusal(s, D('2026-11-20'), D('2026-11-23'))), expected[s], String(s));
  });

  test('a disbursed proposal without a date is a programmer error', () => {
    assert.throws(() => cancellationRefusal(ProposalStatus.disbursed, null, D('2026-11-23')), /assertion/);
  });
});

describe('customerDocumentRefusal', () => {
  test('absent or blank: nothing to check; invalid or another customer: 4', () => {
    assert.equal(customerDocumentRefusal(undefined, '12345678909'), null);
    assert.equal(customerDocumentRefusal('  ', '12345678909'), null);
    assert.equal(customerDocumentRefusal('123.456.789-09', '12345678909'), null);
    assert.deepEqual([customerDocumentRefusal('12345678900', '12345678909')?.code, customerDocumentRefusal('12345678900', null)?.field], ['4', 'documentoCliente']);
    assert.match(customerDocumentRefusal('52998224725', '12345678909')!.description, /não é o do cliente/);
  });
});

describe('refundAmountOf', () => {
  test('released less paid, never negative', () => {
    assert.equal(refundAmountOf(dec('10000'), dec('0')).toFixed(2), '10000.00');
    assert.equal(refundAmountOf(dec('10000'), dec('965.49')).toFixed(2), '9034.51');
    assert.equal(refundAmountOf(dec('500'), dec('965.49')).toFixed(2), '0.00');
  });
});

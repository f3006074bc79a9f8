import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checkRejectionReason, checkReviewer, nextPayeeStatus, parsePayeeStatus, PayeeStatus } from './payee-status.js';
import { pixKeyCandidates } from '../banking/index.js';
import { REJECTION_REASON_LENGTH_MAX, REVIEWER_LENGTH_MAX } from './limits.js';

describe('review transitions', () => {
  it('approves only a pending payee', () => {
    assert.deepEqual(nextPayeeStatus(PayeeStatus.pending, 'approve'), { ok: true, status: PayeeStatus.approved });
    const twice = nextPayeeStatus(PayeeStatus.approved, 'approve');
    assert.equal(twice.ok ? null : twice.code, 'FAV022');
    const afterRejection = nextPayeeStatus(PayeeStatus.rejected, 'approve');
    assert.equal(afterRejection.ok ? null : afterRejection.code, 'FAV023');
  });
  it('rejects a pending or an approved payee, never twice', () => {
    assert.deepEqual(nextPayeeStatus(PayeeStatus.pending, 'reject'), { ok: true, status: PayeeStatus.rejected });
    assert.deepEqual(nextPayeeStatus(PayeeStatus.approved, 'reject'), { ok: true, status: PayeeStatus.rejected });
    const twice = nextPayeeStatus(PayeeStatus.rejected, 'reject');
    assert.equal(twice.ok ? null : twice.code, 'FAV024');
  });
});

describe('CLI status names', () => {
  it('accepts codes and names, refuses anything else', () => {
    assert.deepEqual(['0', '1', '2', 'pendente', 'APROVADO', 'reprovado', 'rejeitado', ' 2 '].map(parsePayeeStatus), [0, 1, 2, 0, 1, 2, 2, 2]);
    assert.deepEqual(['3', '-1', '', 'x', '01'].map(parsePayeeStatus), [null, null, null, null, null]);
  });
});

describe('reviewer and reason', () => {
  it('requires a reviewer name, bounded, never "auto"', () => {
    assert.deepEqual(checkReviewer(' maria '), { ok: true, text: 'maria' });
    for (const bad of [null, '  ', 'x'.repeat(REVIEWER_LENGTH_MAX + 1), 'AUTO']) {
      const result = checkReviewer(bad);
      assert.equal(result.ok ? null : result.code, 'FAV026', String(bad));
    }
    assert.equal(checkReviewer('x'.repeat(REVIEWER_LENGTH_MAX)).ok, true);
  });
  it('requires a rejection reason, bounded', () => {
    assert.deepEqual(checkRejectionReason(' Chave de outro titular '), { ok: true, text: 'Chave de outro titular' });
    for (const bad of [undefined, '', 'x'.repeat(REJECTION_REASON_LENGTH_MAX + 1)]) {
      const result = checkRejectionReason(bad);
      assert.equal(result.ok ? null : result.code, 'FAV025', String(bad));
    }
  });
});

describe('key candidates for Favorecido/Consultar', () => {
  it('gives the canonical form of each type the text is valid as', () => {
    assert.deepEqual(pixKeyCandidates('Maria@Example.com'), ['maria@example.com']);
    assert.deepEqual(pixKeyCandidates('+5511987654321'), ['+5511987654321']);
    assert.deepEqual(pixKeyCandidates('71C7D9BE-4B85-4E43-9F1C-1F3B8B4E9A2D'), ['71c7d9be-4b85-4e43-9f1c-1f3b8b4e9a2d']);
    assert.deepEqual(pixKeyCandidates('11222333000181'), ['11222333000181']);
  });
  it('keeps both readings of an 11-digit text that is a CPF and a phone number', () => {
    // 11987654374 is a valid CPF and, with DDD 11, a mobile number.
    assert.deepEqual(pixKeyCandidates('11987654374').sort(), ['+5511987654374', '11987654374']);
    assert.deepEqual(pixKeyCandidates('11987654321'), ['+5511987654321']);
  });
  it('gives nothing for a text that is no key', () => {
    assert.deepEqual(pixKeyCandidates('not a key'), []);
  });
});

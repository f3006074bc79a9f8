import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DomainError, MessageType } from './errors.js';

describe('DomainError', () => {
  test('messageType defaults by kind and keeps an integer given', () => {
    assert.equal(new DomainError('validation', [{ code: 'X1', description: 'x' }]).messages[0]?.messageType, MessageType.validation);
    assert.equal(new DomainError('conflict', [{ code: 'X1', description: 'x' }]).messages[0]?.messageType, MessageType.business);
    assert.equal(new DomainError('business', [{ code: 'X1', description: 'x', messageType: MessageType.warning }]).messages[0]?.messageType, MessageType.warning);
  });

  test('a messageType that is not an integer is an assertion error (JSON.stringify would write null)', () => {
    for (const messageType of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1.5]) {
      assert.throws(() => new DomainError('business', [{ code: 'X1', description: 'x', messageType }]), (error: unknown) => !(error instanceof DomainError) && /^assertion: a message's messageType must be an integer/.test((error as Error).message));
    }
  });
});

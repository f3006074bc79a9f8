import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DomainError } from '../../platform/errors.js';
import { proposalRefOf, requireProposalRef } from './proposal-ref.js';
import { identifiersOf, type ProposalRefDto } from './proposal-ref-view.js';

const UUID = '3F2504E0-4F89-11D3-9A0C-0305E82C3301';

test('precedence: codigoProposta, then codigoOperacao, then numeroProposta; blanks are not sent', () => {
  assert.deepEqual(proposalRefOf(identifiersOf({ codigoProposta: UUID, codigoOperacao: 'x', numeroProposta: 7 })), { by: 'id', value: UUID.toLowerCase() });
  assert.deepEqual(proposalRefOf(identifiersOf({ codigoProposta: ' ', codigoOperacao: '771204', numeroProposta: 7 })), { by: 'operationCode', value: '771204' });
  assert.deepEqual(proposalRefOf(identifiersOf({ codigoOperacao: null, numeroProposta: 7 })), { by: 'number', value: 7 });
  assert.deepEqual(proposalRefOf(identifiersOf({ numeroProposta: ' 42 ' })), { by: 'number', value: 42 });
  assert.equal(proposalRefOf(identifiersOf({})), null);
  assert.equal(proposalRefOf(identifiersOf(null)), null);
});

test('a number that is not a positive 32-bit integer identifies nothing', () => {
  for (const numeroProposta of ['abc', '0', '-1', '1.5', '99999999999', 0, 2_147_483_648]) assert.equal(proposalRefOf(identifiersOf({ numeroProposta })), null, String(numeroProposta));
});

test('requireProposalRef: PRP008 on dto, or on dto.numeroProposta when that is not a number', () => {
  const fieldOf = (dto: ProposalRefDto) => {
    try {
      requireProposalRef(identifiersOf(dto));
    } catch (error) {
      assert.ok(error instanceof DomainError);
      return [error.messages[0]!.code, error.messages[0]!.field];
    }
    return null;
  };
  assert.deepEqual(fieldOf({}), ['PRP008', 'dto']);
  assert.deepEqual(fieldOf({ numeroProposta: 'x' }), ['PRP008', 'dto.numeroProposta']);
  assert.equal(fieldOf({ numeroProposta: 3 }), null);
});

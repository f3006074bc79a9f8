import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseProposalStatus } from './proposal-status-names.js';

test('status names: ids, English names, Portuguese descriptions, accents and separators folded', () => {
  assert.equal(parseProposalStatus('4'), 4);
  assert.equal(parseProposalStatus('Pendente pagamento'), 4);
  assert.equal(parseProposalStatus('pendente-pagamento'), 4);
  assert.equal(parseProposalStatus('paymentPending'), 4);
  assert.equal(parseProposalStatus('em digitação'), 1);
  assert.equal(parseProposalStatus('FINALIZADA'), 2);
  assert.equal(parseProposalStatus('cedida'), 10);
  assert.equal(parseProposalStatus('assigned'), 10);
  assert.equal(parseProposalStatus('9'), null);
  assert.equal(parseProposalStatus('aprovad'), null);
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { proposalOperatorCommands } from './operator-commands.js';
import { proposalPartnerCommands } from './partner-commands.js';
import { proposalDeps as bound } from '../../bindings.js';
import { loadConfig } from '../../config.js';

const proposalDeps = bound(loadConfig({}));

test('every proposal command, the partner\'s and the service team\'s, has a name of its own (idempotency scope, audit)', () => {
  const settings = { iofCaps: { PF: null, PJ: null } };
  const names = [...Object.values(proposalPartnerCommands(proposalDeps, settings)), ...Object.values(proposalOperatorCommands(proposalDeps))].map((c) => c.name);
  assert.equal(new Set(names).size, names.length, names.join(', '));
  assert.ok(names.every((n) => n.startsWith('proposal.')), names.join(', '));
});

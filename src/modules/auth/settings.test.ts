import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadConfig } from '../../config.js';

// Moved from src/platform/config/env.test.ts: the setting now lives under config.auth.
test('the client-assertion lifetime bound is configurable within its limits', () => {
  assert.equal(loadConfig({}).auth.assertionLifetimeMax_s, 3600);
  assert.equal(loadConfig({ CAAS_ASSERTION_LIFETIME_MAX_S: '600' }).auth.assertionLifetimeMax_s, 600);
  for (const bad of ['0', '59', '86401', '1.5', 'hour']) {
    assert.throws(() => loadConfig({ CAAS_ASSERTION_LIFETIME_MAX_S: bad }), /CAAS_ASSERTION_LIFETIME_MAX_S/);
  }
});

test('full-scope aliases: a comma-separated list of scope names, the BMP name by default', () => {
  assert.deepEqual(loadConfig({}).auth.fullScopeAliases, ['bmp.digital.api.full.access']);
  assert.deepEqual(loadConfig({ CAAS_FULL_SCOPE_ALIASES: ' a.full , b ,' }).auth.fullScopeAliases, ['a.full', 'b']);
  assert.throws(() => loadConfig({ CAAS_FULL_SCOPE_ALIASES: 'bad"name' }), /CAAS_FULL_SCOPE_ALIASES has an invalid scope name/);
});

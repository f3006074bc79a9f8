import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { generateServiceSigningKey } from './service-key.js';

describe('service keys', () => {
  test('service signing key: ES256 with a JWKS entry', async () => {
    const key = await generateServiceSigningKey();
    assert.equal(key.alg, 'ES256');
    assert.deepEqual([key.publicJwk.kty, key.publicJwk.crv, key.publicJwk.kid, key.publicJwk.use], ['EC', 'P-256', key.kid, 'sig']);
    assert.equal(key.publicJwk.d, undefined, 'no private part in the JWKS entry');
  });
});

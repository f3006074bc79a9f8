import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { ASSERTION_LIFETIME_MAX_S_DEFAULT, CLAIM_CHECKS, CLOCK_SKEW_S, tokenEndpointUrl, type AssertionContext } from './assertion-checks.js';
import { OAuthError } from './errors.js';

const NOW = new Date('2026-03-10T12:00:00.000Z');
const NOW_S = NOW.getTime() / 1000;
const AUDIENCE = tokenEndpointUrl('https://caas.example.test/');

function context(claims: Record<string, unknown>, alg = 'RS256'): AssertionContext {
  const base = { iss: 'c', sub: 'c', aud: AUDIENCE, jti: 'j' };
  return { token: '', header: { alg }, claims: { ...base, ...claims }, formClientId: undefined, audience: AUDIENCE, now: NOW, lifetimeMax_s: ASSERTION_LIFETIME_MAX_S_DEFAULT };
}

function passes(ctx: AssertionContext): boolean {
  try {
    for (const check of CLAIM_CHECKS) check(ctx);
    return true;
  } catch (error) {
    assert.ok(error instanceof OAuthError && error.error === 'invalid_client' && error.status === 401);
    return false;
  }
}

describe('claim checks', () => {
  test('the audience is the token endpoint, trailing slash of PUBLIC_URL ignored', () => {
    assert.equal(AUDIENCE, 'https://caas.example.test/connect/token');
  });

  test('property: the time checks accept exactly the documented window', () => {
    const offset = fc.integer({ min: -7200, max: 7200 });
    fc.assert(
      fc.property(offset, fc.option(offset, { nil: undefined }), fc.option(offset, { nil: undefined }), (expOff, iatOff, nbfOff) => {
        const exp = NOW_S + expOff;
        const iat = iatOff === undefined ? undefined : NOW_S + iatOff;
        const nbf = nbfOff === undefined ? undefined : NOW_S + nbfOff;
        const expected =
          exp > NOW_S &&
          (nbf === undefined || nbf <= NOW_S + CLOCK_SKEW_S) &&
          (iat === undefined || iat <= NOW_S + CLOCK_SKEW_S) &&
          exp - (iat ?? NOW_S) <= ASSERTION_LIFETIME_MAX_S_DEFAULT;
        assert.equal(passes(context({ exp, iat, nbf })), expected);
      }),
      { seed: 7, numRuns: 2000 },
    );
  });

  test('only RS256 and PS256 pass the algorithm check', () => {
    const exp = NOW_S + 60;
    for (const alg of ['RS256', 'PS256']) assert.equal(passes(context({ exp }, alg)), true, alg);
    for (const alg of ['none', 'HS256', 'HS512', 'RS512', 'ES256', 'EdDSA', 'rs256']) assert.equal(passes(context({ exp }, alg)), false, alg);
  });

  test('claims of the wrong type are refused', () => {
    const exp = NOW_S + 60;
    for (const claims of [{ exp: String(exp) }, { exp, iat: 'now' }, { exp, nbf: null }, { exp, jti: 5 }, { exp, jti: 'x'.repeat(257) }, { exp, iss: 5, sub: 5 }, { exp, aud: [5] }]) {
      assert.equal(passes(context(claims as Record<string, unknown>)), false, JSON.stringify(claims).slice(0, 60));
    }
  });
});

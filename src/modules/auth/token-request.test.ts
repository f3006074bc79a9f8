import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { before, describe, test } from 'node:test';
import { AccessTokenVerifier } from './access-token.js';
import { GENERIC_CLIENT_FAILURE } from './assertion-checks.js';
import { OAuthError } from './errors.js';
import { generatePartnerKeyPair, type PemKeyPair } from '../partners/index.js';
import { Scope } from './scopes.js';
import { partnerKey, signAssertion, testDeps, tokenForm, TEST_PUBLIC_URL } from './test-fakes.js';
import { handleTokenRequest, respondToTokenRequest } from './token-request.js';

const NOW = '2026-03-10T12:00:00.000Z';
const NOW_S = Date.parse(NOW) / 1000;
const ACME = 'caas.acme';
const OTHER = 'caas.other';

let acmeKey: PemKeyPair;
let acmeOldKey: PemKeyPair;
let otherKey: PemKeyPair;

before(async () => {
  [acmeKey, acmeOldKey, otherKey] = await Promise.all([generatePartnerKeyPair(), generatePartnerKeyPair(), generatePartnerKeyPair()]);
});

/** Fresh deps (own replay store) with ACME (one active, one revoked key) and OTHER (bureau only). */
async function setup(options: { acmeEnabled?: boolean } = {}) {
  const ctx = await testDeps(NOW);
  ctx.directory.add({
    partnerId: 'p-acme',
    clientId: ACME,
    enabled: options.acmeEnabled ?? true,
    scopes: null,
    keys: [await partnerKey(acmeKey), await partnerKey(acmeOldKey, new Date('2026-03-01T00:00:00Z'))],
  });
  ctx.directory.add({ partnerId: 'p-other', clientId: OTHER, enabled: true, scopes: [Scope.bureau], keys: [await partnerKey(otherKey)] });
  return ctx;
}

async function acmeAssertion(claims: Record<string, unknown> = {}, pem = acmeKey.privateKeyPem): Promise<string> {
  return signAssertion(pem, ACME, new Date(NOW), claims);
}

async function refusal(form: Record<string, unknown>, deps?: Awaited<ReturnType<typeof setup>>['deps']): Promise<OAuthError> {
  const actual = deps ?? (await setup()).deps;
  const error = await handleTokenRequest(form, actual).then(
    () => assert.fail('the token request should have been refused'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof OAuthError, `expected an OAuthError, got ${String(error)}`);
  return error;
}

async function assertInvalidClient(form: Record<string, unknown>, reason: RegExp, generic = false): Promise<void> {
  const error = await refusal(form);
  assert.equal(error.error, 'invalid_client');
  assert.equal(error.status, 401);
  assert.match(error.internalReason, reason);
  if (generic) assert.equal(error.error_description, GENERIC_CLIENT_FAILURE);
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('token request', () => {
  test('success: an RS256 assertion gets a one-hour bearer token that verifies', async () => {
    const { deps, signingKeys, clock } = await setup();
    const { body } = await handleTokenRequest(tokenForm(await acmeAssertion(), { client_id: ACME, scope: 'caas.proposals caas.bureau' }), deps);
    assert.deepEqual({ ...body, access_token: 'x' }, { access_token: 'x', token_type: 'Bearer', expires_in: 3600, scope: 'caas.proposals caas.bureau' });
    const verifier = new AccessTokenVerifier({ signingKeys, publicUrl: TEST_PUBLIC_URL, now: clock.now });
    const claims = await verifier.check(`Bearer ${body.access_token}`, Scope.proposals);
    assert.deepEqual([claims.clientId, claims.partnerId, claims.expiresAt_s], [ACME, 'p-acme', NOW_S + 3600]);
  });

  test('success: PS256, aud as an array, no scope (all the partner may have), full-access alias', async () => {
    const { deps } = await setup();
    const ps = await signAssertion(acmeKey.privateKeyPem, ACME, new Date(NOW), { aud: ['x', `${TEST_PUBLIC_URL}/connect/token`] }, 'PS256');
    assert.equal((await handleTokenRequest(tokenForm(ps), deps)).body.scope, Scope.full);
    const other = await signAssertion(otherKey.privateKeyPem, OTHER, new Date(NOW));
    assert.equal((await handleTokenRequest(tokenForm(other), deps)).body.scope, Scope.bureau);
    const alias = await acmeAssertion({ jti: 'alias' });
    assert.equal((await handleTokenRequest(tokenForm(alias, { scope: 'bmp.digital.api.full.access' }), deps)).body.scope, Scope.full);
  });

  test('success: nbf and iat up to 60 s ahead are tolerated (clock skew)', async () => {
    const { deps } = await setup();
    const { body } = await handleTokenRequest(tokenForm(await acmeAssertion({ iat: NOW_S + 60, nbf: NOW_S + 60, exp: NOW_S + 120 })), deps);
    assert.equal(body.token_type, 'Bearer');
  });

});

describe('token request: each rejection', () => {
  test('expired', async () => {
    await assertInvalidClient(tokenForm(await acmeAssertion({ iat: NOW_S - 120, nbf: NOW_S - 120, exp: NOW_S - 1 })), /exp/);
  });

  test('not yet valid (nbf beyond the skew)', async () => {
    await assertInvalidClient(tokenForm(await acmeAssertion({ nbf: NOW_S + 61, exp: NOW_S + 300 })), /nbf/);
  });

  test('issued in the future (iat beyond the skew)', async () => {
    await assertInvalidClient(tokenForm(await acmeAssertion({ iat: NOW_S + 61, exp: NOW_S + 300 })), /iat/);
  });

  test('lifetime too long', async () => {
    await assertInvalidClient(tokenForm(await acmeAssertion({ exp: NOW_S + 3601 })), /lifetime 3601/);
  });

  test('wrong aud', async () => {
    const error = await refusal(tokenForm(await acmeAssertion({ aud: TEST_PUBLIC_URL })));
    assert.equal(error.error, 'invalid_client');
    assert.match(error.error_description, /aud deve ser https:\/\/caas\.example\.test\/connect\/token/);
  });

  test('iss different from sub', async () => {
    await assertInvalidClient(tokenForm(await acmeAssertion({ sub: OTHER })), /iss caas\.acme != sub caas\.other/);
  });

  test('missing jti', async () => {
    await assertInvalidClient(tokenForm(await acmeAssertion({ jti: undefined })), /jti missing/);
  });

  test('unknown client: generic description', async () => {
    const assertion = await signAssertion(acmeKey.privateKeyPem, 'caas.nobody', new Date(NOW));
    await assertInvalidClient(tokenForm(assertion), /unknown client caas\.nobody/, true);
  });

  test('disabled partner: generic description', async () => {
    const { deps } = await setup({ acmeEnabled: false });
    const error = await refusal(tokenForm(await acmeAssertion()), deps);
    assert.deepEqual([error.error, error.error_description], ['invalid_client', GENERIC_CLIENT_FAILURE]);
    assert.match(error.internalReason, /disabled/);
  });

  test('revoked key: not tried, generic description', async () => {
    await assertInvalidClient(tokenForm(await acmeAssertion({}, acmeOldKey.privateKeyPem)), /1 revoked key\(s\) not tried/, true);
  });

  test('key of another partner: generic description', async () => {
    await assertInvalidClient(tokenForm(await acmeAssertion({}, otherKey.privateKeyPem)), /no active key verifies/, true);
  });

  test('replayed jti', async () => {
    const { deps } = await setup();
    const assertion = await acmeAssertion({ jti: 'once' });
    await handleTokenRequest(tokenForm(assertion), deps);
    const error = await refusal(tokenForm(assertion), deps);
    assert.equal(error.error, 'invalid_client');
    assert.match(error.internalReason, /jti once replayed/);
  });

  test('a forged assertion does not burn the jti of the genuine one', async () => {
    const { deps } = await setup();
    await refusal(tokenForm(await acmeAssertion({ jti: 'shared' }, otherKey.privateKeyPem)), deps);
    const { body } = await handleTokenRequest(tokenForm(await acmeAssertion({ jti: 'shared' })), deps);
    assert.equal(body.token_type, 'Bearer');
  });

  test('the access token is signed while the jti is recorded, and handed out only when the jti is fresh', async () => {
    const { deps, replayStore, signingKeys } = await setup();
    const events: string[] = [];
    const watched = {
      ...deps,
      signingKeys: { ...signingKeys, current: async () => (events.push('sign started'), signingKeys.current()) },
      replayStore: { remember: async (...args: Parameters<typeof replayStore.remember>) => (events.push('jti sent'), replayStore.remember(...args)) },
    };
    const assertion = await acmeAssertion({ jti: 'ahead' });
    const { body } = await handleTokenRequest(tokenForm(assertion, { scope: 'caas.bureau' }), watched);
    assert.deepEqual(events, ['sign started', 'jti sent']);
    assert.equal(body.scope, 'caas.bureau');
    events.length = 0;
    const error = await refusal(tokenForm(assertion), watched);
    assert.match(error.internalReason, /jti ahead replayed/);
    assert.deepEqual(events, ['sign started', 'jti sent'], 'the token signed ahead is discarded');
    events.length = 0;
    const otherAssertion = await signAssertion(otherKey.privateKeyPem, OTHER, new Date(NOW), { jti: 'other' });
    const notGranted = await refusal(tokenForm(otherAssertion, { scope: 'caas.proposals' }), watched);
    assert.equal(notGranted.error, 'invalid_scope');
    assert.deepEqual(events, ['jti sent'], 'nothing is signed ahead for scopes that will not be granted');
  });

  test('alg none', async () => {
    const unsigned = `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ iss: ACME, sub: ACME, aud: `${TEST_PUBLIC_URL}/connect/token`, iat: NOW_S, exp: NOW_S + 60, jti: 'n' })}.`;
    await assertInvalidClient(tokenForm(unsigned), /alg none refused/);
  });

  test('HS256 signed with the public key as the secret', async () => {
    const header = b64url({ alg: 'HS256', typ: 'JWT' });
    const payload = b64url({ iss: ACME, sub: ACME, aud: `${TEST_PUBLIC_URL}/connect/token`, iat: NOW_S, exp: NOW_S + 60, jti: 'h' });
    const mac = createHmac('sha256', acmeKey.publicKeyPem).update(`${header}.${payload}`).digest('base64url');
    await assertInvalidClient(tokenForm(`${header}.${payload}.${mac}`), /alg HS256 refused/);
  });

  test('tampered payload', async () => {
    const [header, , signature] = (await acmeAssertion()).split('.');
    const payload = b64url({ iss: ACME, sub: ACME, aud: `${TEST_PUBLIC_URL}/connect/token`, iat: NOW_S, nbf: NOW_S, exp: NOW_S + 60, jti: 'tampered' });
    await assertInvalidClient(tokenForm(`${header}.${payload}.${signature}`), /signature verification failed/, true);
  });

  test('not a JWT at all', async () => {
    await assertInvalidClient(tokenForm('not-a-jwt'), /undecodable/);
  });

  test('client_id field disagreeing with the assertion (including the literal "client_id")', async () => {
    await assertInvalidClient(tokenForm(await acmeAssertion(), { client_id: OTHER }), /form client_id caas\.other != iss caas\.acme/);
    await assertInvalidClient(tokenForm(await acmeAssertion(), { client_id: 'client_id' }), /form client_id client_id/);
  });

  test('scope over 300 characters', async () => {
    const scope = Array.from({ length: 22 }, () => Scope.proposals).join(' '); // 22 × 14 + 21 = 329
    const error = await refusal(tokenForm(await acmeAssertion(), { scope }));
    assert.deepEqual([error.error, error.status], ['invalid_scope', 400]);
  });

  test('unknown scope and invalid scope characters', async () => {
    assert.equal((await refusal(tokenForm(await acmeAssertion(), { scope: 'caas.everything' }))).error, 'invalid_scope');
    assert.equal((await refusal(tokenForm(await acmeAssertion(), { scope: 'caas.full\tx' }))).error, 'invalid_scope');
  });

  test('scope not granted to the partner', async () => {
    const assertion = await signAssertion(otherKey.privateKeyPem, OTHER, new Date(NOW));
    const error = await refusal(tokenForm(assertion, { scope: 'caas.bureau caas.proposals' }));
    assert.deepEqual([error.error, error.status], ['invalid_scope', 400]);
    assert.match(error.error_description, /caas\.proposals$/);
  });

  test('wrong grant type', async () => {
    const error = await refusal(tokenForm(await acmeAssertion(), { grant_type: 'password' }));
    assert.deepEqual([error.error, error.status], ['unsupported_grant_type', 400]);
  });

  test('missing fields', async () => {
    const error = await refusal({ grant_type: 'client_credentials', client_assertion: '' });
    assert.equal(error.error, 'invalid_request');
    assert.match(error.error_description, /client_assertion_type, client_assertion$/);
    assert.equal((await refusal({ client_assertion: 'x' })).error, 'invalid_request');
  });

  test('wrong client_assertion_type, repeated parameter, client_secret alongside', async () => {
    const assertion = await acmeAssertion();
    assert.equal((await refusal(tokenForm(assertion, { client_assertion_type: 'jwt' }))).error, 'invalid_request');
    assert.equal((await refusal(tokenForm(assertion, { scope: ['a', 'b'] }))).error, 'invalid_request');
    assert.equal((await refusal(tokenForm(assertion, { client_secret: 's' }))).error, 'invalid_request');
  });
});

describe('respondToTokenRequest', () => {
  test('success carries Cache-Control: no-store', async () => {
    const { deps } = await setup();
    const answer = await respondToTokenRequest({ contentType: 'application/x-www-form-urlencoded; charset=utf-8', form: tokenForm(await acmeAssertion()) }, deps);
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['Cache-Control'], 'no-store');
  });

  test('JSON instead of a form: 400 invalid_request', async () => {
    const { deps } = await setup();
    const answer = await respondToTokenRequest({ contentType: 'application/json', form: tokenForm(await acmeAssertion()) }, deps);
    assert.equal(answer.status, 400);
    assert.deepEqual(answer.body, { error: 'invalid_request', error_description: 'Content-Type deve ser application/x-www-form-urlencoded' });
  });

  test('invalid_client is a 401 whose body hides the reason, which goes to the log', async () => {
    const { deps } = await setup({ acmeEnabled: false });
    const answer = await respondToTokenRequest({ contentType: 'application/x-www-form-urlencoded', form: tokenForm(await acmeAssertion()) }, deps);
    assert.equal(answer.status, 401);
    assert.deepEqual(answer.body, { error: 'invalid_client', error_description: GENERIC_CLIENT_FAILURE });
    assert.match(answer.logReason, /disabled/);
  });
});

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fixedClock } from '../../platform/clock.js';
import { type AccessClaims, AccessTokenVerifier, ACCESS_TOKEN_LIFETIME_S, issueAccessToken, parseBearer, type VerifierDeps } from './access-token.js';
import { AuthCode, AuthError } from './errors.js';
import type { ServiceSigningKeys } from './ports.js';
import { Scope, type ScopeName } from './scopes.js';
import { counterIds, fakeServiceKeys, TEST_PUBLIC_URL } from './test-fakes.js';

const NOW = '2026-03-10T12:00:00.000Z';

async function setup(options: Pick<VerifierDeps, 'cacheEntriesMax' | 'cacheKeyChars'> = {}) {
  const clock = fixedClock(NOW);
  const signingKeys = await fakeServiceKeys();
  const verifier = new AccessTokenVerifier({ signingKeys, publicUrl: TEST_PUBLIC_URL, now: clock.now, ...options });
  const newJti = counterIds('at');
  const issue = (scopes: ScopeName[] = [Scope.proposals], keys: ServiceSigningKeys = signingKeys) =>
    issueAccessToken({ clientId: 'caas.acme', partnerId: 'p-acme', scopes }, { signingKeys: keys, publicUrl: TEST_PUBLIC_URL, now: clock.now, newJti });
  return { clock, signingKeys, verifier, issue };
}

async function authError(promise: Promise<unknown>): Promise<AuthError> {
  const error = await promise.then(
    () => assert.fail('expected an AuthError'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof AuthError, `expected an AuthError, got ${String(error)}`);
  return error;
}

describe('access token', () => {
  test('valid: claims come back, and the second check is a cache hit with the same claims', async () => {
    const { verifier, issue } = await setup();
    const { accessToken, expiresIn_s } = await issue([Scope.proposals, Scope.bureau]);
    assert.equal(expiresIn_s, ACCESS_TOKEN_LIFETIME_S);
    const first = await verifier.check(`Bearer ${accessToken}`, Scope.bureau);
    assert.deepEqual({ ...first, scopes: [...first.scopes] }, {
      clientId: 'caas.acme',
      partnerId: 'p-acme',
      scopes: [Scope.proposals, Scope.bureau],
      jti: 'at-1',
      expiresAt_s: Date.parse(NOW) / 1000 + 3600,
    });
    assert.equal(await verifier.check(`Bearer ${accessToken}`, Scope.proposals), first);
  });

  test('known: the claims of a token checked before, without a promise; never an unseen, expired or out-of-scope token', async () => {
    const { verifier, issue, clock } = await setup();
    const { accessToken } = await issue([Scope.proposals]);
    const header = `Bearer ${accessToken}`;
    assert.equal(verifier.known(header, Scope.proposals), undefined, 'not verified yet');
    const claims = await verifier.check(header, Scope.proposals);
    assert.equal(verifier.known(header, Scope.proposals), claims);
    assert.equal(verifier.known(`  bearer ${accessToken} `, Scope.proposals), claims);
    assert.equal(verifier.known(`Bearer ${accessToken} `, Scope.proposals), claims, 'the exact-prefix lookup misses, the regex one finds it');
    assert.equal(verifier.known(`Bearer ${accessToken}x`, Scope.proposals), undefined, 'another text is another token');
    assert.equal(verifier.known(`Bearer  ${accessToken}`, Scope.proposals), claims, 'two spaces: as the regex reads it');
    assert.equal(verifier.known(header, Scope.bureau), undefined, 'check refuses it (403)');
    assert.equal(verifier.known(undefined, Scope.proposals), undefined);
    assert.equal(verifier.known(`Basic ${accessToken}`, Scope.proposals), undefined);
    clock.advance(ACCESS_TOKEN_LIFETIME_S * 1000);
    assert.equal(verifier.known(header, Scope.proposals), undefined, 'expired: check refuses it');
  });

  test('the cache files a token by its last characters, yet a hit needs the exact token: same ending, other text is no hit', async () => {
    const { verifier, issue } = await setup();
    const { accessToken } = await issue([Scope.proposals]);
    const claims = await verifier.check(`Bearer ${accessToken}`, Scope.proposals);
    const sameEnding = `${accessToken[0] === 'e' ? 'f' : 'e'}${accessToken.slice(1)}`;
    assert.equal(verifier.known(`Bearer ${sameEnding}`, Scope.proposals), undefined);
    assert.equal((await authError(verifier.authenticate(`Bearer ${sameEnding}`))).messages[0]?.code, AuthCode.tokenInvalid, 'verified, not taken from the cache');
    assert.equal(verifier.known(`Bearer ${accessToken}`, Scope.proposals), claims, 'the refused twin did not evict it');
  });

  test("a token with another's ending does not mark that token's entry recently used", async () => {
    const { verifier, issue } = await setup({ cacheEntriesMax: 2 });
    const [a, b, c] = [(await issue()).accessToken, (await issue()).accessToken, (await issue()).accessToken];
    await verifier.check(`Bearer ${a}`, Scope.proposals);
    const bClaims = await verifier.check(`Bearer ${b}`, Scope.proposals);
    const aTwin = `${a[0] === 'e' ? 'f' : 'e'}${a.slice(1)}`;
    assert.equal(verifier.known(`Bearer ${aTwin}`, Scope.proposals), undefined);
    await authError(verifier.authenticate(`Bearer ${aTwin}`));
    await verifier.check(`Bearer ${c}`, Scope.proposals);
    assert.equal(verifier.known(`Bearer ${a}`, Scope.proposals), undefined, 'a, the least recently used, evicted');
    assert.equal(verifier.known(`Bearer ${b}`, Scope.proposals), bClaims, 'b kept');
  });

  test('two valid tokens sharing the cache key: each only ever gets its own claims, the second replaces the first', async () => {
    const { verifier, issue } = await setup({ cacheKeyChars: 1 });
    const byEnding = new Map<string, string>();
    let pair: [string, string] | undefined;
    for (let i = 0; i < 500 && pair === undefined; i += 1) {
      const token = (await issue()).accessToken;
      const twin = byEnding.get(token.slice(-1));
      if (twin !== undefined) pair = [twin, token];
      else byEnding.set(token.slice(-1), token);
    }
    assert.ok(pair, 'two issued tokens share their last character');
    const [first, second] = pair;
    const mine = (token: string, claims: AccessClaims | undefined) => {
      const payload = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()) as { sub: string; jti: string };
      assert.deepEqual([claims?.clientId, claims?.jti], [payload.sub, payload.jti], 'its own claims (each token has its own jti)');
    };
    const firstClaims = await verifier.check(`Bearer ${first}`, Scope.proposals);
    mine(first, firstClaims);
    assert.equal(verifier.known(`Bearer ${second}`, Scope.proposals), undefined, "the second is not given the first's claims");
    mine(second, await verifier.check(`Bearer ${second}`, Scope.proposals));
    assert.equal(verifier.cacheSize, 1, 'one key: the second replaced the first');
    assert.equal(verifier.known(`Bearer ${first}`, Scope.proposals), undefined, "the first is not given the second's claims");
    mine(first, await verifier.check(`Bearer ${first}`, Scope.proposals));
    mine(first, verifier.known(`Bearer ${first}`, Scope.proposals));
    assert.equal(verifier.known(`Bearer ${second}`, Scope.proposals), undefined);
    mine(second, await verifier.check(`Bearer ${second}`, Scope.proposals));
  });

  test('cacheKeyChars is a positive integer', () => {
    for (const cacheKeyChars of [0, -1, 1.5, Number.NaN]) {
      assert.throws(() => new AccessTokenVerifier({ signingKeys: {} as ServiceSigningKeys, publicUrl: TEST_PUBLIC_URL, now: () => new Date(NOW), cacheKeyChars }), /assertion: cacheKeyChars/);
    }
  });

  test('the full scope releases every operation', async () => {
    const { verifier, issue } = await setup();
    const { accessToken } = await issue([Scope.full]);
    for (const scope of [Scope.proposals, Scope.receivables, Scope.bureau, Scope.payees, Scope.customers]) {
      await verifier.check(`Bearer ${accessToken}`, scope);
    }
  });

  test('expired on a cache hit (frozen clock advanced)', async () => {
    const { verifier, issue, clock } = await setup();
    const { accessToken } = await issue();
    await verifier.check(`Bearer ${accessToken}`, Scope.proposals);
    clock.advance((ACCESS_TOKEN_LIFETIME_S - 1) * 1000);
    await verifier.check(`Bearer ${accessToken}`, Scope.proposals); // one second left: still fine
    clock.advance(1000);
    const error = await authError(verifier.check(`Bearer ${accessToken}`, Scope.proposals));
    assert.deepEqual([error.kind, error.messages[0]?.code], ['unauthorized', AuthCode.tokenExpired]);
    assert.match(error.internalReason, /cached token/);
  });

  test('expired on a cache miss (another instance)', async () => {
    const { issue, clock, signingKeys } = await setup();
    const { accessToken } = await issue();
    clock.advance(ACCESS_TOKEN_LIFETIME_S * 1000);
    const fresh = new AccessTokenVerifier({ signingKeys, publicUrl: TEST_PUBLIC_URL, now: clock.now });
    const error = await authError(fresh.authenticate(`Bearer ${accessToken}`));
    assert.equal(error.messages[0]?.code, AuthCode.tokenExpired);
  });

  test('signed by another key: unknown kid, or a known kid with a foreign signature', async () => {
    const { verifier, issue, signingKeys } = await setup();
    const foreign = await fakeServiceKeys();
    const unknownKid = (await issue([Scope.proposals], foreign)).accessToken;
    assert.equal((await authError(verifier.authenticate(`Bearer ${unknownKid}`))).messages[0]?.code, AuthCode.tokenInvalid);
    const { kid } = await signingKeys.current();
    const impostor: ServiceSigningKeys = { current: async () => ({ ...(await foreign.current()), kid }), byKid: foreign.byKid };
    const forged = (await issue([Scope.full], impostor)).accessToken;
    const error = await authError(verifier.authenticate(`Bearer ${forged}`));
    assert.match(error.internalReason, /signature verification failed/);
  });

  test('malformed: no header, wrong scheme, no token, garbage token', async () => {
    const { verifier } = await setup();
    assert.equal((await authError(verifier.authenticate(undefined))).messages[0]?.code, AuthCode.tokenMissing);
    for (const header of ['Basic dXNlcjpwYXNz', 'Bearer', 'Bearer a b', 'Bearer not.a.jwt', 'Bearer é']) {
      const error = await authError(verifier.authenticate(header));
      assert.deepEqual([error.kind, error.messages[0]?.code], ['unauthorized', AuthCode.tokenInvalid], header);
      assert.match(error.headers['WWW-Authenticate'] ?? '', /error="invalid_token"/);
    }
  });

  test('insufficient scope: 403 forbidden naming the scope needed', async () => {
    const { verifier, issue } = await setup();
    const { accessToken } = await issue([Scope.bureau]);
    const error = await authError(verifier.check(`Bearer ${accessToken}`, Scope.proposals));
    assert.deepEqual([error.kind, error.messages[0]?.code], ['forbidden', AuthCode.scopeInsufficient]);
    assert.match(error.description, /caas\.proposals/);
    assert.match(error.headers['WWW-Authenticate'] ?? '', /insufficient_scope/);
  });

  test('the scheme is matched case-insensitively', async () => {
    const { verifier, issue } = await setup();
    const { accessToken } = await issue();
    for (const scheme of ['Bearer', 'bearer', 'BEARER', 'bEaReR']) {
      assert.equal((await verifier.authenticate(`${scheme} ${accessToken}`)).clientId, 'caas.acme');
    }
    assert.equal(parseBearer(`  BEARER   ${accessToken}  `), accessToken);
  });

  test('the cache never holds more than its limit', async () => {
    const { signingKeys, issue, clock } = await setup();
    const small = new AccessTokenVerifier({ signingKeys, publicUrl: TEST_PUBLIC_URL, now: clock.now, cacheEntriesMax: 2 });
    for (let i = 0; i < 5; i++) await small.authenticate(`Bearer ${(await issue()).accessToken}`);
    assert.equal(small.cacheSize, 2);
  });
});

// Issue 14: parsed partner keys are cached, yet a revoked or replaced key is refused at once, on
// every instance (the store is PostgreSQL; each "instance" here has its own directory and cache).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestDatabase, type TestDatabase } from '../../../test/support/db.js';
import { fixedClock } from '../../platform/clock.js';
import { verifyClientAssertion, type AssertionDeps } from './assertion-checks.js';
import { OAuthError } from './errors.js';
import { addPartnerKey, createPartner, generatePartnerKeyPair, PgPartnerDirectory, revokePartnerKey, type PemKeyPair } from '../partners/index.js';
import { PartnerKeyCache } from './partner-key-cache.js';
import { PgReplayStore } from './postgres-stores.js';
import { signAssertion, TEST_PUBLIC_URL } from './test-fakes.js';

let database: TestDatabase;
let first: PemKeyPair;
let second: PemKeyPair;
const clock = fixedClock('2026-11-23T15:00:00.000Z');
let jtiCounter = 0;

before(async () => {
  database = await createTestDatabase();
  [first, second] = await Promise.all([generatePartnerKeyPair(), generatePartnerKeyPair()]);
});
after(() => database.drop());

function instance(): AssertionDeps & { partnerKeys: PartnerKeyCache } {
  return { directory: new PgPartnerDirectory(database.db), replayStore: new PgReplayStore(database.db), partnerKeys: new PartnerKeyCache() };
}

async function authenticate(deps: AssertionDeps, clientId: string, pair: PemKeyPair) {
  const assertion = await signAssertion(pair.privateKeyPem, clientId, clock.now(), { jti: `cache-${++jtiCounter}` });
  return verifyClientAssertion({ assertion, formClientId: undefined }, deps, { publicUrl: TEST_PUBLIC_URL, now: clock.now });
}

async function refused(deps: AssertionDeps, clientId: string, pair: PemKeyPair): Promise<void> {
  await assert.rejects(authenticate(deps, clientId, pair), (error: unknown) => error instanceof OAuthError && error.error === 'invalid_client');
}

describe('partner key cache', () => {
  test('a PEM is parsed once per instance, not once per request', async () => {
    const { clientId } = await createPartner(database.db, clock, { name: 'Parse once', publicKeyPem: first.publicKeyPem });
    const deps = instance();
    for (let i = 0; i < 5; i += 1) assert.equal((await authenticate(deps, clientId, first)).clientId, clientId);
    assert.equal(deps.partnerKeys.parseCount, 1);
  });

  test('a revoked key is refused at once on every instance, even with its key cached', async () => {
    const { clientId, kid } = await createPartner(database.db, clock, { name: 'Revoke', publicKeyPem: first.publicKeyPem });
    const here = instance();
    const elsewhere = instance();
    await authenticate(here, clientId, first);
    await authenticate(elsewhere, clientId, first);
    await revokePartnerKey(database.db, clock, clientId, kid); // e.g. `caas partner revoke-key` on a third host
    await refused(here, clientId, first);
    await refused(elsewhere, clientId, first);
    assert.equal(here.partnerKeys.size, 1, 'the cached entry is still there: the directory no longer offers it');
  });

  test('rotation: the new key verifies everywhere, the old one is refused once revoked', async () => {
    const { clientId, kid } = await createPartner(database.db, clock, { name: 'Rotate', publicKeyPem: first.publicKeyPem });
    const here = instance();
    const elsewhere = instance();
    await authenticate(here, clientId, first);
    await refused(elsewhere, clientId, second);
    await addPartnerKey(database.db, clock, clientId, second.publicKeyPem);
    await authenticate(here, clientId, second);
    await authenticate(elsewhere, clientId, second);
    await authenticate(elsewhere, clientId, first); // both active during the overlap
    await revokePartnerKey(database.db, clock, clientId, kid);
    await refused(here, clientId, first);
    await refused(elsewhere, clientId, first);
    await authenticate(here, clientId, second);
  });

  test('the cache is content-addressed: the same kid with other PEM text is parsed again', () => {
    const cache = new PartnerKeyCache(2);
    const a = cache.publicKey('k', first.publicKeyPem);
    assert.equal(cache.publicKey('k', first.publicKeyPem), a);
    assert.notEqual(cache.publicKey('k', second.publicKeyPem), a);
    cache.publicKey('other', second.publicKeyPem);
    assert.equal(cache.size, 2, 'bounded');
    assert.equal(cache.parseCount, 3);
  });
});

// Issue 14: the token endpoint keeps each partner's credentials in memory (auth/remembered-partners.ts)
// and accepts on that copy only when the jti statement finds the partner's credentials version
// unchanged (migration 0050). A change made anywhere (a revoked or added key, a disabled or
// re-enabled partner, other scopes) applies at the very next token request.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { addPartnerKey, generatePartnerKeyPair, revokePartnerKey, setPartnerEnabled, updatePartner } from '../../src/modules/partners/index.js';
import { observeStatements } from '../../src/platform/db/prepared.js';
import { startTestService, type TestPartner, type TestService } from '../support/app.js';

let service: TestService;

before(async () => {
  service = await startTestService();
});
after(() => service.close());

async function tokenAnswer(partner: TestPartner, assertion?: string, scope?: string) {
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
    client_assertion: assertion ?? (await service.assertion(partner)),
    ...(scope ? { scope } : {}),
  });
  return service.app.inject({ method: 'POST', url: '/connect/token', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form.toString() });
}

/** The statements one token request sends, and its status. */
async function counted(partner: TestPartner, assertion?: string, scope?: string): Promise<{ status: number; statements: string[] }> {
  const texts: string[] = [];
  const stop = observeStatements((text) => texts.push(text));
  try {
    const answer = await tokenAnswer(partner, assertion, scope);
    return { status: answer.statusCode, statements: texts };
  } finally {
    stop();
  }
}

describe('token endpoint: remembered partner credentials', () => {
  test('a partner seen before costs one statement (the jti, checked against its version)', async () => {
    const partner = await service.onboard();
    assert.deepEqual((await counted(partner)).status, 200);
    const again = await counted(partner);
    assert.equal(again.status, 200);
    assert.equal(again.statements.length, 1, again.statements.join('\n'));
    assert.match(again.statements[0] as string, /credentials_version/);
  });

  test('a replayed jti is refused on the remembered copy too', async () => {
    const partner = await service.onboard();
    assert.equal((await counted(partner)).status, 200);
    const assertion = await service.assertion(partner);
    assert.equal((await tokenAnswer(partner, assertion)).statusCode, 200);
    assert.equal((await tokenAnswer(partner, assertion)).statusCode, 401);
  });

  test('a key revoked after the partner was remembered is refused at once', async () => {
    const partner = await service.onboard();
    assert.equal((await counted(partner)).status, 200);
    const [{ kid }] = (await service.database.db.selectFrom('partner_keys').select('kid').where('partner_id', '=', partner.partnerId).execute()) as [{ kid: string }];
    await revokePartnerKey(service.database.db, service.clock, partner.clientId, kid);
    assert.equal((await counted(partner)).status, 401);
  });

  test('a partner disabled after it was remembered is refused at once, and accepted again once re-enabled', async () => {
    const partner = await service.onboard();
    assert.equal((await counted(partner)).status, 200);
    await setPartnerEnabled(service.database.db, service.clock, partner.clientId, false);
    assert.equal((await counted(partner)).status, 401);
    await setPartnerEnabled(service.database.db, service.clock, partner.clientId, true);
    assert.equal((await counted(partner)).status, 200);
  });

  test('a key added after the partner was remembered is accepted at once', async () => {
    const partner = await service.onboard();
    assert.equal((await counted(partner)).status, 200);
    const keys = await generatePartnerKeyPair();
    await addPartnerKey(service.database.db, service.clock, partner.clientId, keys.publicKeyPem);
    assert.equal((await counted({ ...partner, keys })).status, 200);
  });

  test('scopes narrowed after the partner was remembered apply at once', async () => {
    const partner = await service.onboard();
    assert.equal((await counted(partner, undefined, 'caas.bureau')).status, 200);
    await updatePartner(service.database.db, service.clock, partner.clientId, { scopes: ['caas.proposals'] });
    assert.equal((await counted(partner, undefined, 'caas.bureau')).status, 400);
    assert.equal((await counted(partner, undefined, 'caas.proposals')).status, 200);
  });
});

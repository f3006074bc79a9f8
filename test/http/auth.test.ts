// Issue #3: the token endpoint through HTTP (each rejection one test) and the resource side.
import assert from 'node:assert/strict';
import { createHmac, randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { generateKeyPair, SignJWT } from 'jose';
import { startTestService, TEST_PUBLIC_URL, type TestPartner, type TestService } from '../support/app.js';

let service: TestService;
let partner: TestPartner;

before(async () => {
  service = await startTestService();
  partner = await service.onboard();
});
after(() => service.close());

function tokenRequest(fields: Record<string, string>, contentType = 'application/x-www-form-urlencoded') {
  const payload = contentType.includes('json') ? JSON.stringify(fields) : new URLSearchParams(fields).toString();
  return service.app.inject({ method: 'POST', url: '/connect/token', headers: { 'content-type': contentType }, payload });
}

async function form(assertion: string, extra: Record<string, string> = {}) {
  return { grant_type: 'client_credentials', client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer', client_assertion: assertion, ...extra };
}

async function expectRefused(fields: Record<string, string>, error: string, status = error === 'invalid_client' ? 401 : 400, contentType?: string) {
  const response = await tokenRequest(fields, contentType);
  assert.equal(response.statusCode, status, response.body);
  const body = response.json() as { error: string; error_description: string };
  assert.equal(body.error, error);
  assert.equal(typeof body.error_description, 'string');
  assert.equal(response.headers['cache-control'], 'no-store');
  return body;
}

const nowS = () => Math.floor(service.clock.now().getTime() / 1000);

describe('token endpoint', () => {
  test('a valid assertion gets a Bearer token for an hour', async () => {
    const response = await tokenRequest(await form(await service.assertion(partner), { client_id: partner.clientId, scope: 'caas.proposals caas.bureau' }));
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json() as Record<string, unknown>;
    assert.equal(body.token_type, 'Bearer');
    assert.equal(body.expires_in, 3600);
    assert.equal(body.scope, 'caas.proposals caas.bureau');
    assert.equal(typeof body.access_token, 'string');
    assert.equal(response.headers['cache-control'], 'no-store');
    assert.match(String(response.headers['content-type']), /^application\/json/);
  });

  test('the compatibility full-access scope name is accepted', async () => {
    const response = await tokenRequest(await form(await service.assertion(partner), { scope: 'bmp.digital.api.full.access' }));
    assert.equal(response.statusCode, 200, response.body);
  });

  test('expired assertion', async () => {
    await expectRefused(await form(await service.assertion(partner, { iat: nowS() - 600, nbf: nowS() - 600, exp: nowS() - 1 })), 'invalid_client');
  });
  test('not yet valid assertion', async () => {
    await expectRefused(await form(await service.assertion(partner, { nbf: nowS() + 300, exp: nowS() + 600 })), 'invalid_client');
  });
  test('lifetime over one hour', async () => {
    await expectRefused(await form(await service.assertion(partner, { exp: nowS() + 3601 + 60 })), 'invalid_client');
  });
  test('wrong audience', async () => {
    await expectRefused(await form(await service.assertion(partner, { aud: 'https://other.example/connect/token' })), 'invalid_client');
  });
  test('iss different from sub', async () => {
    await expectRefused(await form(await service.assertion(partner, { sub: 'someone.else' })), 'invalid_client');
  });
  test('missing jti', async () => {
    await expectRefused(await form(await service.assertion(partner, { jti: undefined })), 'invalid_client');
  });

  test('unknown client and disabled partner get the same generic answer', async () => {
    const unknown = await expectRefused(await form(await service.assertion({ ...partner, clientId: 'caas.nobody' })), 'invalid_client');
    const disabled = await service.onboard();
    await service.database.db.updateTable('partners').set({ enabled: false }).where('id', '=', disabled.partnerId).execute();
    const refused = await expectRefused(await form(await service.assertion(disabled)), 'invalid_client');
    assert.equal(unknown.error_description, refused.error_description);
  });

  test('revoked key', async () => {
    const other = await service.onboard();
    await service.database.db.updateTable('partner_keys').set({ revoked_at: service.clock.now() }).where('partner_id', '=', other.partnerId).execute();
    await expectRefused(await form(await service.assertion(other)), 'invalid_client');
  });

  test("another partner's key", async () => {
    const other = await service.onboard();
    await expectRefused(await form(await service.assertion({ ...partner, keys: other.keys })), 'invalid_client');
  });

  test('replayed jti', async () => {
    const assertion = await service.assertion(partner);
    assert.equal((await tokenRequest(await form(assertion))).statusCode, 200);
    await expectRefused(await form(assertion), 'invalid_client');
  });

  test('alg none', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ iss: partner.clientId, sub: partner.clientId, aud: `${TEST_PUBLIC_URL}/connect/token`, jti: randomUUID(), iat: nowS(), exp: nowS() + 60 })).toString('base64url');
    await expectRefused(await form(`${header}.${payload}.`), 'invalid_client');
  });

  test('HS256 signed with the public key as the secret', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ iss: partner.clientId, sub: partner.clientId, aud: `${TEST_PUBLIC_URL}/connect/token`, jti: randomUUID(), iat: nowS(), exp: nowS() + 60 })).toString('base64url');
    const signature = createHmac('sha256', partner.keys.publicKeyPem).update(`${header}.${payload}`).digest('base64url');
    await expectRefused(await form(`${header}.${payload}.${signature}`), 'invalid_client');
  });

  test('tampered payload', async () => {
    const [h, p, s] = (await service.assertion(partner)).split('.');
    const claims = JSON.parse(Buffer.from(p as string, 'base64url').toString());
    const tampered = Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 60 })).toString('base64url');
    await expectRefused(await form(`${h}.${tampered}.${s}`), 'invalid_client');
  });

  test('client_id field disagreeing with the assertion (even the literal text client_id)', async () => {
    await expectRefused(await form(await service.assertion(partner), { client_id: 'client_id' }), 'invalid_client');
  });

  test('scope over 300 characters', async () => {
    await expectRefused(await form(await service.assertion(partner), { scope: `caas.proposals ${'x'.repeat(300)}` }), 'invalid_scope');
  });

  test('scope not granted', async () => {
    const limited = await service.onboard({ scopes: ['caas.bureau'] });
    await expectRefused(await form(await service.assertion(limited), { scope: 'caas.proposals' }), 'invalid_scope');
  });

  test('wrong grant type', async () => {
    await expectRefused({ ...(await form(await service.assertion(partner))), grant_type: 'password' }, 'unsupported_grant_type');
  });
  test('missing fields', async () => {
    await expectRefused({ grant_type: 'client_credentials' }, 'invalid_request');
  });
  test('JSON instead of a form', async () => {
    await expectRefused(await form(await service.assertion(partner)), 'invalid_request', 400, 'application/json');
  });

  test('the service publishes its token-signing keys', async () => {
    const jwks = (await service.app.inject({ url: '/.well-known/jwks.json' })).json() as { keys: { kid: string; alg: string }[] };
    assert.ok(jwks.keys.length >= 1);
    assert.equal(jwks.keys[0]?.alg, 'ES256');
  });
});

describe('access tokens on operations', () => {
  const path = '/Bureau/ConsultarBureau';
  const body = { consulta: { documento: '52998224725', codigoProduto: '1', consultaCompleta: true } };

  test('no token → 401 envelope with WWW-Authenticate', async () => {
    const response = await service.call(path, body);
    assert.equal(response.statusCode, 401);
    assert.equal(JSON.parse(response.body).messages[0].code, 'A0001');
    assert.match(String(response.headers['www-authenticate']), /^Bearer/);
  });

  test('malformed token → 401', async () => {
    const response = await service.call(path, body, { token: 'not-a-jwt' });
    assert.equal(response.statusCode, 401);
    assert.equal(JSON.parse(response.body).messages[0].code, 'A0002');
  });

  test('the scheme is matched case-insensitively', async () => {
    const token = await service.token(partner);
    const response = await service.call(path, body, { headers: { authorization: `BEARER ${token}` } });
    assert.notEqual(response.statusCode, 401);
  });

  test('expired token (frozen clock moved past an hour) → 401 A0003', async () => {
    const token = await service.token(partner);
    assert.notEqual((await service.call(path, body, { token })).statusCode, 401);
    service.clock.advance(3601_000);
    try {
      const response = await service.call(path, body, { token });
      assert.equal(response.statusCode, 401);
      assert.equal(JSON.parse(response.body).messages[0].code, 'A0003');
    } finally {
      service.clock.advance(-3601_000);
    }
  });

  test('a token signed by another key → 401', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    const forged = await new SignJWT({ scope: 'caas.full', pid: partner.partnerId, client_id: partner.clientId })
      .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: 'forged' })
      .setIssuer(TEST_PUBLIC_URL)
      .setAudience(TEST_PUBLIC_URL)
      .setSubject(partner.clientId)
      .setIssuedAt(nowS())
      .setExpirationTime(nowS() + 600)
      .setJti(randomUUID())
      .sign(privateKey);
    const response = await service.call(path, body, { token: forged });
    assert.equal(response.statusCode, 401);
  });

  test('insufficient scope → 403 envelope', async () => {
    const token = await service.token(partner, 'caas.proposals');
    const response = await service.call(path, body, { token });
    assert.equal(response.statusCode, 403);
    assert.equal(JSON.parse(response.body).messages[0].code, 'A0004');
  });

  test('a disabled partner’s token stops working', async () => {
    const other = await service.onboard();
    const token = await service.token(other);
    await service.database.db.updateTable('partners').set({ enabled: false }).where('id', '=', other.partnerId).execute();
    service.clock.advance(31_000);
    try {
      assert.equal((await service.call(path, body, { token })).statusCode, 401);
    } finally {
      service.clock.advance(-31_000);
    }
  });
});

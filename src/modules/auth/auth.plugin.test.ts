// The token endpoint as wired to HTTP and PostgreSQL: configuration reaches the checks, and a
// failure of the service is a 500, never an RFC 6749 refusal that tells the client its request was wrong.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestService, type TestPartner, type TestService } from '../../../test/support/app.js';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

async function requestToken(service: TestService, assertion: string) {
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
    client_assertion: assertion,
  });
  return service.app.inject({ method: 'POST', url: '/connect/token', headers: FORM, payload: form.toString() });
}

describe('token endpoint wiring', () => {
  let service: TestService;
  let partner: TestPartner;
  before(async () => {
    service = await startTestService({ CAAS_ASSERTION_LIFETIME_MAX_S: '600' });
    partner = await service.onboard();
  });
  after(() => service.close());

  test('CAAS_ASSERTION_LIFETIME_MAX_S bounds exp − iat', async () => {
    const iat = Math.floor(service.clock.now().getTime() / 1000);
    const tooLong = await requestToken(service, await service.assertion(partner, { iat, exp: iat + 900 }));
    assert.equal(tooLong.statusCode, 401, tooLong.body);
    assert.match(tooLong.json().error_description, /600 s/);
    const within = await requestToken(service, await service.assertion(partner, { iat, exp: iat + 600 }));
    assert.equal(within.statusCode, 200, within.body);
  });

  test('a failure of the service answers 500 with the request id, not invalid_request', async () => {
    const broken = await startTestService();
    try {
      const brokenPartner = await broken.onboard();
      await broken.database.db.schema.dropTable('assertion_jtis').execute();
      const response = await requestToken(broken, await broken.assertion(brokenPartner));
      assert.equal(response.statusCode, 500, response.body);
      assert.doesNotMatch(response.body, /invalid_request|assertion_jtis/);
      assert.equal(response.json().messages[0].context, response.headers['x-request-id']);
    } finally {
      await broken.close();
    }
  });

  test('a body the endpoint cannot read is still an RFC 6749 invalid_request', async () => {
    const response = await service.app.inject({ method: 'POST', url: '/connect/token', headers: { 'content-type': 'text/xml' }, payload: '<a/>' });
    assert.equal(response.statusCode, 400);
    assert.equal(response.json().error, 'invalid_request');
  });
});

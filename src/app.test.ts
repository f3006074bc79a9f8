// Rules of buildApp that hold for every operation, whatever module serves it.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startTestService, type TestService } from '../test/support/app.js';

let service: TestService;
let token: string;
before(async () => {
  service = await startTestService();
  token = await service.token(await service.onboard());
});
after(() => service.close());

test('a form body on an operation answers 415 (forms are for the token endpoint only)', async () => {
  const response = await service.app.inject({
    method: 'POST',
    url: '/Proposta/Recusar',
    headers: { authorization: `Bearer ${token}`, idempotencykey: 'form-1', 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'dto=1',
  });
  assert.equal(response.statusCode, 415, response.body);
  assert.equal(JSON.parse(response.body).messages[0].code, 'REQ012');
});

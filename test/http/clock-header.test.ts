// Every answer carries the service's instant in Caas-Clock (issue 18): operations, refusals,
// the token endpoint and probes alike; outside sandbox mode it is the service's clock as is.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startTestService, TEST_NOW, type TestService } from '../support/app.js';

let service: TestService;
before(async () => {
  service = await startTestService();
});
after(() => service.close());

test('Caas-Clock on success, refusal, token and health answers', async () => {
  const partner = await service.onboard();
  const token = await service.token(partner);
  const refused = await service.call('/Proposta/Consultar', { dto: {} }, { token });
  const unauthenticated = await service.call('/Proposta/Consultar', { dto: {} });
  const health = await service.app.inject({ method: 'GET', url: '/health/live' });
  for (const answer of [refused, unauthenticated, health]) assert.equal(answer.headers['caas-clock'], TEST_NOW, String(answer.statusCode));
  service.clock.advance(1500);
  const later = await service.app.inject({ method: 'GET', url: '/health/live' });
  assert.equal(later.headers['caas-clock'], '2026-11-23T15:00:01.500Z');
});

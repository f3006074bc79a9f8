// The wire rules that hold for every operation (issue #2): envelope, content types, status table,
// case-insensitive names, exact numbers, IdempotencyKey presence.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestService, type TestPartner, type TestService } from '../support/app.js';

let service: TestService;
let partner: TestPartner;
let token: string;

before(async () => {
  service = await startTestService();
  partner = await service.onboard();
  token = await service.token(partner);
});
after(() => service.close());

describe('wire', () => {
  test('an unknown path answers 404 in the envelope with a request id', async () => {
    const response = await service.call('/Nada/Disso', {}, { token });
    assert.equal(response.statusCode, 404);
    const body = JSON.parse(response.body);
    assert.equal(body.hasError, true);
    assert.equal(body.messages[0].code, 'REQ404');
    assert.ok(response.headers['x-request-id']);
  });

  test('GET on an operation path answers 405 with Allow: POST', async () => {
    const response = await service.app.inject({ method: 'GET', url: '/Proposta/Recusar' });
    assert.equal(response.statusCode, 405);
    assert.equal(response.headers.allow, 'POST');
    assert.equal(JSON.parse(response.body).messages[0].code, 'REQ405');
  });

  test('no token answers 401 envelope', async () => {
    const response = await service.call('/Bureau/ConsultarBureau', { consulta: { documento: '52998224725' } });
    assert.equal(response.statusCode, 401);
    assert.equal(JSON.parse(response.body).hasError, true);
  });

  test('missing IdempotencyKey answers 400', async () => {
    const response = await service.app.inject({ method: 'POST', url: '/Proposta/Recusar', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: '{}' });
    assert.equal(response.statusCode, 400);
    assert.equal(JSON.parse(response.body).messages[0].code, 'REQ013');
  });

  test('an IdempotencyKey over 255 characters answers 400', async () => {
    const response = await service.call('/Proposta/Recusar', {}, { token, key: 'k'.repeat(256) });
    assert.equal(response.statusCode, 400);
    assert.equal(JSON.parse(response.body).messages[0].field, 'IdempotencyKey');
  });

  test('a body that is not JSON answers 400 REQ001', async () => {
    const response = await service.call('/Proposta/Recusar', '{"dto": ', { token });
    assert.equal(response.statusCode, 400);
    assert.equal(JSON.parse(response.body).messages[0].code, 'REQ001');
  });

  test('a non-JSON content type answers 415', async () => {
    const response = await service.app.inject({ method: 'POST', url: '/Proposta/Recusar', headers: { authorization: `Bearer ${token}`, idempotencykey: 'k', 'content-type': 'text/xml' }, payload: '<a/>' });
    assert.equal(response.statusCode, 415);
    assert.equal(JSON.parse(response.body).hasError, true);
  });

  test('a body over 1 MiB answers 413', async () => {
    const response = await service.call('/Proposta/Recusar', { dto: { codigoOperacao: 'x'.repeat(1_100_000) } }, { token });
    assert.equal(response.statusCode, 413);
  });

  test('schema errors: one message per problem with the JSON path, in text/plain by default', async () => {
    const response = await service.call('/Proposta/Recusar', { dto: { numeroProposta: 'abc', campoEstranho: 1 }, propostaRecusaDTO: { motivoRejeicao: 1.5 } }, { token });
    assert.equal(response.statusCode, 400);
    assert.match(String(response.headers['content-type']), /^text\/plain; charset=utf-8/);
    const body = JSON.parse(response.body);
    const fields = body.messages.map((m: { field: string }) => m.field).sort();
    // Issue 11: the unknown dto.campoEstranho is ignored, not refused; the malformed known fields are named.
    assert.deepEqual(fields, ['dto.numeroProposta', 'propostaRecusaDTO.motivoRejeicao']);
    assert.ok(body.messages.every((m: { messageType: number; description: string }) => m.messageType === 1 && m.description.length > 0));
  });

  test('Accept: application/json gets application/json', async () => {
    const response = await service.call('/Proposta/Recusar', { dto: { numeroProposta: 'abc' } }, { token, headers: { accept: 'application/json' } });
    assert.match(String(response.headers['content-type']), /^application\/json/);
  });

  test('field names are matched case-insensitively', async () => {
    const response = await service.call('/Proposta/Recusar', { DTO: { NumeroProposta: 'abc' } }, { token });
    const fields = JSON.parse(response.body).messages.map((m: { field: string }) => m.field);
    assert.ok(fields.includes('dto.numeroProposta'), fields.join());
    assert.ok(!fields.some((f: string) => /^DTO|NumeroProposta/.test(f)), fields.join());
  });

  test('two casings of one field in the same object are refused', async () => {
    const response = await service.call('/Proposta/Recusar', { dto: { numeroProposta: 1, NumeroProposta: 2 } }, { token });
    assert.equal(response.statusCode, 400);
    assert.equal(JSON.parse(response.body).messages[0].code, 'REQ008');
  });

  test('money above the interface bound is refused on the exact value; the bound itself passes validation', async () => {
    const over = await service.call('/Proposta/IncluirManualSimplificado', '{"dto":{"vlrSolicitado":5000000000000000.01}}', { token });
    const body = JSON.parse(over.body);
    assert.ok(body.messages.some((m: { field: string; code: string }) => m.field === 'dto.vlrSolicitado' && m.code === 'REQ005'));
    const tooPrecise = await service.call('/Proposta/IncluirManualSimplificado', '{"dto":{"vlrSolicitado":10.001}}', { token });
    assert.ok(JSON.parse(tooPrecise.body).messages.some((m: { field: string }) => m.field === 'dto.vlrSolicitado'));
  });

  test('health, metrics, openapi and docs answer', async () => {
    assert.equal((await service.app.inject({ url: '/health/live' })).statusCode, 200);
    const ready = await service.app.inject({ url: '/health/ready' });
    assert.equal(ready.statusCode, 200, ready.body);
    const metrics = await service.app.inject({ url: '/metrics' });
    assert.match(metrics.body, /caas_http_requests_total/);
    const openapi = (await service.app.inject({ url: '/openapi.json' })).json() as { openapi: string; paths: Record<string, unknown> };
    assert.equal(openapi.openapi, '3.1.0');
    assert.ok(openapi.paths['/Proposta/IncluirManualSimplificado']);
    // /docs is Swagger UI on /openapi.json (issue 15): the page loads the renderer from this server.
    const docs = await service.app.inject({ url: '/docs' });
    assert.match(docs.body, /\/docs\/assets\/swagger-ui-bundle\.js/);
    assert.match(String(docs.headers['content-security-policy']), /script-src 'self'/);
  });
});

// Issue 12, each hostile shape once (the fuzz in hostile-fuzz.test.ts mixes them): refused at the
// edge with a 4xx for every operation and for the token form; a 500 that still happens is logged
// with its cause and request id, and its body leaks nothing.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { SignJWT, importPKCS8 } from 'jose';
import { buildApp, loggerOptions } from '../../src/app.js';
import { moduleContext, moduleRoutes } from '../../src/compose.js';
import { ALL_SPECS } from '../../src/descriptors.js';
import { LIMITS } from '../../src/platform/config/limits.js';
import { defineSpec } from '../../src/platform/http/operation-spec.js';
import { defineRoute } from '../../src/platform/http/route.js';
import { envelope, obj, opt, text } from '../../src/platform/http/schema-types.js';
import { operationExamples } from '../../src/reference/operation-examples.js';
import { startTestService, TEST_PUBLIC_URL, type TestPartner, type TestService } from '../support/app.js';

let service: TestService;
let partner: TestPartner;
let token: string;
const examples = operationExamples();

before(async () => {
  service = await startTestService();
  partner = await service.onboard();
  token = await service.token(partner);
});
after(() => service.close());

async function refusal(path: string, body: string | Buffer): Promise<{ status: number; code: string; field: string | null }> {
  const response = await service.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, idempotencykey: randomUUID() }, payload: body });
  const message = (JSON.parse(response.body) as { messages: { code: string; field: string | null }[] }).messages[0] as { code: string; field: string | null };
  return { status: response.statusCode, code: message.code, field: message.field };
}

const DETAILS = '/AgendaRecebivel/ConsultarDetalhes';
const GUARANTEE_DOCUMENT = '/Proposta/SalvarPropostaGarantiaBemDocumento';
const NIL_UUID = '00000000-0000-0000-0000-000000000000';

describe('hostile JSON bodies', () => {
  test('NUL and unpaired surrogates, in values and in keys: 400 REQ014 naming the field', async () => {
    const document = examples.Proposta_SalvarPropostaGarantiaBemDocumento as { dto: Record<string, unknown> };
    assert.deepEqual(await refusal(GUARANTEE_DOCUMENT, JSON.stringify({ ...document, dto: { ...document.dto, nomeArquivo: 'foto\ud800.pdf' } })), { status: 400, code: 'REQ014', field: 'dto.nomeArquivo' });
    assert.deepEqual(await refusal(DETAILS, '{"dto": {"codigoOperacao": "a\\u0000b"}}'), { status: 400, code: 'REQ014', field: 'dto.codigoOperacao' });
    assert.deepEqual(await refusal(DETAILS, '{"dto": {"x\\udc00": 1}}'), { status: 400, code: 'REQ014', field: 'dto.x\udc00' });
  });

  test('nil (and max) uuids identify no record: 400 REQ007', async () => {
    const document = examples.Proposta_SalvarPropostaGarantiaBemDocumento as { dto: Record<string, unknown> };
    for (const id of [NIL_UUID, 'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF']) {
      assert.deepEqual(await refusal(GUARANTEE_DOCUMENT, JSON.stringify({ ...document, dto: { ...document.dto, codigoPropostaGarantiaBem: id } })), { status: 400, code: 'REQ007', field: 'dto.codigoPropostaGarantiaBem' });
      assert.deepEqual(await refusal(DETAILS, JSON.stringify({ dto: { codigoProposta: id } })), { status: 400, code: 'REQ007', field: 'dto.codigoProposta' });
    }
    const address = (examples.Pessoa_SalvarEnderecos as { dtos: Record<string, unknown>[] }).dtos[0];
    const saved = await refusal('/Pessoa/SalvarEnderecos', JSON.stringify({ ...examples.Pessoa_SalvarEnderecos, dtos: [{ ...address, codigo: NIL_UUID }] }));
    assert.equal(saved.status, 400);
  });

  test('nesting, long lists and objects, long numbers, case-duplicate keys, invalid UTF-8: 4xx', async () => {
    const deep = `{"dto": ${'['.repeat(200_000)}${']'.repeat(200_000)}}`;
    assert.deepEqual(await refusal(DETAILS, deep), { status: 400, code: 'REQ001', field: null });
    const longList = JSON.stringify({ dto: { nroParcelas: Array.from({ length: LIMITS.BODY_CONTAINER_ENTRIES_MAX + 1 }, () => 1) } });
    assert.deepEqual(await refusal(DETAILS, longList), { status: 400, code: 'REQ009', field: 'dto.nroParcelas' });
    const wideObject = JSON.stringify({ dto: Object.fromEntries(Array.from({ length: LIMITS.BODY_CONTAINER_ENTRIES_MAX + 1 }, (_, i) => [`k${i}`, i])) });
    assert.deepEqual(await refusal(DETAILS, wideObject), { status: 400, code: 'REQ009', field: 'dto' });
    assert.deepEqual(await refusal('/Proposta/IncluirManualSimplificado', `{"dto": {"vlrSolicitado": 1${'0'.repeat(LIMITS.JSON_NUMBER_CHARS_MAX)}}}`), { status: 400, code: 'REQ005', field: 'dto.vlrSolicitado' });
    for (const big of ['9007199254740993', '1e400', '-1e400']) {
      const answer = await refusal('/Proposta/IncluirManualSimplificado', `{"dto": {"prazo": ${big}, "vlrSolicitado": ${big}}}`);
      assert.equal(answer.status, 400, big);
    }
    assert.deepEqual(await refusal(DETAILS, '{"dto": {"extra": 1, "EXTRA": 2}}'), { status: 400, code: 'REQ008', field: 'dto.EXTRA' });
    const invalidUtf8 = Buffer.concat([Buffer.from('{"dto": {"codigoOperacao": "'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}}')]);
    assert.deepEqual(await refusal(DETAILS, invalidUtf8), { status: 400, code: 'REQ001', field: null });
  });
});

describe('hostile token requests: RFC 6749 invalid_request', () => {
  const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
  const tokenCall = (payload: string | Buffer) => service.app.inject({ method: 'POST', url: '/connect/token', headers: FORM, payload });
  const base = async (claims: Record<string, unknown> = {}) => ({
    grant_type: 'client_credentials',
    client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
    client_assertion: await service.assertion(partner, claims),
  });

  test('NUL or an unpaired surrogate in a form field, bad percent-escapes, invalid UTF-8', async () => {
    const form = await base();
    const bodies = [
      new URLSearchParams({ ...form, client_id: `a\u0000b` }).toString(),
      `${new URLSearchParams(form).toString()}&scope=%ED%A0%80`,
      `${new URLSearchParams(form).toString()}&scope=%zz`,
      Buffer.concat([Buffer.from(`${new URLSearchParams(form).toString()}&scope=`), Buffer.from([0xff])]),
    ];
    for (const body of bodies) {
      const response = await tokenCall(body);
      assert.equal(response.statusCode, 400, response.body);
      assert.equal(response.json().error, 'invalid_request', response.body);
    }
  });

  test('iss/sub holding NUL (a signed assertion, decoded claims): invalid_request, not a 500', async () => {
    const key = await importPKCS8(partner.keys.privateKeyPem, 'RS256');
    const now_s = Math.floor(service.clock.now().getTime() / 1000);
    for (const id of [`${partner.clientId}\u0000`, `\ud800${partner.clientId}`]) {
      const assertion = await new SignJWT({ jti: randomUUID(), iat: now_s, exp: now_s + 300, iss: id, sub: id, aud: `${TEST_PUBLIC_URL}/connect/token` }).setProtectedHeader({ alg: 'RS256' }).sign(key);
      const response = await tokenCall(new URLSearchParams({ ...(await base()), client_assertion: assertion }).toString());
      assert.equal(response.statusCode, 400, response.body);
      assert.equal(response.json().error, 'invalid_request');
    }
  });
});

describe('a 500 that still happens', () => {
  test('is logged with its cause and the request id; the body carries only the id', async () => {
    const spec = defineSpec({ path: '/Teste/Quebrar', operationId: 'Teste_Quebrar', summary: 'probe', scope: 'caas.proposals', kind: 'query', envelope: 'camel', body: obj({ x: opt(text()) }), response: envelope({}) });
    const crash = defineRoute(spec, async () => {
      throw new Error('assertion: secret state at /srv/caas/db.ts:42');
    });
    const lines: string[] = [];
    const app = await buildApp({
      db: service.database.db,
      clock: service.clock,
      config: service.config,
      authenticator: { authenticate: async () => ({ partnerId: partner.partnerId, clientId: partner.clientId, scopes: [] }) },
      operations: ALL_SPECS,
      routes: [...moduleRoutes(moduleContext(service.database.db, service.clock, service.config)), crash],
      logger: { ...(loggerOptions('error') as object), stream: { write: (line: string) => lines.push(line) } },
    });
    try {
      const response = await app.inject({ method: 'POST', url: '/Teste/Quebrar', headers: { 'content-type': 'application/json', idempotencykey: 'k', 'x-request-id': 'req-crash-1' }, payload: '{}' });
      assert.equal(response.statusCode, 500);
      assert.doesNotMatch(response.body, /assertion|secret|\/srv|db\.ts/);
      assert.equal(JSON.parse(response.body).messages[0].context, 'req-crash-1');
      const logged = lines.map((l) => JSON.parse(l) as { reqId?: string; err?: { message?: string } }).find((l) => l.err?.message?.includes('secret state'));
      assert.ok(logged, lines.join('\n'));
      assert.equal(logged.reqId, 'req-crash-1');
    } finally {
      await app.close();
    }
  });
});

// The answers nobody wants but every client must be able to handle (issue #2): 429 with
// Retry-After, and a 500 that carries the request id and nothing internal. Plus the purge job.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { purgeExpiredIdempotency } from '../../src/platform/idempotency.js';
import { defineSpec } from '../../src/platform/http/operation-spec.js';
import { defineRoute } from '../../src/platform/http/route.js';
import { envelope, obj, opt, text, Type } from '../../src/platform/http/schema-types.js';
import { startTestService, type TestPartner, type TestService } from '../support/app.js';

const crashSpec = defineSpec({
  path: '/Teste/Quebrar',
  operationId: 'Teste_Quebrar',
  summary: 'probe that breaks an invariant',
  scope: 'caas.proposals',
  kind: 'command',
  envelope: 'camel',
  body: obj({ x: opt(text()) }),
  response: envelope({}),
});
const crash = defineRoute(crashSpec, async () => {
  throw new Error('assertion: secret internal state at /srv/caas/db.ts:42 password=hunter2');
});

// A validator that throws (not a refusal): the x-decimal check compares against a bound that is
// no number, so decimal.js throws inside the schema check. The route's handler gets a plain Error
// as the validation error and hands it to Fastify's error path (`reply.send(refused)`).
const brokenValidatorSpec = defineSpec({
  path: '/Teste/ValidadorQuebrado',
  operationId: 'Teste_ValidadorQuebrado',
  summary: 'probe whose schema check throws',
  scope: 'caas.proposals',
  kind: 'command',
  envelope: 'camel',
  body: obj({ valor: Type.Unsafe<number>({ 'x-decimal': { minimum: 'secret-bound-not-a-number', maximum: '1', scale: 2 } }) }),
  response: envelope({}),
});
let brokenValidatorRan = false;
const brokenValidator = defineRoute(brokenValidatorSpec, async () => {
  brokenValidatorRan = true;
  return {};
});

let service: TestService;
let partner: TestPartner;
let token: string;

before(async () => {
  service = await startTestService({ CAAS_RATE_LIMIT_PER_SECOND: '2' }, [crash, brokenValidator]);
  partner = await service.onboard();
  token = await service.token(partner);
});
after(() => service.close());

describe('failure answers', () => {
  test('over the rate limit: 429 envelope with Retry-After; the bucket refills with time', async () => {
    const statuses: number[] = [];
    let limited;
    for (let i = 0; i < 6; i += 1) {
      const response = await service.call('/Proposta/Consultar', { dto: { numeroProposta: 1 } }, { token });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) limited = response;
    }
    assert.ok(limited, statuses.join());
    assert.equal(JSON.parse(limited.body).messages[0].code, 'REQ429');
    assert.ok(Number(limited.headers['retry-after']) >= 1);
    service.clock.advance(5_000);
    assert.notEqual((await service.call('/Proposta/Consultar', { dto: { numeroProposta: 1 } }, { token })).statusCode, 429);
  });

  test('a broken invariant: 500 with the request id, nothing internal, not stored for the key', async () => {
    service.clock.advance(5_000);
    const response = await service.call('/Teste/Quebrar', {}, { token, key: 'crash-1', headers: { 'x-request-id': 'req-abc-123' } });
    assert.equal(response.statusCode, 500);
    const body = JSON.parse(response.body);
    assert.equal(body.hasError, true);
    assert.equal(body.messages[0].code, 'SYS500');
    assert.equal(body.messages[0].context, 'req-abc-123');
    assert.equal(response.headers['x-request-id'], 'req-abc-123');
    assert.doesNotMatch(response.body, /assertion|secret|hunter2|\/srv|db\.ts/);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from idempotency_records where key = 'crash-1'`.execute(service.database.db);
    assert.equal(rows[0]!.n, 0);
  });

  test('a validator that throws: 500 with the request id, nothing internal, the handler never runs, nothing stored', async () => {
    service.clock.advance(5_000);
    const response = await service.call('/Teste/ValidadorQuebrado', { valor: 0.5 }, { token, key: 'broken-validator-1', headers: { 'x-request-id': 'req-validator-1' } });
    assert.equal(response.statusCode, 500);
    const body = JSON.parse(response.body);
    assert.equal(body.hasError, true);
    assert.deepEqual(body.messages.map((m: { code: string; context: string }) => [m.code, m.context]), [['SYS500', 'req-validator-1']]);
    assert.equal(response.headers['x-request-id'], 'req-validator-1');
    assert.doesNotMatch(response.body, /Decimal|Invalid argument|secret-bound|FST_ERR/);
    assert.equal(brokenValidatorRan, false);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from idempotency_records where key = 'broken-validator-1'`.execute(service.database.db);
    assert.equal(rows[0]!.n, 0);
  });

  test('the purge job deletes expired idempotency records only', async () => {
    const now = service.clock.now();
    const row = (key: string, expires: Date) => ({ partner_id: partner.partnerId, operation: 'X', key, request_hash: 'h', status_code: 200, body: '{}', created_at: now, expires_at: expires });
    await service.database.db.insertInto('idempotency_records').values([row('old', new Date(now.getTime() - 1)), row('fresh', new Date(now.getTime() + 60_000))]).execute();
    assert.ok((await purgeExpiredIdempotency(service.database.db, now)) >= 1);
    const keys = (await service.database.db.selectFrom('idempotency_records').select('key').where('operation', '=', 'X').execute()).map((r) => r.key);
    assert.deepEqual(keys, ['fresh']);
  });
});

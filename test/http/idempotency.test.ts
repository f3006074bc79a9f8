// Exactly-once commands (issue #2): replay byte for byte, 422 on a different body, 409 while in
// flight, one effect under 50 parallel requests, business errors stored, keys scoped per partner
// and operation. Driven through a probe command that writes one row per execution.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { DomainError } from '../../src/platform/errors.js';
import { defineSpec } from '../../src/platform/http/operation-spec.js';
import { defineRoute } from '../../src/platform/http/route.js';
import { envelope, integer, money, obj, opt, Parametros, text, Type } from '../../src/platform/http/schema-types.js';
import { startTestService, type TestPartner, type TestService } from '../support/app.js';

const probeSpec = defineSpec({
  path: '/Teste/Registrar',
  operationId: 'Teste_Registrar',
  summary: 'probe command',
  scope: 'caas.proposals',
  kind: 'command',
  envelope: 'camel',
  body: obj({ valor: money(), espera_ms: opt(integer({ minimum: 0, maximum: 2000 })), falhar: opt(text()), parametros: Parametros }),
  response: envelope({ id: Type.Integer() }),
});

const probe = defineRoute(probeSpec, async (input, ctx) => {
  if (input.falhar) throw new DomainError('business', [{ code: 'T0001', description: input.falhar }]);
  const row = await sql<{ id: number }>`insert into probe_effects (partner_id, valor) values (${ctx.auth.partnerId}, ${input.valor.toFixed()}) returning id`.execute(ctx.tx);
  if (input.espera_ms) await sql`select pg_sleep(${input.espera_ms / 1000})`.execute(ctx.tx);
  return { id: row.rows[0]!.id };
});

let service: TestService;
let partner: TestPartner;
let token: string;

async function effects(): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from probe_effects`.execute(service.database.db);
  return rows[0]!.n;
}

before(async () => {
  service = await startTestService({}, [probe]);
  await sql`create table probe_effects (id serial primary key, partner_id uuid not null, valor numeric not null)`.execute(service.database.db);
  partner = await service.onboard();
  token = await service.token(partner);
});
after(() => service.close());

describe('IdempotencyKey', () => {
  test('the same key and body replays the stored answer byte for byte and does nothing else', async () => {
    const first = await service.call('/Teste/Registrar', { valor: 10.5, parametros: [{ nome: 'a', valor: 'b' }] }, { token, key: 'replay-1' });
    assert.equal(first.statusCode, 200, first.body);
    const before = await effects();
    const second = await service.call('/Teste/Registrar', { VALOR: 10.50, parametros: [{ nome: 'a', valor: 'b' }] }, { token, key: 'replay-1' });
    assert.equal(second.statusCode, 200);
    assert.equal(second.body, first.body);
    assert.equal(second.headers['idempotent-replayed'], 'true');
    assert.equal(first.headers['idempotent-replayed'], undefined);
    assert.equal(await effects(), before);
    assert.deepEqual(JSON.parse(first.body).parametros, [{ nome: 'a', valor: 'b' }]);
  });

  test('the same key with a different body answers 422 and does nothing', async () => {
    await service.call('/Teste/Registrar', { valor: 1 }, { token, key: 'mismatch-1' });
    const before = await effects();
    const response = await service.call('/Teste/Registrar', { valor: 2 }, { token, key: 'mismatch-1' });
    assert.equal(response.statusCode, 422);
    assert.equal(JSON.parse(response.body).messages[0].code, 'IDEM422');
    assert.equal(await effects(), before);
  });

  test('50 parallel requests with one key: one effect, the others 409 or a replay', async () => {
    const before = await effects();
    const responses = await Promise.all(Array.from({ length: 50 }, () => service.call('/Teste/Registrar', { valor: 3, espera_ms: 300 }, { token, key: 'parallel-1' })));
    const statuses = responses.map((r) => r.statusCode);
    assert.equal(await effects(), before + 1);
    assert.ok(statuses.every((s) => s === 200 || s === 409), statuses.join());
    assert.ok(statuses.includes(409));
    const conflict = responses.find((r) => r.statusCode === 409)!;
    assert.equal(JSON.parse(conflict.body).messages[0].code, 'IDEM409');
    const after = await service.call('/Teste/Registrar', { valor: 3, espera_ms: 300 }, { token, key: 'parallel-1' });
    assert.equal(after.headers['idempotent-replayed'], 'true');
  });

  test('a business error is stored and replayed; its partial effects are rolled back', async () => {
    const first = await service.call('/Teste/Registrar', { valor: 4, falhar: 'regra de negócio' }, { token, key: 'business-1' });
    assert.equal(first.statusCode, 400);
    const second = await service.call('/Teste/Registrar', { valor: 4, falhar: 'regra de negócio' }, { token, key: 'business-1' });
    assert.equal(second.statusCode, 400);
    assert.equal(second.body, first.body);
    assert.equal(second.headers['idempotent-replayed'], 'true');
  });

  test('a schema error is not stored: the corrected request with the same key runs', async () => {
    const bad = await service.call('/Teste/Registrar', { valor: 'x' }, { token, key: 'schema-1' });
    assert.equal(bad.statusCode, 400);
    const good = await service.call('/Teste/Registrar', { valor: 5 }, { token, key: 'schema-1' });
    assert.equal(good.statusCode, 200);
  });

  test('an invalid body never runs the handler: 400 REQ00x as before, no idempotency record, no row', async () => {
    const before = await effects();
    const refused = await service.call('/Teste/Registrar', { espera_ms: 1 }, { token, key: 'schema-2' });
    assert.equal(refused.statusCode, 400);
    assert.deepEqual(JSON.parse(refused.body).messages.map((m: { code: string; field: string | null }) => [m.code, m.field]), [['REQ003', 'valor']]);
    const command = await service.call('/Proposta/IncluirManualSimplificado', { dto: { vlrSolicitado: 'x' } }, { token, key: 'schema-3' });
    assert.equal(command.statusCode, 400);
    assert.match(JSON.parse(command.body).messages[0].code, /^REQ00\d$/);
    assert.equal(await effects(), before, 'the probe handler did not run');
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from idempotency_records where key in ('schema-2', 'schema-3')`.execute(service.database.db);
    assert.equal(rows[0]!.n, 0);
    const proposals = await sql<{ n: number }>`select count(*)::int as n from proposals`.execute(service.database.db);
    assert.equal(proposals.rows[0]!.n, 0, 'the command wrote no proposal');
  });

  test('keys are scoped to the partner: another partner with the same key gets its own effect', async () => {
    const other = await service.onboard();
    const otherToken = await service.token(other);
    const mine = await service.call('/Teste/Registrar', { valor: 6 }, { token, key: 'shared-key' });
    const theirs = await service.call('/Teste/Registrar', { valor: 6 }, { token: otherToken, key: 'shared-key' });
    assert.equal(theirs.headers['idempotent-replayed'], undefined);
    assert.notEqual(JSON.parse(mine.body).id, JSON.parse(theirs.body).id);
  });

  test('expired records no longer replay (retention is honoured)', async () => {
    await service.call('/Teste/Registrar', { valor: 7 }, { token, key: 'expiry-1' });
    service.clock.advance(service.config.idempotencyRetentionMs + 1000);
    const again = await service.call('/Teste/Registrar', { valor: 7 }, { token: await service.token(partner), key: 'expiry-1' });
    assert.equal(again.headers['idempotent-replayed'], undefined);
    assert.equal(again.statusCode, 200);
  });
});

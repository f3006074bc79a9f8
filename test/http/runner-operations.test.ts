// Issue 13: partner operations on the command runner (route → input → runner → command → result →
// view). Pessoa/SalvarEnderecos is one; a probe command with `parametros` covers the echo. The
// record holds the hash of the domain input and the domain result; a replay renders it again byte
// for byte; records written by the older path (hash of the wire body, rendered answer) still replay.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import type { CommandDefinition } from '../../src/platform/commands.js';
import { DomainError } from '../../src/platform/errors.js';
import { hashRequest } from '../../src/platform/idempotency.js';
import { addressInput, addressPaths } from '../../src/modules/customers/address-wire.js';
import { defineSpec } from '../../src/platform/http/operation-spec.js';
import { defineCommandRoute } from '../../src/platform/http/route.js';
import { envelope, money, obj, opt, Parametros, text, Type } from '../../src/platform/http/schema-types.js';
import { startTestService, type TestPartner, type TestService } from '../support/app.js';

const PATH = '/Pessoa/SalvarEnderecos';
const CPF = '12345678909';
const PAULISTA = { cep: '01310-100', logradouro: 'Avenida Paulista', nroLogradouro: '1578', cidade: 'São Paulo', uf: 'SP', tipoEndereco: 1 };

const probeSpec = defineSpec({
  path: '/Teste/Executor',
  operationId: 'Teste_Executor',
  summary: 'probe command on the runner',
  scope: 'caas.proposals',
  kind: 'command',
  envelope: 'camel',
  body: obj({ valor: money(), falhar: opt(text()), parametros: Parametros }),
  response: envelope({ dobro: Type.String() }),
});

const probeCommand: CommandDefinition<{ amount: string; failWith: string | null }, { doubled: string }> = {
  name: 'test.double',
  handler: async (input) => {
    if (input.failWith !== null) throw new DomainError('business', [{ code: 'T0002', description: input.failWith }]);
    return { doubled: (Number(input.amount) * 2).toFixed(2) };
  },
};
const probe = defineCommandRoute(probeSpec, {
  input: (body) => ({ amount: body.valor.toFixed(2), failWith: body.falhar ?? null }),
  command: probeCommand,
  view: (result) => ({ dobro: result.doubled }),
});

let service: TestService;
let partner: TestPartner;
let token: string;

before(async () => {
  service = await startTestService({}, [probe]);
  partner = await service.onboard();
  token = await service.token(partner);
});
after(() => service.close());

async function audits(key: string) {
  return service.database.db.selectFrom('command_audit').selectAll().where('idempotency_key', '=', key).execute();
}

describe('SalvarEnderecos on the runner', () => {
  test('runs as command customer.addresses.save with the partner as actor; a replay renders the stored result byte for byte', async () => {
    const body = { param: { documentoCliente: CPF }, dtos: [PAULISTA, { cep: 'x' }] };
    const first = await service.call(PATH, body, { token, key: 'addr-1' });
    assert.equal(first.statusCode, 200, first.body);
    const second = await service.call(PATH, body, { token, key: 'addr-1' });
    assert.equal(second.body, first.body);
    assert.equal(second.headers['idempotent-replayed'], 'true');
    assert.equal(first.headers['idempotent-replayed'], undefined);
    const rows = await audits('addr-1');
    assert.equal(rows.length, 1, 'a replay writes no second audit row');
    assert.deepEqual([rows[0]!.command, rows[0]!.actor_kind, rows[0]!.actor_id, rows[0]!.source, rows[0]!.summary], ['customer.addresses.save', 'partner', partner.partnerId, `api ${partner.clientId}`, '1 of 2 address(es) saved']);
    const record = await service.database.db.selectFrom('idempotency_records').select(['operation', 'body', 'request_hash']).where('key', '=', 'addr-1').executeTakeFirstOrThrow();
    assert.equal(record.operation, 'customer.addresses.save');
    const stored = JSON.parse(record.body) as { addresses: Array<{ outcome: string }> };
    assert.deepEqual(stored.addresses.map((a) => a.outcome), ['inserted', 'refused'], 'the record holds the domain result, not the envelope');
    const input = { customerDocument: CPF, addresses: body.dtos.map(addressInput), paths: { customerDocument: 'param.documentoCliente', addresses: 'dtos', address: body.dtos.map((_, index) => addressPaths(index)) } };
    assert.equal(record.request_hash, hashRequest(input), 'the hash is of the domain input');
  });

  test('another body under the key is 422; an all-refused request is stored and replayed as the same 400', async () => {
    const other = await service.call(PATH, { param: { documentoCliente: CPF }, dtos: [{ ...PAULISTA, cidade: 'Santos' }] }, { token, key: 'addr-1' });
    assert.equal(other.statusCode, 422);
    assert.equal(JSON.parse(other.body).messages[0].code, 'IDEM422');
    const bad = { param: { documentoCliente: '111' }, dtos: [PAULISTA] };
    const first = await service.call(PATH, bad, { token, key: 'addr-2' });
    assert.equal(first.statusCode, 400, first.body);
    const again = await service.call(PATH, bad, { token, key: 'addr-2' });
    assert.equal(again.statusCode, 400);
    assert.equal(again.body, first.body);
    assert.equal(again.headers['idempotent-replayed'], 'true');
  });

  test('a record of the older path (wire-body hash, rendered answer; scope renamed by migration 0030) replays byte for byte', async () => {
    const body = { param: { documentoCliente: CPF }, dtos: [PAULISTA] };
    const rendered = '{"msg":"1 de 1 endereço(s) salvo(s).","hasError":false,"messages":[],"results":[{"msg":"Endereço incluído","hasError":false,"messages":[],"codigo":"0b6f7c0e-2f7a-4a55-9a38-6a7f0d1c2b3a"}]}';
    const now = service.clock.now();
    await sql`insert into idempotency_records (partner_id, operation, key, request_hash, status_code, body, created_at, expires_at)
      values (${partner.partnerId}, 'Pessoa_SalvarEnderecos', 'older-1', ${hashRequest(body)}, 200, ${rendered}, ${now}, ${new Date(now.getTime() + 3_600_000)})`.execute(service.database.db);
    const migration = await import('node:fs').then((fs) => fs.readFileSync(new URL('../../src/platform/db/migrations/0030-idempotency-command-scope.sql', import.meta.url), 'utf8'));
    await sql.raw(migration).execute(service.database.db);
    const before = await audits('older-1');
    const replay = await service.call(PATH, body, { token, key: 'older-1' });
    assert.equal(replay.statusCode, 200);
    assert.equal(replay.body, rendered);
    assert.equal(replay.headers['idempotent-replayed'], 'true');
    assert.deepEqual(await audits('older-1'), before, 'nothing ran');
    const other = await service.call(PATH, { param: { documentoCliente: CPF }, dtos: [SAVASSI_LIKE] }, { token, key: 'older-1' });
    assert.equal(other.statusCode, 422, 'another request under an older key is still refused');
  });
});

const SAVASSI_LIKE = { cep: '30112-000', logradouro: 'Rua Pernambuco', cidade: 'Belo Horizonte', uf: 'MG' };

describe('a command route that echoes parametros', () => {
  test('the echo is part of the request: same parametros replay the first answer, other parametros are 422', async () => {
    const first = await service.call('/Teste/Executor', { valor: 2.5, parametros: [{ nome: 'a', valor: 'b' }] }, { token, key: 'echo-1' });
    assert.equal(first.statusCode, 200, first.body);
    assert.deepEqual(JSON.parse(first.body), { msg: null, hasError: false, messages: [], dobro: '5.00', parametros: [{ nome: 'a', valor: 'b' }] });
    const replay = await service.call('/Teste/Executor', { valor: 2.5, parametros: [{ nome: 'a', valor: 'b' }] }, { token, key: 'echo-1' });
    assert.equal(replay.body, first.body);
    // The stored answer, not a second run's: under a key the handler starts behind the claim
    // (issue 14, platform/commands.ts), and what it computes on a replay is dropped.
    assert.equal(replay.headers['idempotent-replayed'], 'true');
    const other = await service.call('/Teste/Executor', { valor: 2.5, parametros: [{ nome: 'a', valor: 'c' }] }, { token, key: 'echo-1' });
    assert.equal(other.statusCode, 422);
  });

  test('a business error answers with the echo and replays byte for byte', async () => {
    const first = await service.call('/Teste/Executor', { valor: 1, falhar: 'não', parametros: [{ nome: 'x' }] }, { token, key: 'echo-2' });
    assert.equal(first.statusCode, 400, first.body);
    assert.deepEqual(JSON.parse(first.body).parametros, [{ nome: 'x' }]);
    const replay = await service.call('/Teste/Executor', { valor: 1, falhar: 'não', parametros: [{ nome: 'x' }] }, { token, key: 'echo-2' });
    assert.equal(replay.body, first.body);
    assert.equal(replay.headers['idempotent-replayed'], 'true');
  });
});

// Issue 13: the receivables partner operations on the command path. Each command runs through the
// runner under its command name (the idempotency scope and the audit's command), its record holds
// the hash of the domain input and the domain result, and a replay renders the stored result again
// byte for byte with no second audit row. Records of the older path (wire-body hash, rendered
// answer) still replay once migration 0034 renamed their scope. The queries keep no record.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { receivablesRoutes } from '../../src/modules/receivables/routes.js';
import { sandboxSettings } from '../../src/modules/receivables/settings.js';
import { hashRequest } from '../../src/platform/idempotency.js';
import type { RunnerOperation } from '../../src/platform/http/route.js';
import { TEST_PUBLIC_URL } from '../support/app.js';
import { openFor, startWorld, type World } from './receivables-fixture.js';
import { outboxWriter } from '../../src/bindings.js';

const MIGRATION = new URL('../../src/platform/db/migrations/0034-idempotency-receivables-scope.sql', import.meta.url);

let world: World;
let proposalId: string;

before(async () => {
  world = await startWorld();
  proposalId = (await openFor(world, { count: 8 })).proposalId;
});
after(() => world.service.close());

const due = '2026-12-23';

/** One request per command, on installments of their own so that each succeeds. */
function requests(): Array<[command: string, path: string, body: () => Record<string, unknown>]> {
  const dto = { codigoProposta: proposalId };
  return [
    ['boleto.generate', '/AgendaRecebivel/GerarUnicoBoleto', () => ({ dto: { ...dto, nroParcelas: [1] }, dtoGerarUnicoBoleto: { dtVencimento: due, descricaoBoleto: 'Parcela 1' }, parametros: [{ nome: 'a', valor: '1' }] })],
    ['boletos.generate', '/AgendaRecebivel/GerarMultiplosBoletos', () => ({ dto, dtoGerarMultiplosBoletos: { descricaoBoleto: 'Parcela 2', parcelas: [{ nroParcela: 2, dtVencimento: due }] } })],
    ['charge.generate', '/AgendaRecebivel/GerarUnicaCobranca', () => ({ dto: { ...dto, nroParcelas: [3] }, dtoGerarUnicaLiquidacao: { dtVencimento: due, descricaoLiquidacao: 'Parcela 3' } })],
    ['charges.generate', '/AgendaRecebivel/GerarMultiplasCobrancas', () => ({ dto, dtoGerarMultiplasLiquidacoes: { descricaoLiquidacao: 'Parcela 4', pagamentoViaPIX: true, parcelas: [{ nroParcela: 4 }] } })],
    ['launches.add', '/AgendaRecebivel/IncluirLancamentoMultiplasParcelas', () => ({ dto, dtoLancamentoParcelas: [{ nroParcela: 5, dtPagamento: '2026-11-23', vlrPagamento: 100.5 }] })],
    ['launch.add', '/AgendaRecebivel/IncluirLancamentoParcela', () => ({ dto: { ...dto, nroParcela: 6 }, dtoLancamentoParcela: { dtPagamento: '2026-11-23', vlrPagamento: 10 } })],
  ];
}

async function audits(key: string) {
  return world.service.database.db.selectFrom('command_audit').selectAll().where('idempotency_key', '=', key).execute();
}

async function record(key: string) {
  return world.service.database.db.selectFrom('idempotency_records').select(['operation', 'body', 'status_code']).where('key', '=', key).executeTakeFirst();
}

describe('receivables commands on the runner', () => {
  test('each runs as its command with the partner as actor; a replay renders the stored domain result byte for byte', async () => {
    for (const [command, path, body] of requests()) {
      const key = `rr-${command}`;
      const first = await world.service.call(path, body(), { token: world.token, key });
      assert.equal(first.statusCode, 200, `${command}: ${first.body}`);
      const again = await world.service.call(path, body(), { token: world.token, key });
      assert.equal(again.body, first.body, command);
      assert.equal(again.headers['idempotent-replayed'], 'true', command);
      const rows = await audits(key);
      assert.deepEqual(rows.map((r) => [r.command, r.actor_kind, r.actor_id, r.source]), [[command, 'partner', world.partner.partnerId, `api ${world.partner.clientId}`]], `${command}: one audit row, none for the replay`);
      const stored = await record(key);
      assert.equal(stored?.operation, command);
      assert.equal('hasError' in (JSON.parse(stored!.body) as object), false, `${command}: the record holds the domain result, not the envelope`);
    }
  });

  test('FGTS/CancelarCobrancas runs as charges.cancel (on both paths) and answers {} again on a replay', async () => {
    const issued = await world.service.call('/AgendaRecebivel/GerarUnicaCobranca', { dto: { codigoProposta: proposalId, nroParcelas: [7] }, dtoGerarUnicaLiquidacao: { dtVencimento: due, descricaoLiquidacao: 'Parcela 7' } }, { token: world.token, key: 'rr-cancel-issue' });
    const code = (JSON.parse(issued.body) as { cobrancas: Array<{ codigoLiquidacao: string }> }).cobrancas[0]!.codigoLiquidacao;
    const body = { dto: { codigoProposta: proposalId }, dtoCancelarCobrancas: { codigosLiquidacoes: [code] } };
    const first = await world.service.call('/FGTS/CancelarCobrancas', body, { token: world.token, key: 'rr-cancel' });
    assert.equal(first.statusCode, 200, first.body);
    assert.equal(first.body, '{}');
    const viaAlias = await world.service.call('/AgendaRecebivel/CancelarCobrancas', body, { token: world.token, key: 'rr-cancel' });
    assert.equal(viaAlias.body, '{}');
    assert.equal(viaAlias.headers['idempotent-replayed'], 'true');
    assert.deepEqual((await audits('rr-cancel')).map((r) => [r.command, r.summary]), [['charges.cancel', 'cancellation of 1 charge(s) requested']]);
    assert.deepEqual(JSON.parse((await record('rr-cancel'))!.body), { chargeIds: [code] });
  });

  test('a business error is stored and replayed as the same 400, with no audit row', async () => {
    const body = { dto: { codigoProposta: proposalId }, dtoLancamentoParcelas: [{ nroParcela: 99, dtPagamento: '2026-11-23', vlrPagamento: 1 }] };
    const first = await world.service.call('/AgendaRecebivel/IncluirLancamentoMultiplasParcelas', body, { token: world.token, key: 'rr-refused' });
    assert.equal(first.statusCode, 400, first.body);
    const again = await world.service.call('/AgendaRecebivel/IncluirLancamentoMultiplasParcelas', body, { token: world.token, key: 'rr-refused' });
    assert.equal(again.body, first.body);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.deepEqual(await audits('rr-refused'), []);
  });

  test('a record of the older path (wire-body hash, rendered answer) replays byte for byte after migration 0034', async () => {
    const body = { dto: { codigoProposta: proposalId }, dtoLancamentoParcelas: [{ nroParcela: 8, dtPagamento: '2026-11-23', vlrPagamento: 1 }] };
    const rendered = '{"msg":"Lançamentos incluídos","hasError":false,"messages":[],"parametros":[]}';
    const now = world.service.clock.now();
    await sql`insert into idempotency_records (partner_id, operation, key, request_hash, status_code, body, created_at, expires_at)
      values (${world.partner.partnerId}, 'AgendaRecebivel_IncluirLancamentoMultiplasParcelas', 'rr-older', ${hashRequest(body)}, 200, ${rendered}, ${now}, ${new Date(now.getTime() + 3_600_000)})`.execute(world.service.database.db);
    await sql.raw(readFileSync(MIGRATION, 'utf8')).execute(world.service.database.db);
    const replay = await world.service.call('/AgendaRecebivel/IncluirLancamentoMultiplasParcelas', body, { token: world.token, key: 'rr-older' });
    assert.equal(replay.statusCode, 200);
    assert.equal(replay.body, rendered);
    assert.equal(replay.headers['idempotent-replayed'], 'true');
    assert.deepEqual(await audits('rr-older'), [], 'nothing ran');
  });

  test('migration 0034 renames the scope of every receivables operation on the runner, one line each', () => {
    const migration = readFileSync(MIGRATION, 'utf8');
    const deps = { settings: sandboxSettings(), publicUrl: TEST_PUBLIC_URL, proposals: {}, outbox: outboxWriter };
    const moved = receivablesRoutes(deps).filter((r) => typeof r.handler !== 'function');
    assert.equal(moved.length, 7);
    for (const route of moved) {
      const line = `update idempotency_records set operation = '${(route.handler as RunnerOperation).command.name}' where operation = '${route.spec.operationId}';`;
      assert.ok(migration.includes(line), line);
    }
  });
});

describe('receivables queries', () => {
  test('keep no idempotency record and write no audit row', async () => {
    const dto = { codigoProposta: proposalId };
    const queries: Array<[string, Record<string, unknown>]> = [
      ['/AgendaRecebivel/ConsultarParcelas', { dto: { ...dto, nroParcelas: [1] }, dtoConsultaParcelas: { dtCalculo: '2026-12-01' } }],
      ['/AgendaRecebivel/ConsultarDetalhes', { dto, dtoConsultaDetalhes: { trazerBoleto: true, trazerAgendaDetalhada: true } }],
      ['/AgendaRecebivel/ConsultarBoletos', { dto }],
    ];
    for (const [path, body] of queries) {
      const answer = await world.service.call(path, body, { token: world.token, key: 'rr-query' });
      assert.equal(answer.statusCode, 200, `${path}: ${answer.body}`);
    }
    assert.equal(await record('rr-query'), undefined);
    assert.deepEqual(await audits('rr-query'), []);
  });
});

// Issue 14: the statements each write sends, begin and commit included (the lever of a command's
// cost: each round trip costs both processes a fixed slice). The outbox rows and the audit row go
// with the statement storing the idempotency record; the figures pin that. Round trips: statements
// sent while none of the connection's was unanswered (pipelined-driver.ts: `begin` and the claim
// travel with the command's first statement, the closing statement with `commit`).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import { countStatements } from '../../src/platform/db/prepared.js';
import { personDto, post } from './proposals-fixture.js';
import { openFor, singleBoleto, startWorld, type World } from './receivables-fixture.js';

let world: World;
before(async () => {
  world = await startWorld();
});
after(() => world.service.close());

async function statementsOf(path: string, body: unknown): Promise<{ sent: string[]; roundTrips: number; answer: Record<string, unknown> }> {
  const counted = countStatements();
  try {
    const r = await post(world.service, world.token, path, body, randomUUID());
    assert.equal(r.status, 200, r.raw.body);
    return { sent: counted.statements, roundTrips: counted.roundTrips(), answer: r.body };
  } finally {
    counted.stop();
  }
}

test('statements (round trips) per write: creation 5 (2), boleto 7 (4), charge 8 (5), cancellation 5 (2), launch 7 (4) (issue 14)', async () => {
  const s = await openFor(world, { count: 4 });
  // The first call of a token reads its partner: not part of any command.
  await post(world.service, world.token, '/AgendaRecebivel/GerarUnicoBoleto', singleBoleto(s.proposalId, [4]), randomUUID());
  const created = await statementsOf('/Proposta/IncluirManualSimplificado', { dto: personDto(), parametros: null });
  assert.equal(created.sent.length, 5, created.sent.join('\n'));
  assert.equal(created.roundTrips, 2, created.sent.join('\n'));
  const boleto = await statementsOf('/AgendaRecebivel/GerarUnicoBoleto', singleBoleto(s.proposalId, [1]));
  assert.equal(boleto.sent.length, 7, boleto.sent.join('\n'));
  assert.equal(boleto.roundTrips, 4, boleto.sent.join('\n'));
  const charge = await statementsOf('/AgendaRecebivel/GerarUnicaCobranca', { dto: { codigoProposta: s.proposalId, nroParcelas: [2] }, dtoGerarUnicaLiquidacao: { dtVencimento: '2026-12-23', liquidacao: true, descricaoLiquidacao: 'Parcela 2' } });
  assert.equal(charge.sent.length, 8, charge.sent.join('\n'));
  assert.equal(charge.roundTrips, 5, charge.sent.join('\n'));
  const code = (charge.answer.cobrancas as Array<{ codigoLiquidacao: string }>)[0]!.codigoLiquidacao;
  const cancelled = await statementsOf('/FGTS/CancelarCobrancas', { dto: { codigoProposta: s.proposalId }, dtoCancelarCobrancas: { codigosLiquidacoes: [code] } });
  assert.equal(cancelled.sent.length, 5, cancelled.sent.join('\n'));
  assert.equal(cancelled.roundTrips, 2, cancelled.sent.join('\n'));
  const launch = { nroParcela: 3, dtPagamento: '2026-11-23', vlrPagamento: 1, vlrDesconto: 0, permiteDescapitalizacao: false, descricaoLancamento: 'x' };
  const launched = await statementsOf('/AgendaRecebivel/IncluirLancamentoMultiplasParcelas', { dto: { codigoProposta: s.proposalId }, dtoLancamentoParcelas: [launch] });
  assert.equal(launched.sent.length, 7, launched.sent.join('\n'));
  assert.equal(launched.roundTrips, 4, launched.sent.join('\n'));
  // The opening (0), then each command closing with its events: boleto (5) twice, charge (5, 8), launch (3).
  const types = await world.service.database.db.selectFrom('callback_events').select('event_type').where('ordering_key', '=', `proposta:${s.proposalId}`).orderBy('seq').execute();
  assert.deepEqual(types.map((t) => t.event_type), [0, 5, 5, 5, 8, 3]);
});

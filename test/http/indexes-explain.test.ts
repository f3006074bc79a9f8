// Issue 14, scale: every statement the operations send must reach its rows through an index, so
// a table of a million installments costs what a table of fifty does. The operations run over HTTP
// on a small database; each statement they sent is then EXPLAINed (same text, same values) with
// sequential scans disabled, and a plan that still scans a table sequentially (no index can
// serve it) fails the test, naming the statement.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CompiledQuery, sql } from 'kysely';
import { observeStatements } from '../../src/platform/db/prepared.js';
import { brazilDateAt } from '../../src/platform/dates.js';
import { createOk, personDto } from './proposals-fixture.js';
import { call, ok, openFor, singleBoleto, startWorld, type World } from './receivables-fixture.js';

/** Tables that stay small whatever the volume (configuration, one row per partner or key). */
const SMALL_TABLES = new Set(['partners', 'partner_keys', 'service_signing_keys', 'schema_migrations']);

interface Sent {
  text: string;
  values: readonly unknown[];
}

let world: World;
before(async () => {
  world = await startWorld();
});
after(() => world.service.close());

/** Runs `work` and returns the statements it sent that read or write table rows. */
async function statementsOf(work: () => Promise<unknown>): Promise<Sent[]> {
  const sent: Sent[] = [];
  const stop = observeStatements((text, values) => sent.push({ text, values }));
  try {
    await work();
  } finally {
    stop();
  }
  return sent.filter((s) => /^\s*(select|insert|update|delete|with)\b/i.test(s.text) && !/pg_advisory_xact_lock|nextval\(/.test(s.text));
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function seqScans(node: PlanNode): string[] {
  const own = node['Node Type'] === 'Seq Scan' && node['Relation Name'] && !SMALL_TABLES.has(node['Relation Name']) ? [node['Relation Name']] : [];
  return [...own, ...(node.Plans ?? []).flatMap(seqScans)];
}

async function assertIndexed(operation: string, sent: Sent[]): Promise<void> {
  assert.ok(sent.length > 0, `${operation}: no statement seen`);
  const db = world.service.database.db;
  const problems: string[] = [];
  await db.connection().execute(async (conn) => {
    await sql`set enable_seqscan = off`.execute(conn);
    try {
      for (const s of sent) {
        const { rows } = await conn.executeQuery<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(CompiledQuery.raw(`explain (format json) ${s.text}`, [...s.values]));
        const scans = seqScans(rows[0]!['QUERY PLAN'][0]!.Plan);
        if (scans.length > 0) problems.push(`${scans.join(', ')} scanned by: ${s.text.replace(/\s+/g, ' ').slice(0, 240)}`);
      }
    } finally {
      await sql`reset enable_seqscan`.execute(conn);
    }
  });
  assert.deepEqual(problems, [], `${operation}: statements without an index`);
}

describe('every operation reaches its rows through indexes (EXPLAIN, sequential scans disabled)', () => {
  test('token, proposal creation, Proposta/Consultar', async () => {
    await assertIndexed('token', await statementsOf(() => world.service.token(world.partner)));
    let numero = 0;
    await assertIndexed('IncluirManualSimplificado', await statementsOf(async () => (numero = (await createOk(world.service, world.token, personDto())).numero)));
    await assertIndexed('Consultar', await statementsOf(() => ok(world, '/Proposta/Consultar', { dto: { numeroProposta: numero } })));
  });

  test('receivables: boletos, charges, launches, cancellation and the queries', async () => {
    const s = await openFor(world);
    const ref = { codigoProposta: s.proposalId };
    await assertIndexed('GerarUnicoBoleto', await statementsOf(() => ok(world, '/AgendaRecebivel/GerarUnicoBoleto', singleBoleto(s.proposalId, [1]))));
    let code = '';
    await assertIndexed('GerarUnicaCobranca', await statementsOf(async () => {
      const body = await ok(world, '/AgendaRecebivel/GerarUnicaCobranca', { dto: { ...ref, nroParcelas: [2] }, dtoGerarUnicaLiquidacao: { dtVencimento: '2026-12-23', liquidacao: true, descricaoLiquidacao: 'Cobrança' } });
      code = (body.cobrancas as Array<{ codigoLiquidacao: string }>)[0]!.codigoLiquidacao;
    }));
    await assertIndexed('CancelarCobrancas', await statementsOf(() => ok(world, '/FGTS/CancelarCobrancas', { dto: ref, dtoCancelarCobrancas: { codigosLiquidacoes: [code] } })));
    const today = brazilDateAt(world.service.clock.now());
    await assertIndexed('IncluirLancamentoMultiplasParcelas', await statementsOf(() => ok(world, '/AgendaRecebivel/IncluirLancamentoMultiplasParcelas', { dto: ref, dtoLancamentoParcelas: [{ nroParcela: 3, dtPagamento: today, vlrPagamento: 1, vlrDesconto: 0, permiteDescapitalizacao: false, descricaoLancamento: 'x' }] })));
    await assertIndexed('ConsultarParcelas', await statementsOf(() => ok(world, '/AgendaRecebivel/ConsultarParcelas', { dto: { ...ref, nroParcelas: [1, 2, 3] }, dtoConsultaParcelas: { dtCalculo: today, permiteDescapitalizacao: true } })));
    await assertIndexed('ConsultarDetalhes', await statementsOf(() => ok(world, '/AgendaRecebivel/ConsultarDetalhes', { dto: { ...ref, nroParcelas: [] }, dtoConsultaDetalhes: { trazerBoleto: true, trazerAgendaDetalhada: true } })));
    await assertIndexed('ConsultarBoletos', await statementsOf(() => call(world, '/AgendaRecebivel/ConsultarBoletos', { dto: ref, dtoConsultaBoletos: {} })));
  });
});

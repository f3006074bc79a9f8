// Issue 14: the bench harness's dates and baselines.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { benchToday, OPERATIONS } from '../../bench/operations.js';

test('the bench passes the São Paulo date to --at, also between 21:00 and 24:00 there', () => {
  assert.equal(benchToday(new Date('2026-11-27T01:30:00Z')), '2026-11-26'); // 22:30 in São Paulo
  assert.equal(benchToday(new Date('2026-11-27T02:59:59Z')), '2026-11-26');
  assert.equal(benchToday(new Date('2026-11-27T03:00:00Z')), '2026-11-27');
});

test('each operation is compared with a baseline doing its essential work', () => {
  const kind = (name: string) => OPERATIONS.find((o) => o.name.startsWith(name))?.baseline ?? 'writes';
  assert.equal(kind('token request'), 'token');
  assert.equal(kind('Proposta/Consultar (unknown id)'), 'miss', 'a lookup that finds nothing: one select of an absent key');
  for (const read of ['Proposta/Consultar (by numero)', 'AgendaRecebivel/ConsultarParcelas', 'AgendaRecebivel/ConsultarDetalhes']) assert.equal(kind(read), 'read', read);
  for (const op of OPERATIONS.filter((o) => (o.baseline ?? 'writes') === 'writes' && o.writes === 0)) assert.equal(op.status, 400, `${op.name}: only the no-op has a query-free baseline`);
});

test('the bench covers every operation of issue 14, the stateful ones and the bare no-op included', () => {
  const paths = new Set(OPERATIONS.map((o) => o.path));
  for (const path of ['/connect/token', '/Proposta/IncluirManualSimplificado', '/Proposta/Consultar', '/AgendaRecebivel/ConsultarDetalhes', '/AgendaRecebivel/ConsultarParcelas', '/AgendaRecebivel/ConsultarBoletos', '/AgendaRecebivel/GerarUnicoBoleto', '/AgendaRecebivel/GerarUnicaCobranca', '/AgendaRecebivel/IncluirLancamentoMultiplasParcelas', '/FGTS/CancelarCobrancas']) {
    assert.ok(paths.has(path), path);
  }
  assert.ok(OPERATIONS.some((o) => o.baseline === 'bare'), 'an authenticated no-op against bare Fastify');
});

test('BENCH_ONLY measures the named operations and sets up only those their bodies use', async () => {
  const { plannedOperations } = await import('../../bench/operations.js');
  const plan = (only?: string) => plannedOperations(only).map((p) => `${p.measured ? '' : 'setup: '}${p.op.name.split(' ')[0]}`);
  assert.deepEqual(plan('ConsultarParcelas'), ['setup: AgendaRecebivel/IncluirLancamentoMultiplasParcelas', 'AgendaRecebivel/ConsultarParcelas']);
  assert.deepEqual(plan('ConsultarDetalhes,Boletos'), ['setup: AgendaRecebivel/GerarUnicoBoleto', 'AgendaRecebivel/ConsultarDetalhes', 'AgendaRecebivel/ConsultarBoletos']);
  assert.deepEqual(plan('CancelarCobrancas'), ['FGTS/CancelarCobrancas']);
  assert.equal(plannedOperations(undefined).every((p) => p.measured), true);
  for (const op of OPERATIONS.filter((o) => o.uses !== undefined)) assert.ok(OPERATIONS.some((o) => o.setup && o.name.includes(op.uses!)), `${op.name} uses an operation with a setup`);
});

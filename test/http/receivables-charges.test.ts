// GerarUnicaCobranca / GerarMultiplasCobrancas / FGTS/CancelarCobrancas (asynchronous), over HTTP.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { payCharge } from '../../src/modules/receivables/payments/pay-collection.js';
import { parseBrCode } from '../../src/modules/receivables/collections/pix/br-code.js';
import { sandboxSettings } from '../../src/modules/receivables/settings.js';
import { TEST_PUBLIC_URL } from '../support/app.js';
import { call, details, ok, openFor, outbox, refused, runJobs, startWorld, type World } from './receivables-fixture.js';
import { inOutbox } from '../support/outbox.js';

let world: World;
before(async () => {
  world = await startWorld();
});
after(() => world.service.close());

const SINGLE = '/AgendaRecebivel/GerarUnicaCobranca';
const MULTIPLE = '/AgendaRecebivel/GerarMultiplasCobrancas';
const CANCEL = '/FGTS/CancelarCobrancas';
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function single(proposalId: string, nroParcelas: number[], patch: Record<string, unknown> = {}) {
  return { dto: { codigoProposta: proposalId, nroParcelas }, dtoGerarUnicaLiquidacao: { dtVencimento: '2026-12-23', liquidacao: true, descricaoLiquidacao: 'Cobrança', ...patch } };
}

async function charge(proposalId: string, nroParcelas: number[], patch: Record<string, unknown> = {}): Promise<string> {
  const body = await ok(world, SINGLE, single(proposalId, nroParcelas, patch));
  const cobrancas = body.cobrancas as Array<{ codigoLiquidacao: string; parcelas: number[] }>;
  assert.equal(cobrancas.length, 1);
  assert.match(cobrancas[0]!.codigoLiquidacao, UUID_RE);
  assert.deepEqual(cobrancas[0]!.parcelas, [...nroParcelas].sort((a, b) => a - b));
  return cobrancas[0]!.codigoLiquidacao;
}

function cancel(proposalId: string, codes: string[]) {
  return { dto: { codigoProposta: proposalId }, dtoCancelarCobrancas: { codigosLiquidacoes: codes } };
}

describe('GerarUnicaCobranca', () => {
  test('boleto and Pix (default): one hybrid code, event 8 with the boleto and the Emv', async () => {
    const s = await openFor(world);
    const code = await charge(s.proposalId, [2, 1], { pagamentoViaBoleto: null, pagamentoViaPIX: null });
    const parcelas = (await details(world, s.proposalId)).parcelas;
    for (const p of parcelas.slice(0, 2)) {
      assert.equal(p.boletos!.length, 1);
      assert.equal(p.pix!.length, 1);
      assert.equal(p.pix![0]!.emv, (p.boletos![0]!.qrCode as { emv: string }).emv);
    }
    assert.deepEqual(parcelas[2]!.boletos, []);
    const parsed = parseBrCode(String(parcelas[0]!.pix![0]!.emv));
    assert.ok(parsed.ok && parsed.code.amount === '700.00');
    const events = await outbox(world, s.proposalId);
    assert.deepEqual(events.map((e) => e.type), [0, 5, 8]);
    const cobranca = events[2]!.body.GeracaoCobranca as Record<string, unknown>;
    assert.equal(cobranca.CodigoLiquidacao, code);
    assert.deepEqual(cobranca.Parcelas, [1, 2]);
    assert.equal(typeof cobranca.NroBoleto, 'number');
    assert.equal(cobranca.Emv, parcelas[0]!.pix![0]!.emv);
  });

  test('Pix only: no boleto, a Pix code of its own, event 8 without a boleto', async () => {
    const s = await openFor(world);
    const code = await charge(s.proposalId, [1], { pagamentoViaBoleto: false, pagamentoViaPIX: true, vlrDesconto: 50 });
    const [p1] = (await details(world, s.proposalId, { nroParcelas: [1] })).parcelas;
    assert.deepEqual(p1!.boletos, []);
    assert.equal(p1!.pix!.length, 1);
    assert.equal(p1!.pix![0]!.dtVencimento, '2026-12-23T00:00:00Z');
    const parsed = parseBrCode(String(p1!.pix![0]!.emv));
    assert.ok(parsed.ok && parsed.code.amount === '300.00' && parsed.code.key === sandboxSettings().pix.key);
    const events = await outbox(world, s.proposalId);
    assert.deepEqual(events.map((e) => e.type), [0, 8]);
    assert.deepEqual([(events[1]!.body.GeracaoCobranca as Record<string, unknown>).CodigoLiquidacao, (events[1]!.body.GeracaoCobranca as Record<string, unknown>).CodigoBoleto], [code, null]);
  });

  test('boleto only, offline: events 5 and 8 once the registration job has run (decision S25)', async () => {
    const s = await openFor(world);
    await charge(s.proposalId, [1], { pagamentoViaBoleto: true, tipoRegistro: 2 });
    assert.deepEqual((await outbox(world, s.proposalId)).map((e) => e.type), [0], 'no event 5 before the registration');
    const [p1] = (await details(world, s.proposalId, { nroParcelas: [1] })).parcelas;
    assert.deepEqual(p1!.pix, []);
    await runJobs(world);
    const events = await outbox(world, s.proposalId);
    assert.deepEqual(events.map((e) => e.type), [0, 5, 8]);
    assert.equal((events[2]!.body.GeracaoCobranca as Record<string, unknown>).Emv, null);
  });

  test('refusals: no payment method, the boleto rules, a live charge', async () => {
    const s = await openFor(world);
    const P = 'dtoGerarUnicaLiquidacao';
    assert.deepEqual((await refused(world, SINGLE, single(s.proposalId, [1], { pagamentoViaBoleto: false, pagamentoViaPIX: false }))).map(([f, c]) => [f, c]), [[`${P}.pagamentoViaBoleto`, 'COB001']]);
    assert.deepEqual((await refused(world, SINGLE, single(s.proposalId, [1], { vlrLiquidacao: 10 }))).map(([f, c]) => [f, c]), [[`${P}.vlrLiquidacao`, 'BOL005']]);
    assert.deepEqual((await refused(world, SINGLE, single(s.proposalId, [1], { liquidacao: false }))).map(([f, c, d]) => [f, c, d]), [[`${P}.vlrLiquidacao`, 'BOL006', 'Valor deve ser informado']]);
    assert.deepEqual((await refused(world, SINGLE, single(s.proposalId, [1], { descricaoLiquidacao: null }))).map(([f, c]) => [f, c]), [[`${P}.descricaoLiquidacao`, 'BOL001']]);
    const code = await charge(s.proposalId, [1], { pagamentoViaBoleto: false, pagamentoViaPIX: true });
    const live = await refused(world, SINGLE, single(s.proposalId, [1]));
    assert.deepEqual(live.map(([f, c, d]) => [f, c, d]), [['dto.nroParcelas[0]', 'BOL007', `Parcela 1 já possui cobrança ${code} em aberto`]]);
    const boleto = await refused(world, '/AgendaRecebivel/GerarUnicoBoleto', { dto: { codigoProposta: s.proposalId, nroParcelas: [1] }, dtoGerarUnicoBoleto: { dtVencimento: '2026-12-23', descricaoBoleto: 'x' } });
    assert.equal(boleto[0]![1], 'BOL007');
  });
});

describe('GerarMultiplasCobrancas', () => {
  test('one charge per listed installment', async () => {
    const s = await openFor(world);
    const body = await ok(world, MULTIPLE, {
      dto: { codigoProposta: s.proposalId },
      dtoGerarMultiplasLiquidacoes: { descricaoLiquidacao: 'Parcelas', pagamentoViaPIX: true, pagamentoViaBoleto: true, parcelas: [{ nroParcela: 3 }, { nroParcela: 1, vlrDesconto: 1 }] },
    });
    const cobrancas = body.cobrancas as Array<{ codigoLiquidacao: string; parcelas: number[] }>;
    assert.deepEqual(cobrancas.map((c) => c.parcelas), [[3], [1]]);
    assert.notEqual(cobrancas[0]!.codigoLiquidacao, cobrancas[1]!.codigoLiquidacao);
    assert.deepEqual((await outbox(world, s.proposalId)).map((e) => e.type), [0, 5, 8, 5, 8]);
    const refusal = await refused(world, MULTIPLE, { dto: { codigoProposta: s.proposalId }, dtoGerarMultiplasLiquidacoes: { descricaoLiquidacao: 'x', pagamentoViaPIX: false, pagamentoViaBoleto: false, parcelas: [{ nroParcela: 2 }] } });
    assert.deepEqual(refusal.map(([f, c]) => [f, c]), [['dtoGerarMultiplasLiquidacoes.pagamentoViaBoleto', 'COB001']]);
  });
});

describe('FGTS/CancelarCobrancas', () => {
  test('answers {} at once; the job cancels boleto and Pix; details then show none; events 9 then 6', async () => {
    const s = await openFor(world);
    const code = await charge(s.proposalId, [1, 2]);
    const keep = await charge(s.proposalId, [3]);
    const r = await call(world, CANCEL, cancel(s.proposalId, [code.toUpperCase()]));
    assert.equal(r.status, 200);
    assert.equal(r.text, '{}');
    const pending = (await details(world, s.proposalId, { nroParcelas: [1] })).parcelas[0]!;
    assert.deepEqual([pending.boletos![0]!.situacaoBoletoRegistro, pending.boletos![0]!.operacaoBoletoRegistro, pending.boletos![0]!.descricaoBoletoRegistro], [3, 2, 'Baixa solicitada']);
    const jobs = await world.service.database.db.selectFrom('jobs').select(['kind']).where('kind', '=', 'charge.cancel').where('status', '=', 'pending').execute();
    assert.equal(jobs.length, 1);
    const boletoUrl = String(pending.boletos![0]!.urlImpressao).slice(TEST_PUBLIC_URL.length);
    assert.equal((await runJobs(world)).done, 1);
    const after = (await details(world, s.proposalId)).parcelas;
    assert.deepEqual(after.map((p) => [p.nroParcela, p.boletos!.length, p.pix!.length]), [[1, 0, 0], [2, 0, 0], [3, 1, 1]]);
    const events = await outbox(world, s.proposalId);
    assert.deepEqual(events.map((e) => e.type), [0, 5, 8, 5, 8, 9, 6]);
    const cancelled = events[5]!.body.CancelamentoCobranca as Record<string, unknown>;
    assert.deepEqual([cancelled.CodigoLiquidacao, cancelled.Parcelas, cancelled.EstornoLancamento], [code, [1, 2], false]);
    assert.deepEqual((events[6]!.body.CancelamentoBoleto as Record<string, unknown>).Parcelas, [1, 2]);
    assert.equal((await world.service.app.inject({ method: 'GET', url: boletoUrl })).statusCode, 404);
    // The installments are free again: a new charge is accepted.
    await charge(s.proposalId, [1]);
    assert.ok(keep);
  });

  test('refusals: none sent, unknown, another schedule, already cancelled, being cancelled, paid; all-or-nothing', async () => {
    const s = await openFor(world);
    const other = await openFor(world);
    const F = 'dtoCancelarCobrancas.codigosLiquidacoes';
    assert.deepEqual((await refused(world, CANCEL, cancel(s.proposalId, []))).map(([f, c]) => [f, c]), [[F, 'COB002']]);
    const elsewhere = await charge(other.proposalId, [1]);
    const unknown = '3f1c2a44-8a4e-4b7e-9d0c-2b1a7c9e5f10';
    const a = await charge(s.proposalId, [1]);
    const b = await charge(s.proposalId, [2], { pagamentoViaBoleto: false, pagamentoViaPIX: true });
    const c = await charge(s.proposalId, [3]);
    await ok(world, CANCEL, cancel(s.proposalId, [a]));
    const being = await refused(world, CANCEL, cancel(s.proposalId, [a]));
    assert.deepEqual(being.map(([f, code]) => [f, code]), [[`${F}[0]`, 'COB006']]);
    await runJobs(world);
    await inOutbox(world.service.database.db, world.service.clock, (o) => payCharge(o.tx, o.enqueue, o.clock, { settings: sandboxSettings(), proposals: {} }, b, { amount: null, at: null }));
    const problems = await refused(world, CANCEL, cancel(s.proposalId, [c, unknown, elsewhere, a, b]));
    assert.deepEqual(problems.map(([f, code]) => [f, code]), [
      [`${F}[1]`, 'COB003'],
      [`${F}[2]`, 'COB003'],
      [`${F}[3]`, 'COB005'],
      [`${F}[4]`, 'COB004'],
    ]);
    assert.equal(problems[0]![2], `Cobrança ${unknown} não foi encontrada`);
    // Nothing was cancelled: charge c is still payable and carries its boleto.
    const [p3] = (await details(world, s.proposalId, { nroParcelas: [3] })).parcelas;
    assert.equal(p3!.boletos![0]!.situacaoBoletoRegistro, 1);
    const none = await refused(world, CANCEL, { dto: {}, dtoCancelarCobrancas: { codigosLiquidacoes: [c] } });
    assert.deepEqual(none.map(([f, code]) => [f, code]), [['dto', 'AGD002']]);
  });
});

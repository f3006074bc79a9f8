// Issue 11, point 2 (compatibility-notes, "Observed in a public partner client run against this
// project"): AgendaRecebivel/CancelarCobrancas is FGTS/CancelarCobrancas under another path and
// accepts dto.nroParcelas; AgendaRecebivel/IncluirLancamentoParcela posts one launch through the
// use case of IncluirLancamentoMultiplasParcelas. Bodies exactly as the notes show them.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { call, details, ok, openFor, outbox, refused, runJobs, startWorld, type World } from './receivables-fixture.js';
import { post } from './proposals-fixture.js';

let world: World;
before(async () => {
  world = await startWorld();
});
after(() => world.service.close());

const ALIAS = '/AgendaRecebivel/CancelarCobrancas';
const FGTS = '/FGTS/CancelarCobrancas';
const SINGLE_LAUNCH = '/AgendaRecebivel/IncluirLancamentoParcela';
const MULTIPLE_LAUNCH = '/AgendaRecebivel/IncluirLancamentoMultiplasParcelas';

/** The client's `dto`: the same object on every receivables call. */
function clientDto(proposalId: string, operationCode: string, nroParcelas: number[]) {
  return { codigoProposta: proposalId, codigoOperacao: operationCode, nroParcelas };
}

/** GerarUnicaCobranca as the notes give it; returns the codigoLiquidacao. */
async function charge(proposalId: string, operationCode: string, nroParcelas: number[]): Promise<string> {
  const body = await ok(world, '/AgendaRecebivel/GerarUnicaCobranca', {
    dto: clientDto(proposalId, operationCode, nroParcelas),
    dtoGerarUnicaLiquidacao: {
      dtVencimento: '2026-12-23', dtExpiracao: '2026-12-30', liquidacao: true, vlrLiquidacao: null, vlrDesconto: 0, pagamentoViaBoleto: true,
      pagamentoViaPIX: true, descricaoLiquidacao: 'Cobrança', permiteDescapitalizacao: false, tipoRegistro: 1,
    },
  });
  return (body.cobrancas as Array<{ codigoLiquidacao: string }>)[0]!.codigoLiquidacao;
}

function cancelBody(proposalId: string, operationCode: string, nroParcelas: number[], codes: string[]) {
  return { dto: clientDto(proposalId, operationCode, nroParcelas), dtoCancelarCobrancas: { codigosLiquidacoes: codes } };
}

describe('AgendaRecebivel/CancelarCobrancas', () => {
  test('cancels like FGTS/CancelarCobrancas, with dto.nroParcelas accepted: {} at once, then details show no boleto', async () => {
    const s = await openFor(world);
    const operationCode = s.operationCode!;
    const viaAlias = await charge(s.proposalId, operationCode, [1, 2]);
    const viaFgts = await charge(s.proposalId, operationCode, [3]);
    for (const [path, code, parcelas] of [[ALIAS, viaAlias, [1, 2]], [FGTS, viaFgts, [3]]] as const) {
      const r = await call(world, path, cancelBody(s.proposalId, operationCode, [...parcelas], [code]));
      assert.equal(r.status, 200, r.text);
      assert.equal(r.text, '{}');
    }
    assert.equal((await runJobs(world)).done, 2);
    const after = (await details(world, s.proposalId)).parcelas;
    assert.deepEqual(after.slice(0, 3).map((p) => [p.nroParcela, p.boletos!.length, p.pix!.length]), [[1, 0, 0], [2, 0, 0], [3, 0, 0]]);
    assert.deepEqual((await outbox(world, s.proposalId)).map((e) => e.type).slice(-4), [9, 6, 9, 6]);
  });

  test('one operation: the same refusals, and an IdempotencyKey used on one path replays on the other', async () => {
    const s = await openFor(world);
    const unknown = randomUUID();
    for (const path of [ALIAS, FGTS]) {
      assert.deepEqual(await refused(world, path, cancelBody(s.proposalId, s.operationCode!, [1], [unknown])), [
        ['dtoCancelarCobrancas.codigosLiquidacoes[0]', 'COB003', `Cobrança ${unknown} não foi encontrada`],
      ]);
    }
    // dto.nroParcelas is a known field: malformed, it is refused by name.
    assert.deepEqual((await refused(world, ALIAS, cancelBody(s.proposalId, s.operationCode!, [0], [unknown]))).map(([f, c]) => [f, c]), [['dto.nroParcelas[0]', 'REQ005']]);
    const code = await charge(s.proposalId, s.operationCode!, [3]);
    const key = randomUUID();
    const first = await post(world.service, world.token, ALIAS, cancelBody(s.proposalId, s.operationCode!, [3], [code]), key);
    const again = await post(world.service, world.token, FGTS, cancelBody(s.proposalId, s.operationCode!, [3], [code]), key);
    assert.deepEqual([first.status, again.status, again.raw.headers['idempotent-replayed']], [200, 200, 'true']);
  });

  test('both paths are in /openapi.json with the same request body', async () => {
    const doc = (await world.service.app.inject({ method: 'GET', url: '/openapi.json' })).json() as { paths: Record<string, { post: { operationId: string; requestBody: unknown } }> };
    const alias = doc.paths[ALIAS]!.post;
    const fgts = doc.paths[FGTS]!.post;
    assert.deepEqual([alias.operationId, fgts.operationId], ['AgendaRecebivel_CancelarCobrancas', 'FGTS_CancelarCobrancas']);
    assert.deepEqual(alias.requestBody, fgts.requestBody);
    assert.ok(JSON.stringify(alias.requestBody).includes('nroParcelas'));
    assert.ok(doc.paths[SINGLE_LAUNCH]);
  });
});

/** IncluirLancamentoParcela as the notes give it. */
function singleLaunch(proposalId: string, operationCode: string, nroParcela: number, launch: Record<string, unknown> = {}) {
  return {
    dto: { codigoOperacao: operationCode, codigoProposta: proposalId, nroParcela },
    dtoLancamentoParcela: {
      dtPagamento: '2026-11-23', vlrPagamento: 100, vlrDesconto: 0, permiteDescapitalizacao: false, descricaoLancamento: 'Pagamento parcial',
      parametros: [{ nome: 'origem', valor: 'cliente' }], ...launch,
    },
  };
}

describe('AgendaRecebivel/IncluirLancamentoParcela', () => {
  test('posts one launch exactly as IncluirLancamentoMultiplasParcelas would: same balances, same event, the envelope', async () => {
    const one = await openFor(world);
    const many = await openFor(world);
    const body = await ok(world, SINGLE_LAUNCH, singleLaunch(one.proposalId, one.operationCode!, 1));
    assert.deepEqual([body.msg, body.hasError, body.messages, body.parametros], ['Lançamentos incluídos', false, [], []]);
    await ok(world, MULTIPLE_LAUNCH, {
      dto: { codigoProposta: many.proposalId },
      dtoLancamentoParcelas: [{ nroParcela: 1, dtPagamento: '2026-11-23', vlrPagamento: 100, vlrDesconto: 0, permiteDescapitalizacao: false, descricaoLancamento: 'Pagamento parcial' }],
    });
    const [a] = (await details(world, one.proposalId, { nroParcelas: [1] })).parcelas;
    const [b] = (await details(world, many.proposalId, { nroParcelas: [1] })).parcelas;
    assert.deepEqual([a!.situacao, a!.vlrSaldoAtual, a!.vlrTotalPago], [2, 250, 100]);
    assert.deepEqual(a!.lancamentos, b!.lancamentos);
    const eventsOf = async (id: string) => (await outbox(world, id)).map((e) => [e.type, (e.body.Lancamento as { Parcelas?: unknown } | undefined)?.Parcelas ?? null]);
    assert.deepEqual(await eventsOf(one.proposalId), await eventsOf(many.proposalId));
  });

  test('refusals name the fields of this body', async () => {
    const s = await openFor(world);
    const missing = await refused(world, SINGLE_LAUNCH, singleLaunch(s.proposalId, s.operationCode!, 1, { vlrPagamento: null }));
    assert.deepEqual(missing, [['dtoLancamentoParcela.vlrPagamento', 'PARC001', 'Valor deve ser informado']]);
    const noInstallment = await refused(world, SINGLE_LAUNCH, { ...singleLaunch(s.proposalId, s.operationCode!, 1), dto: { codigoProposta: s.proposalId } });
    assert.deepEqual(noInstallment.map(([f, c]) => [f, c]), [['dto.nroParcela', 'LAN002']]);
    const notFound = await refused(world, SINGLE_LAUNCH, singleLaunch(s.proposalId, s.operationCode!, 99));
    assert.deepEqual(notFound.map(([f, c]) => [f, c]), [['dto.nroParcela', 'AGD004']]);
    const tooMuch = await refused(world, SINGLE_LAUNCH, singleLaunch(s.proposalId, s.operationCode!, 2, { vlrDesconto: 350 }));
    assert.equal(tooMuch[0]![0], 'dtoLancamentoParcela.vlrDesconto');
    assert.match(tooMuch[0]![2], /não pode ser superior ou igual ao saldo atual da parcela/);
  });
});

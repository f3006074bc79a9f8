// IncluirLancamentoMultiplasParcelas, ConsultarParcelas and ConsultarDetalhes over HTTP; the
// paid-off path with a real proposal (created, approved and disbursed through the proposals module).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { approveProposal, disburseProposal } from '../../src/modules/proposals/operator-lifecycle.js';
import { ProposalStatus } from '../../src/modules/proposals/proposal-lifecycle.js';
import { proposalDeps } from '../../src/bindings.js';
import { cancelScheduleWith } from '../../src/modules/receivables/schedule/schedule-lifecycle.js';
import { localDate } from '../../src/platform/dates.js';
import { dec } from '../../src/platform/money.js';
import { createOk, personDto } from './proposals-fixture.js';
import { details, ok, openFor, outbox, refused, singleBoleto, startWorld, type Detail, type World } from './receivables-fixture.js';
import { inOutbox } from '../support/outbox.js';

let world: World;
before(async () => {
  world = await startWorld();
});
after(() => world.service.close());

const LAUNCH = '/AgendaRecebivel/IncluirLancamentoMultiplasParcelas';
const INSTALLMENTS = '/AgendaRecebivel/ConsultarParcelas';

function launches(proposalId: string, items: Array<Record<string, unknown>>) {
  return { dto: { codigoProposta: proposalId }, dtoLancamentoParcelas: items, parametros: [{ nome: 'origem', valor: 'teste' }] };
}

/** Both identities partner clients check on every launch (compatibility-notes). */
function assertInvariants(detail: Detail): void {
  for (const l of detail.lancamentos ?? []) {
    const [parcela, abatimento, atualizado, pagamento, desconto, saldo] = [l.vlrParcela, l.vlrAbatimento, l.vlrParcelaAtualizado, l.vlrPagamento, l.vlrDesconto, l.vlrSaldoParcela].map((v) => dec(String(v)));
    assert.ok(atualizado!.equals(parcela!.minus(abatimento!)), JSON.stringify(l));
    assert.ok(saldo!.equals(atualizado!.minus(pagamento!).minus(desconto!)), JSON.stringify(l));
  }
}

async function recalc(proposalId: string, nroParcelas: number[], dtCalculo?: string, permiteDescapitalizacao?: boolean) {
  const body = await ok(world, INSTALLMENTS, { dto: { codigoProposta: proposalId, nroParcelas }, dtoConsultaParcelas: { dtCalculo, permiteDescapitalizacao } });
  return body.parcelas as Array<{ nroParcela: number; dtVencimentoAtual: string; calculado: Record<string, number> }>;
}

describe('IncluirLancamentoMultiplasParcelas', () => {
  test('a partial payment on time leaves a balance; parametros echoed; event 3', async () => {
    const s = await openFor(world);
    const body = await ok(world, LAUNCH, launches(s.proposalId, [{ nroParcela: 1, dtPagamento: '2026-11-23T00:00:00Z', vlrPagamento: 100, descricaoLancamento: 'Pagamento parcial' }]));
    assert.deepEqual(body.parametros, [{ nome: 'origem', valor: 'teste' }]);
    const [p1] = (await details(world, s.proposalId, { nroParcelas: [1] })).parcelas;
    assert.deepEqual([p1!.situacao, p1!.vlrSaldoAtual, p1!.vlrTotalPago], [2, 250, 100]);
    assert.deepEqual(p1!.lancamentos, [
      {
        dtVencimento: '2026-12-23T00:00:00Z', dtLancamento: '2026-11-23T00:00:00Z', vlrParcela: 350, vlrMulta: 0, vlrJuros: 0, vlrMora: 0, vlrIOF: 0, vlrTarifas: 0,
        vlrAbatimento: 0, vlrParcelaAtualizado: 350, vlrPagamento: 100, vlrSaldoParcela: 250, vlrDesconto: 0, informarFundo: false, descLancamento: 'Pagamento parcial', viaBoleto: false,
      },
    ]);
    const events = await outbox(world, s.proposalId);
    assert.deepEqual(events.map((e) => e.type), [0, 3]);
    assert.deepEqual(events[1]!.body.LancamentoParcela, {
      NroParcela: 1, VlrOriginalParcela: 350, VlrSaldo: 350, ParcelaLiquidada: false, VlrEncargos: 0, VlrAbatimento: 0, VlrPagamento: 100, VlrDesconto: 0,
      VlrSaldoAtual: 250, VlrExcedente: 0, DtVencimento: '2026-12-23T00:00:00Z', DtVencimentoAtual: '2026-12-23T00:00:00Z', Boleto: null,
    });
  });

  test('a late payment pays fine, mora and contract interest first', async () => {
    const s = await openFor(world, { firstDue: '2026-10-10', disbursedOn: '2026-09-10' });
    await ok(world, LAUNCH, launches(s.proposalId, [{ nroParcela: 1, dtPagamento: '2026-11-23', vlrPagamento: 100 }]));
    const [p1] = (await details(world, s.proposalId, { nroParcelas: [1] })).parcelas;
    const l = p1!.lancamentos![0]!;
    // 44 days late: fine 7.00, mora 5.13, contract interest 10.31 on R$ 350.00.
    assert.deepEqual([l.vlrParcela, l.vlrMulta, l.vlrMora, l.vlrJuros, l.vlrParcelaAtualizado, l.vlrSaldoParcela], [372.44, 7, 5.13, 10.31, 372.44, 272.44]);
    assert.deepEqual([p1!.situacao, p1!.vlrSaldoAtual, p1!.dtVencimentoAtual], [3, 272.44, '2026-10-13T00:00:00Z']);
    assertInvariants(p1!);
  });

  test('an early payment with descapitalização settles for the present value', async () => {
    const s = await openFor(world);
    // Installment 2 (due 2027-01-23) on 2026-11-23, 61 days early: 350 / 1.02^(61/30) = 336.187… → 336.19.
    const [before] = await recalc(s.proposalId, [2], '2026-11-23', true);
    assert.deepEqual(before!.calculado, { vlrMulta: 0, vlrMora: 0, vlrJurosContrato: 0, vlrEncargos: 0, vlrAbatimento: 13.81, vlrSaldoAtualizado: 336.19 });
    await ok(world, LAUNCH, launches(s.proposalId, [{ nroParcela: 2, dtPagamento: '2026-11-23', vlrPagamento: 336.19, permiteDescapitalizacao: true }]));
    const [p2] = (await details(world, s.proposalId, { nroParcelas: [2] })).parcelas;
    assert.deepEqual([p2!.situacao, p2!.vlrSaldoAtual, p2!.vlrTotalPago], [1, 0, 336.19]);
    const l = p2!.lancamentos![0]!;
    assert.deepEqual([l.vlrParcela, l.vlrAbatimento, l.vlrParcelaAtualizado, l.vlrSaldoParcela], [350, 13.81, 336.19, 0]);
  });

  test('several installments in one request, with a discount', async () => {
    const s = await openFor(world);
    await ok(world, LAUNCH, launches(s.proposalId, [
      { nroParcela: 3, dtPagamento: '2026-11-22', vlrPagamento: 340, vlrDesconto: 10 },
      { nroParcela: 1, dtPagamento: '2026-11-23', vlrPagamento: 50 },
    ]));
    const parcelas = (await details(world, s.proposalId)).parcelas;
    assert.deepEqual(parcelas.map((p) => [p.nroParcela, p.situacao, p.vlrSaldoAtual, p.vlrDesconto]), [[1, 2, 300, 0], [2, 0, 350, 0], [3, 1, 0, 10]]);
    parcelas.forEach(assertInvariants);
    const events = await outbox(world, s.proposalId);
    // One event 3 per launch, in the order the request listed them.
    assert.deepEqual(events.slice(1).map((e) => [e.type, (e.body.LancamentoParcela as { NroParcela: number }).NroParcela]), [[3, 3], [3, 1]]);
  });

  test('refusals with their codes, fields and the production messages', async () => {
    const s = await openFor(world);
    const P = 'dtoLancamentoParcelas[0]';
    const one = (item: Record<string, unknown>) => launches(s.proposalId, [{ nroParcela: 1, dtPagamento: '2026-11-23', vlrPagamento: 100, ...item }]);
    const cases: Array<[Record<string, unknown>, string, string, string?]> = [
      [{ vlrPagamento: 0 }, `${P}.vlrPagamento`, 'PARC001', 'Valor deve ser informado'],
      [{ vlrPagamento: null }, `${P}.vlrPagamento`, 'PARC001', 'Valor deve ser informado'],
      [{ vlrPagamento: 350.01 }, `${P}.vlrPagamento`, 'PARC005'],
      [{ vlrPagamento: 300, vlrDesconto: 60 }, `${P}.vlrPagamento`, 'PARC006'],
      [{ vlrDesconto: 350 }, `${P}.vlrDesconto`, 'PARC004', 'Valor de desconto não pode ser superior ou igual ao saldo atual da parcela'],
      [{ nroParcela: null }, `${P}.nroParcela`, 'LAN002'],
      [{ nroParcela: 9 }, `${P}.nroParcela`, 'AGD004'],
      [{ dtPagamento: null }, `${P}.dtPagamento`, 'LAN002'],
      [{ dtPagamento: '2026-11-24' }, `${P}.dtPagamento`, 'LAN003'],
      [{ dtPagamento: '2026-11-19' }, `${P}.dtPagamento`, 'LAN004'],
    ];
    for (const [patch, field, code, description] of cases) {
      const problems = await refused(world, LAUNCH, one(patch));
      assert.deepEqual(problems.map(([f, c]) => [f, c]), [[field, code]], JSON.stringify(patch));
      if (description !== undefined) assert.equal(problems[0]![2], description);
    }
    assert.deepEqual((await refused(world, LAUNCH, launches(s.proposalId, []))).map(([f, c]) => [f, c]), [['dtoLancamentoParcelas', 'LAN001']]);
    const twice = await refused(world, LAUNCH, launches(s.proposalId, [{ nroParcela: 2, dtPagamento: '2026-11-23', vlrPagamento: 1 }, { nroParcela: 2, dtPagamento: '2026-11-23', vlrPagamento: 1 }]));
    assert.deepEqual(twice.map(([f, c]) => [f, c]), [['dtoLancamentoParcelas[1].nroParcela', 'AGD006']]);
    const long = await world.service.call(LAUNCH, one({ descricaoLancamento: 'x'.repeat(256) }), { token: world.token });
    assert.equal(long.statusCode, 400);
    // Paid, and dated before the installment's last launch.
    await ok(world, LAUNCH, launches(s.proposalId, [{ nroParcela: 3, dtPagamento: '2026-11-23', vlrPagamento: 350 }, { nroParcela: 2, dtPagamento: '2026-11-22', vlrPagamento: 10 }]));
    assert.deepEqual((await refused(world, LAUNCH, launches(s.proposalId, [{ nroParcela: 3, dtPagamento: '2026-11-23', vlrPagamento: 1 }]))).map(([f, c, d]) => [f, c, d]), [[`${P}.nroParcela`, 'PARC007', 'Parcela 3 já está paga']]);
    assert.deepEqual((await refused(world, LAUNCH, launches(s.proposalId, [{ nroParcela: 2, dtPagamento: '2026-11-21', vlrPagamento: 1 }]))).map(([f, c]) => [f, c]), [[`${P}.dtPagamento`, 'PARC009']]);
  });

  test('all items commit together or none', async () => {
    const s = await openFor(world);
    const problems = await refused(world, LAUNCH, launches(s.proposalId, [{ nroParcela: 1, dtPagamento: '2026-11-23', vlrPagamento: 100 }, { nroParcela: 2, dtPagamento: '2026-11-23', vlrPagamento: 999 }]));
    assert.deepEqual(problems.map(([f, c]) => [f, c]), [['dtoLancamentoParcelas[1].vlrPagamento', 'PARC005']]);
    const parcelas = (await details(world, s.proposalId)).parcelas;
    assert.ok(parcelas.every((p) => p.situacao === 0 && p.vlrTotalPago === 0 && p.lancamentos!.length === 0));
    assert.deepEqual((await outbox(world, s.proposalId)).map((e) => e.type), [0]);
  });

  test('a cancelled schedule takes no launch', async () => {
    const s = await openFor(world);
    await inOutbox(world.service.database.db, world.service.clock, (o) =>
      cancelScheduleWith(world.service.config.receivables)(o.tx, o.enqueue, { proposalId: s.proposalId, partnerId: world.partner.partnerId, cancelledOn: localDate('2026-11-23'), refundAmount: null, refundDueDate: localDate('2026-11-30'), description: 'x' }, world.service.clock.now()),
    );
    assert.deepEqual((await refused(world, LAUNCH, launches(s.proposalId, [{ nroParcela: 1, dtPagamento: '2026-11-23', vlrPagamento: 1 }]))).map(([f, c]) => [f, c]), [['dto', 'AGD003']]);
    const detail = await details(world, s.proposalId);
    assert.deepEqual([detail.situacaoAgenda, detail.descricaoSituacaoAgenda, detail.dtCancelamento], [0, 'Cancelada', '2026-11-23T00:00:00Z']);
    assert.ok(detail.parcelas.every((p) => p.situacao === 4 && p.vlrSaldoAtual === 0));
    const calculated = await recalc(s.proposalId, [1], '2026-12-30');
    assert.equal(calculated[0]!.calculado.vlrSaldoAtualizado, 0);
  });
});

describe('ConsultarParcelas', () => {
  test('on time, late, early with and without descapitalização', async () => {
    const s = await openFor(world);
    const [onTime, later] = await recalc(s.proposalId, [1, 2]);
    assert.deepEqual(onTime, { nroParcela: 1, dtVencimentoAtual: '2026-12-23T00:00:00Z', calculado: { vlrMulta: 0, vlrMora: 0, vlrJurosContrato: 0, vlrEncargos: 0, vlrAbatimento: 0, vlrSaldoAtualizado: 350 } });
    assert.equal(later!.calculado.vlrSaldoAtualizado, 350);
    const [early] = await recalc(s.proposalId, [2], '2026-11-23T10:00:00Z', true);
    assert.equal(early!.calculado.vlrSaldoAtualizado, 336.19);
    const late = await openFor(world, { firstDue: '2026-10-10', disbursedOn: '2026-09-10' });
    const [l1] = await recalc(late.proposalId, [1]);
    assert.deepEqual(l1, { nroParcela: 1, dtVencimentoAtual: '2026-10-13T00:00:00Z', calculado: { vlrMulta: 7, vlrMora: 5.13, vlrJurosContrato: 10.31, vlrEncargos: 22.44, vlrAbatimento: 0, vlrSaldoAtualizado: 372.44 } });
  });

  test('a due date on a weekend or bank holiday (Carnival included) is paid on the next business day without charges', async () => {
    const s = await openFor(world);
    // Installment 2 is due on Saturday 2027-01-23: payable without charges on Monday 2027-01-25.
    const [grace] = await recalc(s.proposalId, [2], '2027-01-25');
    assert.deepEqual([grace!.dtVencimentoAtual, grace!.calculado.vlrSaldoAtualizado], ['2027-01-25T00:00:00Z', 350]);
    // A day later the charges count from the due date: 3 days → fine 7.00, mora 0.35, contract 0.69.
    const [late] = await recalc(s.proposalId, [2], '2027-01-26');
    assert.deepEqual(late!.calculado, { vlrMulta: 7, vlrMora: 0.35, vlrJurosContrato: 0.69, vlrEncargos: 8.04, vlrAbatimento: 0, vlrSaldoAtualizado: 358.04 });
    const carnival = await openFor(world, { firstDue: '2027-02-08', count: 1 });
    const [c1] = await recalc(carnival.proposalId, [1], '2027-02-10');
    assert.deepEqual([c1!.dtVencimentoAtual, c1!.calculado.vlrSaldoAtualizado], ['2027-02-10T00:00:00Z', 350]);
  });

  test('refusals: unknown schedule, unknown installment, dtCalculo before the last launch', async () => {
    const s = await openFor(world);
    assert.deepEqual((await refused(world, INSTALLMENTS, { dto: { codigoOperacao: 'nao-existe' } })), [['dto', 'AGD001', 'Agenda de Recebíveis não foi encontrada']]);
    assert.deepEqual((await refused(world, INSTALLMENTS, { dto: { codigoProposta: s.proposalId, nroParcelas: [4] } })).map(([f, c]) => [f, c]), [['dto.nroParcelas[0]', 'AGD004']]);
    await ok(world, LAUNCH, launches(s.proposalId, [{ nroParcela: 1, dtPagamento: '2026-11-23', vlrPagamento: 10 }]));
    const before = await refused(world, INSTALLMENTS, { dto: { codigoProposta: s.proposalId, nroParcelas: [1] }, dtoConsultaParcelas: { dtCalculo: '2026-11-22' } });
    assert.deepEqual(before.map(([f, c]) => [f, c]), [['dtoConsultaParcelas.dtCalculo', 'PARC009']]);
  });
});

describe('ConsultarDetalhes', () => {
  test('nroParcelas empty = all; boletos, pix and launches only when asked; by codigoOperacao', async () => {
    const s = await openFor(world, { codigoOperacao: '771204-det' });
    const plain = await ok(world, '/AgendaRecebivel/ConsultarDetalhes', { dto: { codigoOperacao: '771204-det' } });
    const parcelas = plain.parcelas as Detail[];
    assert.equal(parcelas.length, 3);
    assert.ok(parcelas.every((p) => p.boletos === null && p.pix === null && p.lancamentos === null));
    assert.deepEqual(
      [plain.numeroProposta, plain.situacaoAgenda, plain.descricaoSituacaoAgenda, plain.vlrFinanciado, plain.qtdeParcelas, plain.documentoFederalCliente, plain.nomeCliente, plain.nomeEmpresa, plain.descricaoTipoContrato, plain.situacaoProposta],
      [s.proposalNumber, 2, 'Em aberto', 1000, 3, '52998224725', 'Maria da Silva', null, 'CCB', 0],
    );
    const first = parcelas[0]!;
    assert.match(String(first.codigoParcela), /^[0-9a-f-]{36}$/);
    assert.deepEqual([first.vlrParcela, first.dtVencimento, first.dtVencimentoAtual, first.nroOrdemPagamento], [350, '2026-12-23T00:00:00Z', '2026-12-23T00:00:00Z', null]);
    const some = await details(world, s.proposalId, { nroParcelas: [3, 1] });
    assert.deepEqual(some.parcelas.map((p) => p.nroParcela), [1, 3]);
  });
});

describe('paid off', () => {
  test('paying every installment of a disbursed proposal: situacaoAgenda 1, event 7, the proposal liquidada', async () => {
    const proposal = await createOk(world.service, world.token, personDto());
    const db = world.service.database.db;
    await inOutbox(db, world.service.clock, (s) => approveProposal(s, { proposalNumber: proposal.numero, by: 'teste' }));
    await inOutbox(db, world.service.clock, (s) => disburseProposal(s, { proposalNumber: proposal.numero, by: 'teste' }, proposalDeps(world.service.config)));
    const open = await details(world, proposal.codigo);
    assert.equal(open.situacaoProposta, ProposalStatus.disbursed);
    const items = open.parcelas.map((p, i) => ({ nroParcela: p.nroParcela, dtPagamento: '2026-11-23', vlrPagamento: i === 0 ? 1 : p.vlrParcela }));
    await ok(world, LAUNCH, launches(proposal.codigo, items));
    assert.equal((await details(world, proposal.codigo)).situacaoAgenda, 2);
    await ok(world, LAUNCH, launches(proposal.codigo, [{ nroParcela: 1, dtPagamento: '2026-11-23', vlrPagamento: Number(open.parcelas[0]!.vlrParcela) - 1 }]));
    const paid = await details(world, proposal.codigo);
    assert.deepEqual([paid.situacaoAgenda, paid.descricaoSituacaoAgenda, paid.dtLiquidacao, paid.situacaoProposta], [1, 'Quitada', '2026-11-23T00:00:00Z', ProposalStatus.settled]);
    assert.ok(paid.parcelas.every((p) => p.situacao === 1 && p.vlrSaldoAtual === 0));
    assert.equal(paid.vlrTotalPago, Number(open.parcelas.reduce((acc, p) => acc.plus(String(p.vlrParcela)), dec(0)).toFixed(2)));
    const types = (await outbox(world, proposal.codigo)).map((e) => e.type);
    assert.deepEqual(types.slice(-3), [3, 3, 7]);
    const refusal = await refused(world, LAUNCH, launches(proposal.codigo, [{ nroParcela: 1, dtPagamento: '2026-11-23', vlrPagamento: 1 }]));
    assert.deepEqual(refusal.map(([f, c]) => [f, c]), [['dto', 'AGD003']]);
  });

  test('the named installments paid in full while an earlier unnamed one still owes a charge only: not paid off', async () => {
    const s = await openFor(world);
    const db = world.service.database.db;
    await ok(world, '/AgendaRecebivel/GerarUnicoBoleto', singleBoleto(s.proposalId, [1]));
    const boletos = () => db.selectFrom('receivable_boletos').select(['id', 'registration_status', 'cancelled_at']).where('schedule_id', 'in', db.selectFrom('receivable_schedules').select('id').where('proposal_id', '=', s.proposalId)).orderBy('numero').execute();
    const issued = await boletos();
    assert.equal(issued.length, 1);
    const scheduleIds = db.selectFrom('receivable_schedules').select('id').where('proposal_id', '=', s.proposalId);
    for (const charge of ['unpaid_fine', 'unpaid_late_interest', 'unpaid_contract_interest'] as const) {
      // Installment 1: principal paid, only this charge (a centavo) left; 2 and 3 launched in full below.
      await db.updateTable('receivable_installments').set({ principal: '0.00', unpaid_fine: '0.00', unpaid_late_interest: '0.00', unpaid_contract_interest: '0.00', [charge]: '0.01' }).where('schedule_id', 'in', scheduleIds).where('number', '=', 1).execute();
      await db.updateTable('receivable_installments').set({ principal: '350.00', unpaid_fine: '0.00', unpaid_late_interest: '0.00', unpaid_contract_interest: '0.00', total_paid: '0.00', last_launch_date: null }).where('schedule_id', 'in', scheduleIds).where('number', 'in', [2, 3]).execute();
      const eventsBefore = (await outbox(world, s.proposalId)).length;
      const body = await ok(world, LAUNCH, launches(s.proposalId, [{ nroParcela: 2, dtPagamento: '2026-11-23', vlrPagamento: 350 }, { nroParcela: 3, dtPagamento: '2026-11-23', vlrPagamento: 350 }]));
      assert.equal(body.msg, 'Lançamentos incluídos', `${charge}: paidOff false`);
      const detail = await details(world, s.proposalId);
      assert.deepEqual([detail.situacaoAgenda, detail.parcelas.map((p) => [p.nroParcela, p.situacao])], [2, [[1, 0], [2, 1], [3, 1]]], charge);
      assert.deepEqual((await outbox(world, s.proposalId)).slice(eventsBefore).map((e) => e.type), [3, 3], `${charge}: no event 7, no boleto cancelled`);
      assert.deepEqual(await boletos(), issued, `${charge}: the boleto is left alone`);
    }
  });
});

// The console's read side (issue 16) against real PostgreSQL: the Painel figures, the proposal list
// with filters, search and pagination, one proposal's schedule (installments, boletos, Pix charges,
// launches), the Cobrança pages, the boleto slip by number and the command audit with its source.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { pageCommandAudit } from '../../src/platform/command-audit.js';
import { runDefined, type Actor } from '../../src/platform/commands.js';
import { localDate } from '../../src/platform/dates.js';
import { dec } from '../../src/platform/money.js';
import { DomainError } from '../../src/platform/errors.js';
import { countCallbacksByStatus } from '../../src/modules/callbacks/callbacks-admin.js';
import { countPendingPayees } from '../../src/modules/payees/list-payees.js';
import { pageProposals, NO_PROPOSAL_FILTER } from '../../src/modules/proposals/list-proposals.js';
import { disbursementsOn, proposalsByStatus } from '../../src/modules/proposals/operator-figures.js';
import { proposalOperatorCommands } from '../../src/modules/proposals/operator-commands.js';
import { commandDeps, proposalDeps, receivablesDeps } from '../../src/bindings.js';
import { loadConfig } from '../../src/config.js';
import { boletoSlipByNumber, collectionFiguresOn, pageBoletos, pageCharges, scheduleView } from '../../src/modules/receivables/index.js';
import { paymentCommands } from '../../src/modules/receivables/payments/payment-commands.js';
import { startTestService, type TestService } from '../support/app.js';
import { createOk, personDto, post } from './proposals-fixture.js';

let service: TestService;
let token: string;
const actor: Actor = { kind: 'operator', id: 'ana@example.com', source: 'console 127.0.0.1' };
const TODAY = localDate('2026-11-23');
// Bound as the test service binds them (its configuration has the sandbox's receivables settings).
const proposals = proposalOperatorCommands(proposalDeps(loadConfig({})));
const deps = () => commandDeps(service.database.db, service.clock);
const step = (numero: number) => ({ proposalNumber: numero, at: TODAY, reason: null, by: 'operador:Ana' });
let disbursed: { codigo: string; numero: number };
let boletoNumber: number;

before(async () => {
  service = await startTestService();
  const partner = await service.onboard();
  token = await service.token(partner);
  await createOk(service, token, personDto());
  await createOk(service, token, personDto({ vlrSolicitado: 2500 }));
  disbursed = await createOk(service, token, personDto());
  await runDefined(deps(), proposals.approve, step(disbursed.numero), actor, 'q-approve');
  await runDefined(deps(), proposals.disburse, step(disbursed.numero), actor, 'q-disburse');
  const boleto = await post(service, token, '/AgendaRecebivel/GerarUnicoBoleto', { dto: { codigoProposta: disbursed.codigo, nroParcelas: [1] }, dtoGerarUnicoBoleto: { dtVencimento: '2026-12-23', liquidacao: true, descricaoBoleto: 'Parcela 1', tipoRegistro: 1 } });
  assert.equal(boleto.status, 200, boleto.raw.body);
  const charge = await post(service, token, '/AgendaRecebivel/GerarUnicaCobranca', { dto: { codigoProposta: disbursed.codigo, nroParcelas: [2] }, dtoGerarUnicaLiquidacao: { dtVencimento: '2027-01-23', descricaoLiquidacao: 'Parcela 2', pagamentoViaPIX: true, pagamentoViaBoleto: false } });
  assert.equal(charge.status, 200, charge.raw.body);
  const boletos = await pageBoletos(service.database.db, null, 1, 10);
  boletoNumber = boletos.rows[0]!.number;
  const pay = paymentCommands(receivablesDeps(service.config)).payBoleto;
  await runDefined(deps(), pay, { boletoNumber, payment: { amount: null, at: TODAY } }, actor, 'q-pay');
});
after(() => service.close());

describe('console queries', () => {
  test('Painel: proposals by status, disbursements of the day, boletos and charges of the day, callbacks, payees', async () => {
    const db = service.database.db;
    const byStatus = await proposalsByStatus(db);
    assert.deepEqual(byStatus.map((s) => [s.status, s.description, s.count]), [[2, 'Finalizada', 2], [5, 'Liberada', 1]]);
    assert.deepEqual(await disbursementsOn(db, TODAY), { count: 1, amount: '10000.00' });
    assert.deepEqual(await disbursementsOn(db, localDate('2026-11-24')), { count: 0, amount: '0.00' });
    const figures = await collectionFiguresOn(db, TODAY);
    assert.equal(figures.boletosIssued.count, 1);
    assert.equal(figures.boletosPaid.count, 1);
    assert.equal(figures.boletosPaid.amount, figures.boletosIssued.amount);
    assert.equal(figures.chargesIssued.count, 1);
    assert.deepEqual(figures.chargesPaid, { count: 0, amount: '0.00' });
    assert.deepEqual(figures.overdue, { count: 0, amount: '0.00' });
    // Two months later, installments 2 (due 2027-01-23) is overdue; 1 was paid.
    const later = await collectionFiguresOn(db, localDate('2027-01-30'));
    assert.equal(later.overdue.count, 1);
    assert.ok(dec(later.overdue.amount).greaterThan(0));
    const callbacks = await countCallbacksByStatus(db);
    assert.ok(callbacks.pending > 0);
    assert.equal(callbacks.failed, 0);
    assert.equal(await countPendingPayees(db), 0);
  });

  test('proposal list: filters, search by número, código and documento, pagination newest first', async () => {
    const db = service.database.db;
    const all = await pageProposals(db, NO_PROPOSAL_FILTER, 1, 2);
    assert.equal(all.total, 3);
    assert.deepEqual(all.rows.map((r) => r.number), [disbursed.numero, disbursed.numero - 1]);
    const second = await pageProposals(db, NO_PROPOSAL_FILTER, 2, 2);
    assert.deepEqual(second.rows.map((r) => r.number), [disbursed.numero - 2]);
    assert.equal((await pageProposals(db, { ...NO_PROPOSAL_FILTER, status: 2 }, 1, 10)).total, 2);
    assert.equal((await pageProposals(db, { ...NO_PROPOSAL_FILTER, amountMax: '3000' }, 1, 10)).total, 1);
    assert.equal((await pageProposals(db, { ...NO_PROPOSAL_FILTER, amountMin: '3000', amountMax: '10000' }, 1, 10)).total, 2);
    assert.deepEqual((await pageProposals(db, { ...NO_PROPOSAL_FILTER, search: { by: 'number', value: disbursed.numero } }, 1, 10)).rows.map((r) => r.code), [disbursed.codigo]);
    assert.deepEqual((await pageProposals(db, { ...NO_PROPOSAL_FILTER, search: { by: 'code', value: disbursed.codigo } }, 1, 10)).rows.map((r) => r.number), [disbursed.numero]);
    assert.equal((await pageProposals(db, { ...NO_PROPOSAL_FILTER, search: { by: 'document', value: '12345678909' } }, 1, 10)).total, 3);
    assert.equal((await pageProposals(db, { ...NO_PROPOSAL_FILTER, from: localDate('2026-11-24') }, 1, 10)).total, 0);
  });

  test('schedule of a disbursed proposal: installments, boletos (printable), Pix charge, launches; none before disbursement', async () => {
    const db = service.database.db;
    const view = await scheduleView(db, disbursed.codigo, TODAY);
    assert.ok(view);
    assert.equal(view.installments.length, 12);
    assert.deepEqual([view.installments[0]!.state, view.installments[1]!.state], ['paga', 'em aberto']);
    assert.deepEqual(view.boletos.map((b) => [b.number, b.status, b.installments, b.printable]), [[boletoNumber, 5, [1], true]]);
    assert.deepEqual(view.charges.map((c) => [c.viaPix, c.status]), [[true, 'active']]);
    assert.deepEqual(view.launches.map((l) => [l.installmentNumber, l.viaBoleto, l.balanceAfter]), [[1, true, '0.00']]);
    const first = (await pageProposals(db, { ...NO_PROPOSAL_FILTER, status: 2 }, 1, 1)).rows[0]!;
    assert.equal(await scheduleView(db, first.code, TODAY), null);
  });

  test('Cobrança pages and the boleto slip by number', async () => {
    const db = service.database.db;
    assert.equal((await pageBoletos(db, 5, 1, 10)).total, 1);
    assert.equal((await pageBoletos(db, 1, 1, 10)).total, 0);
    const charges = await pageCharges(db, 'active', 1, 10);
    assert.deepEqual([charges.total, charges.rows[0]!.proposalNumber], [1, disbursed.numero]);
    const slip = await boletoSlipByNumber(db, service.config.receivables, boletoNumber);
    assert.ok(slip);
    assert.equal(slip.pdf.subarray(0, 5).toString('latin1'), '%PDF-');
    assert.equal(await boletoSlipByNumber(db, service.config.receivables, 987654), null);
  });

  test('Auditoria: who, when, what and from where, newest first, filtered by actor and command', async () => {
    const db = service.database.db;
    const audit = await pageCommandAudit(db, { actorKind: 'operator', actorId: 'ana@example.com', command: null }, 1, 10);
    assert.deepEqual(audit.rows.map((r) => r.command), ['boleto.pay', 'proposal.disburse', 'proposal.approve']);
    assert.deepEqual(audit.rows.map((r) => r.source), Array(3).fill('console 127.0.0.1'));
    // Partner operations are audited too (issue 13: they run on the command runner): the
    // fixture's creations and finalizations are proposal.* commands of partner actors.
    const proposalsOnly = await pageCommandAudit(db, { actorKind: null, actorId: null, command: 'proposal.' }, 1, 1);
    assert.equal(proposalsOnly.rows[0]!.command, 'proposal.disburse');
    const operatorProposals = await pageCommandAudit(db, { actorKind: 'operator', actorId: null, command: 'proposal.' }, 1, 10);
    assert.deepEqual(operatorProposals.rows.map((r) => r.command), ['proposal.disburse', 'proposal.approve']);
    const partnerProposals = await pageCommandAudit(db, { actorKind: 'partner', actorId: null, command: 'proposal.' }, 1, 10);
    assert.equal(proposalsOnly.total, operatorProposals.total + partnerProposals.total);
    assert.ok(partnerProposals.rows.every((r) => r.command.startsWith('proposal.')) && partnerProposals.total > 0);
  });

  test('boleto.pay and pix.pay refuse an unknown collection naming their input field (boletoNumber, code)', async () => {
    const commands = paymentCommands(receivablesDeps(service.config));
    const refusal = async (run: Promise<unknown>) => {
      const error = await run.then(() => assert.fail('expected a refusal'), (e: unknown) => e as DomainError);
      assert.ok(error instanceof DomainError);
      return error.messages.map((m) => [m.code, m.field, m.description]);
    };
    assert.deepEqual(await refusal(runDefined(deps(), commands.payBoleto, { boletoNumber: 987654321, payment: { amount: null, at: null } }, actor)), [['PAG001', 'boletoNumber', 'Boleto nº 987654321 não encontrado']]);
    const code = '00000000-0000-4000-8000-000000000000';
    assert.deepEqual(await refusal(runDefined(deps(), commands.payCharge, { code, payment: { amount: null, at: null } }, actor)), [['PAG001', 'code', `Cobrança ${code} não encontrada`]]);
  });
});

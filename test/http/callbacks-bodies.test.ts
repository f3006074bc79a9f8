// Issue 11, point 4: callback bodies as a strict partner client decodes them. Every event the
// current operations produce is triggered through those operations (HTTP and the operator's use
// cases), delivered by the real worker over HTTP to a real receiver on 127.0.0.1, and each
// delivered body is decoded against the strict model (callback-model.fixture.ts): no missing key,
// no extra sub-object, DtEvento 'yyyy-MM-dd'. Events 2, 4 and 10 have no producing operation yet
// (their builders are checked in src/modules/callbacks/events.test.ts).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { localDate } from '../../src/platform/dates.js';
import { approveProposal, disburseProposal } from '../../src/modules/proposals/operator-lifecycle.js';
import { proposalDeps } from '../../src/bindings.js';
import { receivablesJobHandlers } from '../../src/modules/receivables/routes.js';
import { createCallbackWorker } from '../../src/modules/callbacks/delivery-worker.js';
import { decodeCallbackBody, FILLED_SUB_OBJECT, type DecodedEvent } from '../../src/modules/callbacks/callback-model.fixture.js';
import { runDueJobs, withOutbox } from '../../src/platform/jobs.js';
import { outboxWriter } from '../../src/bindings.js';
import { startReceiver, type CallbackReceiver } from '../support/callback-receiver.js';
import { startTestService, type TestPartner, type TestService } from '../support/app.js';
import { createOk, personDto, post, type Envelope } from './proposals-fixture.js';
import { inOutbox } from '../support/outbox.js';

let service: TestService;
let receiver: CallbackReceiver;
let partner: TestPartner;
let token: string;

const TODAY = '2026-11-23'; // TEST_NOW 2026-11-23T15:00Z is 12:00 in São Paulo
const op = (numero: number) => ({ proposalNumber: numero, at: localDate(TODAY), reason: null, by: 'operador:teste' });

before(async () => {
  service = await startTestService();
  receiver = await startReceiver({ now: () => service.clock.now() });
  partner = await service.onboard({ callbackUrl: receiver.url, callbackHeader: 'Api-Key: k-123' });
  receiver.secrets = [partner.callbackSecret];
  token = await service.token(partner);
});
after(async () => {
  await receiver.close();
  await service.close();
});

async function ok(path: string, body: unknown): Promise<Envelope> {
  const r = await post(service, token, path, body);
  assert.equal(r.status, 200, r.raw.body);
  return r.body;
}

/** A proposal created over HTTP, approved and disbursed by the operator: its schedule opens (event 0). */
async function disbursed(prazo: number): Promise<string> {
  const p = await createOk(service, token, personDto({ prazo, codigoOperacao: `cb-${prazo}` }));
  await inOutbox(service.database.db, service.clock, (s) => approveProposal(s, op(p.numero)));
  await inOutbox(service.database.db, service.clock, (s) => disburseProposal(s, op(p.numero), proposalDeps(service.config)));
  return p.codigo;
}

/** Runs the delivery worker until the outbox has nothing left to send. */
async function deliverAll(): Promise<void> {
  const worker = createCallbackWorker(service.database.db, service.clock, { timeout_ms: 5_000, random: () => 0.5 });
  for (let round = 0; round < 50; round += 1) {
    const report = await worker.runOnce(service.clock.now());
    if (report.claimed === 0) return;
    assert.equal(report.delivered, report.claimed, JSON.stringify(report));
  }
  throw new Error('outbox did not drain');
}

function deliveredOf(codigo: string): DecodedEvent[] {
  return receiver.receipts.map((r) => decodeCallbackBody(r.body)).filter((e) => e.CodigoProposta === codigo);
}

test('every event the operations produce is delivered with a body the strict model decodes (0, 1, 3, 5, 6, 7, 8, 9)', async () => {
  // Proposal A: boleto (5), charge with boleto and Pix (5, 8), its cancellation (9, 6), payments (3) to pay-off (the open boleto closed: 6; 7).
  const a = await disbursed(2);
  await ok('/AgendaRecebivel/GerarUnicoBoleto', { dto: { codigoProposta: a, nroParcelas: [1] }, dtoGerarUnicoBoleto: { dtVencimento: '2026-12-23', liquidacao: true, descricaoBoleto: 'Parcela 1', tipoRegistro: 1 } });
  const charge = await ok('/AgendaRecebivel/GerarUnicaCobranca', { dto: { codigoProposta: a, nroParcelas: [2] }, dtoGerarUnicaLiquidacao: { dtVencimento: '2026-12-23', liquidacao: true, descricaoLiquidacao: 'Parcela 2' } });
  const codigoLiquidacao = (charge.cobrancas as Array<{ codigoLiquidacao: string }>)[0]!.codigoLiquidacao;
  await ok('/FGTS/CancelarCobrancas', { dto: { codigoProposta: a }, dtoCancelarCobrancas: { codigosLiquidacoes: [codigoLiquidacao] } });
  await runDueJobs(service.database.db, service.clock, withOutbox(receivablesJobHandlers, outboxWriter));
  const installments = (await ok('/AgendaRecebivel/ConsultarDetalhes', { dto: { codigoProposta: a, nroParcelas: [] }, dtoConsultaDetalhes: { trazerBoleto: false, trazerAgendaDetalhada: false } })).parcelas as Array<{ nroParcela: number; vlrSaldoAtual: number }>;
  await ok('/AgendaRecebivel/IncluirLancamentoMultiplasParcelas', {
    dto: { codigoProposta: a },
    dtoLancamentoParcelas: installments.map((p) => ({ nroParcela: p.nroParcela, dtPagamento: TODAY, vlrPagamento: p.vlrSaldoAtual, permiteDescapitalizacao: false })),
  });

  // Proposal B: cancelled on its disbursement day (1).
  const b = await disbursed(3);
  const cancelled = await service.call('/FGTS/CancelarProposta', { dto: { codigoProposta: b }, documentoCliente: '123.456.789-09', motivoCancelamento: 'Desistência do cliente' }, { token });
  assert.equal(cancelled.statusCode, 200, cancelled.body);

  await deliverAll();
  assert.ok(receiver.receipts.every((r) => r.verified.ok && r.headers['api-key'] === 'k-123'), 'signed, with the partner header');
  const eventsA = deliveredOf(a);
  // The pay-off closes the boleto of installment 1 still open (6) before 7 (decision S26).
  assert.deepEqual(eventsA.map((e) => e.TipoEvento), [0, 5, 5, 8, 9, 6, 3, 3, 6, 7]);
  const eventsB = deliveredOf(b);
  assert.deepEqual(eventsB.map((e) => e.TipoEvento), [0, 1]);

  const all = [...eventsA, ...eventsB];
  for (const e of all) {
    const filled = FILLED_SUB_OBJECT[e.TipoEvento];
    if (filled !== null) assert.notEqual(e[filled!], null, `event ${e.TipoEvento} fills ${filled}`);
    if (e.TipoEvento !== 0) assert.equal(e.DtEvento, TODAY);
  }
  const created = eventsA[0]!;
  assert.deepEqual([created.QtdeParcelas, created.DtFinanciado, (created.Credito as { DtCredito: string }).DtCredito], [2, `${TODAY}T00:00:00Z`, `${TODAY}T00:00:00Z`]);
  assert.deepEqual(created.Conta, { CodigoBanco: 341, NomeBanco: 'Itaú Unibanco S.A.', Agencia: '0001', Conta: '123456', ContaDigito: '7' });
  assert.equal(eventsA[3]!.NomeEvento, 'RegistroCobranca');
  assert.equal((eventsA[4]!.CancelamentoCobranca as { CodigoLiquidacao: string }).CodigoLiquidacao, codigoLiquidacao);
  const launches = eventsA.filter((e) => e.TipoEvento === 3).map((e) => e.LancamentoParcela as { NroParcela: number; ParcelaLiquidada: boolean; VlrSaldoAtual: number });
  assert.deepEqual(launches.map((l) => [l.NroParcela, l.ParcelaLiquidada, l.VlrSaldoAtual]), [[1, true, 0], [2, true, 0]]);
  console.log(`delivered and decoded ${all.length} callbacks of types ${[...new Set(all.map((e) => e.TipoEvento))].sort((x, y) => x - y).join(', ')}`);
});

// The event builders against a partner's strict model of the bodies (callback-model.fixture.ts):
// every event 0–12 decodes with no missing key and no extra sub-object; exact texts of events 0
// and 9; amounts written from their digits; broken inputs are assertions.
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parse, isLosslessNumber, type LosslessNumber } from 'lossless-json';
import { dec, fromCents } from '../../platform/money.js';
import { localDate } from '../../platform/dates.js';
import {
  EVENT_NAMES,
  EventType,
  SUB_OBJECT_KEYS,
  boletoCancelledEvent,
  boletoCreatedEvent,
  chargeCancelledEvent,
  chargeRegisteredEvent,
  dueDateExtensionEvent,
  increaseReductionEvent,
  installmentLaunchEvent,
  payeeEvent,
  reversalEvent,
  scheduleCreatedEvent,
  scheduleEvent,
  type CallbackEvent,
  type ProposalRef,
  type ScheduleOpeningInput,
} from './events.js';
import { serializeCallbackBody, toOutboxRecord } from './event-json.js';
import { FILLED_SUB_OBJECT, decodeCallbackBody } from './callback-model.fixture.js';

// 02:05 UTC on 4 August is still 3 August in São Paulo: DtEvento is the partner's day.
const AT = new Date('2026-08-04T02:05:06.789Z');
const REF: ProposalRef = { nroProposta: 771204, codigoProposta: '0b7e6f5c-2a41-4c8e-9a53-1d2f3e4a5b6c', codigoOperacao: '771204' };
const UUID_A = '11111111-2222-4333-8444-555555555555';
const UUID_B = '66666666-7777-4888-9999-aaaaaaaaaaaa';
const OPENING: ScheduleOpeningInput = {
  contractDate: localDate('2026-08-01'),
  disbursedOn: localDate('2026-08-03'),
  account: { numeroBanco: '341', nomeBanco: 'Itaú Unibanco S.A.', agencia: '0001', conta: '123456', contaDigito: '7' },
  parcelas: [
    { nroParcela: 1, dtVencimento: localDate('2026-09-01'), vlrParcela: dec('520.10'), vlrPrincipal: dec('500.10'), vlrDespesas: dec('0'), vlrSaldoDevedor: dec('499.9') },
    { nroParcela: 2, dtVencimento: localDate('2026-10-01'), vlrParcela: dec('520.10'), vlrPrincipal: dec('499.90'), vlrDespesas: dec('0'), vlrSaldoDevedor: dec('0') },
  ],
};
const LAUNCH = {
  nroParcela: 1,
  vlrOriginalParcela: dec('520.10'),
  vlrSaldo: dec('530.50'),
  parcelaLiquidada: true,
  vlrEncargos: dec('10.40'),
  vlrAbatimento: dec('0'),
  vlrPagamento: dec('520.50'),
  vlrDesconto: dec('10'),
  vlrSaldoAtual: dec('0'),
  vlrExcedente: dec('0'),
  dtVencimento: localDate('2026-09-01'),
  dtVencimentoAtual: localDate('2026-09-01'),
  boleto: { nroBoleto: 10001, liquidacao: false },
};

/** One event of every type the builders produce, 0 to 12. */
function everyEvent(): CallbackEvent[] {
  return [
    scheduleCreatedEvent(REF, OPENING),
    scheduleEvent(EventType.scheduleCancelled, REF, AT),
    increaseReductionEvent(REF, AT, { nroParcela: 2, vlrSaldo: dec('520.10'), vlrAcrescimo: dec('0'), vlrAbatimento: dec('20.10'), vlrSaldoAtual: dec('500.00') }),
    installmentLaunchEvent(REF, AT, LAUNCH),
    dueDateExtensionEvent(REF, AT, { nroParcela: 2, dtVencimentoAnterior: localDate('2026-10-01'), dtVencimentoAtual: localDate('2026-10-15') }),
    boletoCreatedEvent(REF, AT, { codigoBoleto: UUID_A, nroBoleto: 10001, vlrBoleto: dec('1040.20'), dtVencimento: localDate('2026-09-01'), liquidacao: true }),
    boletoCancelledEvent(REF, AT, { codigoBoleto: UUID_A, nroBoleto: 10001, parcelas: [1, 2] }),
    scheduleEvent(EventType.schedulePaidOff, REF, AT),
    chargeRegisteredEvent(REF, AT, { codigoLiquidacao: UUID_B, codigoBoleto: UUID_A, nroBoleto: 10002, emv: '000201...6304ABCD', imagem: 'iVBORw0KGgo=', parcelas: [2] }),
    chargeCancelledEvent(REF, AT, { codigoLiquidacao: UUID_B, codigoBoleto: null, nroBoleto: null, emv: '000201...', parcelas: [2], estornoLancamento: false }),
    reversalEvent(REF, AT, { nroParcela: 1, lancamentos: [{ codigo: UUID_A, dtInclusao: localDate('2026-09-01'), dtEstorno: localDate('2026-09-02'), tipo: 'Pagamento', valor: dec('520.1'), motivo: 'pagamento em duplicidade' }] }),
    payeeEvent(EventType.payeeApproved, AT, { payeeId: UUID_A, reason: null }),
    payeeEvent(EventType.payeeRejected, AT, { payeeId: UUID_A, reason: 'Chave Pix não pertence ao titular' }),
  ];
}

test('every builder\'s body, as sent, decodes against the strict model (events 0–12)', () => {
  const events = everyEvent();
  assert.deepEqual(events.map((e) => e.event_type), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  for (const event of events) {
    const decoded = decodeCallbackBody(toOutboxRecord(event).body_json);
    assert.equal(decoded.TipoEvento, event.event_type);
    assert.equal(decoded.NomeEvento, EVENT_NAMES[event.event_type]);
    const filled = SUB_OBJECT_KEYS.filter((k) => decoded[k] !== null);
    const expected = FILLED_SUB_OBJECT[event.event_type];
    assert.deepEqual(filled, expected === null ? [] : [expected], `event ${event.event_type}`);
    if (event.event_type <= 10) {
      assert.equal(decoded.NroProposta, 771204);
      assert.equal(event.ordering_key, `proposta:${REF.codigoProposta}`);
      assert.equal(decoded.DtEvento, event.event_type === 0 ? undefined : '2026-08-03');
    }
  }
  assert.equal(events[8]!.body.NomeEvento, 'RegistroCobranca');
});

test('the model refuses what a strict client would: a missing key, an extra sub-object, a timestamp DtEvento, a float amount', () => {
  const text = toOutboxRecord(boletoCreatedEvent(REF, AT, { codigoBoleto: UUID_A, nroBoleto: 1, vlrBoleto: dec('10'), dtVencimento: localDate('2026-09-01'), liquidacao: false })).body_json;
  const body = JSON.parse(text) as Record<string, unknown>;
  const variants: Array<[string, Record<string, unknown>]> = [
    ['missing null sub-object', Object.fromEntries(Object.entries(body).filter(([k]) => k !== 'EstornoLancamento'))],
    ['extra sub-object', { ...body, Agenda: null }],
    ['missing field', { ...body, GeracaoBoleto: { ...(body.GeracaoBoleto as object), Liquidacao: undefined } }],
    ['timestamp DtEvento', { ...body, DtEvento: AT.toISOString() }],
    ['second sub-object filled', { ...body, CancelamentoBoleto: { CodigoBoleto: UUID_A, NroBoleto: 1, Parcelas: [1] } }],
  ];
  for (const [what, variant] of variants) assert.throws(() => decodeCallbackBody(JSON.stringify(variant)), /callback model/, what);
  assert.throws(() => decodeCallbackBody(text.replace('"VlrBoleto":10.00', '"VlrBoleto":10')), /two decimals/);
});

test('the schedule-created body (event 0, flat), exactly as sent', () => {
  const json = serializeCallbackBody(scheduleCreatedEvent(REF, OPENING).body);
  assert.equal(
    json,
    '{"TipoEvento":0,"NomeEvento":"AgendaCriada","NroProposta":771204,"CodigoProposta":"0b7e6f5c-2a41-4c8e-9a53-1d2f3e4a5b6c","CodigoOperacao":"771204",' +
      '"QtdeParcelas":2,"VlrTotalDivida":1040.20,"DtFinanciado":"2026-08-01T00:00:00Z","Credito":{"DtCredito":"2026-08-03T00:00:00Z"},' +
      '"Conta":{"CodigoBanco":341,"NomeBanco":"Itaú Unibanco S.A.","Agencia":"0001","Conta":"123456","ContaDigito":"7"},' +
      '"Parcelas":[{"NroParcela":1,"VlrParcela":520.10,"VlrPrincipal":500.10,"VlrDespesas":0.00,"VlrSaldoDevedor":499.90,"DtVencimento":"2026-09-01T00:00:00Z"},' +
      '{"NroParcela":2,"VlrParcela":520.10,"VlrPrincipal":499.90,"VlrDespesas":0.00,"VlrSaldoDevedor":0.00,"DtVencimento":"2026-10-01T00:00:00Z"}],' +
      '"AcrescimoAbatimento":null,"LancamentoParcela":null,"ProrrogacaoVencimento":null,"GeracaoBoleto":null,"CancelamentoBoleto":null,"GeracaoCobranca":null,"CancelamentoCobranca":null,"EstornoLancamento":null}',
  );
  // Plain JSON.parse reads it too, as any partner client would.
  assert.equal(JSON.parse(json).VlrTotalDivida, 1040.2);
});

test('the charge-cancelled body (the callback the interface requires), exactly as sent', () => {
  const e = chargeCancelledEvent(REF, AT, { codigoLiquidacao: UUID_B, codigoBoleto: UUID_A, nroBoleto: 10002, emv: null, parcelas: [3, 4], estornoLancamento: true });
  assert.equal(
    serializeCallbackBody(e.body),
    '{"TipoEvento":9,"NomeEvento":"CobrancaCancelada","NroProposta":771204,"CodigoProposta":"0b7e6f5c-2a41-4c8e-9a53-1d2f3e4a5b6c","CodigoOperacao":"771204","DtEvento":"2026-08-03",' +
      '"AcrescimoAbatimento":null,"LancamentoParcela":null,"ProrrogacaoVencimento":null,"GeracaoBoleto":null,"CancelamentoBoleto":null,"GeracaoCobranca":null,' +
      `"CancelamentoCobranca":{"CodigoLiquidacao":"${UUID_B}","CodigoBoleto":"${UUID_A}","NroBoleto":10002,"Emv":null,"Parcelas":[3,4],"EstornoLancamento":true},"EstornoLancamento":null}`,
  );
});

test('a proposal without codigoOperacao says null', () => {
  const e = scheduleEvent(EventType.scheduleCancelled, { ...REF, codigoOperacao: null }, AT);
  assert.equal(decodeCallbackBody(toOutboxRecord(e).body_json).CodigoOperacao, null);
});

test('payee events carry no proposal, order by payee, and a rejection carries its reason', () => {
  const ok = payeeEvent(EventType.payeeApproved, AT, { payeeId: UUID_A, reason: 'ignored' });
  const body = ok.body as unknown as Record<string, unknown>;
  assert.deepEqual([body.NroProposta, body.CodigoProposta, body.CodigoOperacao, body.DtEvento], [null, null, null, '2026-08-03']);
  assert.deepEqual(body.Favorecido, { CodigoFavorecido: UUID_A, Situacao: 'aprovado', Motivo: null });
  assert.equal(ok.ordering_key, `favorecido:${UUID_A}`);
  const no = payeeEvent(EventType.payeeRejected, AT, { payeeId: UUID_A, reason: 'Chave Pix não pertence ao titular' }).body as unknown as Record<string, { Situacao: string; Motivo: string }>;
  assert.deepEqual([no.NomeEvento, no.Favorecido!.Situacao, no.Favorecido!.Motivo], ['FavorecidoReprovado', 'reprovado', 'Chave Pix não pertence ao titular']);
  assert.throws(() => payeeEvent(EventType.payeeRejected, AT, { payeeId: UUID_A, reason: ' ' }), /assertion/);
});

test('amounts are written from their digits: any whole-centavo amount survives the wire exactly', () => {
  fc.assert(
    fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), (c) => {
      const amount = fromCents(c);
      const e = reversalEvent(REF, AT, { nroParcela: 1, lancamentos: [{ codigo: UUID_A, dtInclusao: localDate('2026-09-01'), dtEstorno: localDate('2026-09-02'), tipo: 'Pagamento', valor: amount, motivo: null }] });
      const back = parse(toOutboxRecord(e).body_json) as { EstornoLancamento: { LancamentosEstornados: Array<{ Valor: LosslessNumber }> } };
      const wire = back.EstornoLancamento.LancamentosEstornados[0]!.Valor;
      assert.ok(isLosslessNumber(wire));
      assert.equal(dec(wire.toString()).equals(amount), true);
      assert.match(wire.toString(), /^\d+\.\d{2}$/);
    }),
    { seed: 3, numRuns: 300 },
  );
});

test('broken inputs are assertions, not silently fixed', () => {
  const bad = (parcelas: number[]) => () => boletoCancelledEvent(REF, AT, { codigoBoleto: UUID_A, nroBoleto: 1, parcelas });
  assert.throws(bad([]), /assertion/);
  assert.throws(bad([2, 1]), /assertion/);
  assert.throws(bad([1, 1]), /assertion/);
  assert.throws(bad([0]), /assertion/);
  assert.throws(() => scheduleCreatedEvent(REF, { ...OPENING, parcelas: [{ ...OPENING.parcelas[0]!, vlrParcela: dec('520.105') }] }), /assertion/);
  assert.throws(() => scheduleCreatedEvent(REF, { ...OPENING, account: { ...OPENING.account, numeroBanco: '34' } }), /assertion/);
  assert.throws(() => boletoCancelledEvent({ ...REF, codigoProposta: 'x' }, AT, { codigoBoleto: UUID_A, nroBoleto: 1, parcelas: [1] }), /assertion/);
  assert.throws(() => chargeRegisteredEvent(REF, AT, { codigoLiquidacao: UUID_B, codigoBoleto: null, nroBoleto: null, emv: null, imagem: null, parcelas: [1] }), /assertion/);
  assert.throws(() => scheduleEvent(EventType.schedulePaidOff, REF, new Date(Number.NaN)), /assertion/);
  assert.throws(() => installmentLaunchEvent(REF, AT, { ...LAUNCH, vlrEncargos: dec('0.001') }), /assertion/);
  const sneaky = scheduleCreatedEvent(REF, OPENING);
  (sneaky.body as unknown as { QtdeParcelas: number }).QtdeParcelas = 1.5;
  assert.throws(() => serializeCallbackBody(sneaky.body), /assertion/);
});

test('docs/callbacks.md shows one full body per event 0–12, each decoding against the strict model', async () => {
  const doc = await readFile(new URL('../../../docs/callbacks.md', import.meta.url), 'utf8');
  const bodies = [...doc.matchAll(/```json\n([\s\S]*?)\n```/g)].map((m) => decodeCallbackBody(m[1]!));
  assert.deepEqual(bodies.map((b) => b.TipoEvento), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
});

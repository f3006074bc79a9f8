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
  boletoEvent,
  chargeCancelledEvent,
  chargeRegisteredEvent,
  installmentLaunchEvent,
  payeeEvent,
  reversalEvent,
  scheduleEvent,
  type CallbackEvent,
  type ProposalRef,
} from './events.js';
import { serializeCallbackBody, toOutboxRecord } from './event-json.js';

const AT = new Date('2026-08-03T14:05:06.789Z');
const REF: ProposalRef = { nroProposta: 771204, codigoProposta: '0b7e6f5c-2a41-4c8e-9a53-1d2f3e4a5b6c', codigoOperacao: '771204' };
const UUID_A = '11111111-2222-4333-8444-555555555555';
const UUID_B = '66666666-7777-4888-9999-aaaaaaaaaaaa';
const SCHEDULE = {
  vlrFinanciado: dec('1000.00'),
  vlrTotalPago: dec('0'),
  parcelas: [
    { nroParcela: 1, dtVencimento: localDate('2026-09-01'), vlrParcela: dec('520.10'), situacao: 0 as const },
    { nroParcela: 2, dtVencimento: localDate('2026-10-01'), vlrParcela: dec('520.1'), situacao: 0 as const },
  ],
};

function filledKeys(e: CallbackEvent): string[] {
  return SUB_OBJECT_KEYS.filter((k) => e.body[k] !== null);
}

test('every builder fills exactly its sub-object, names the event and keeps the proposal header', () => {
  const cases: Array<[CallbackEvent, number, string]> = [
    [scheduleEvent(EventType.scheduleCreated, REF, AT, SCHEDULE), 0, 'Agenda'],
    [scheduleEvent(EventType.scheduleCancelled, REF, AT, SCHEDULE), 1, 'Agenda'],
    [installmentLaunchEvent(REF, AT, { codigoLancamento: UUID_A, viaBoleto: false, parcelas: [{ nroParcela: 1, dtPagamento: localDate('2026-09-01'), vlrPagamento: dec('520.10'), vlrDesconto: dec('0'), vlrSaldoParcela: dec('0'), situacao: 1 }] }), 3, 'Lancamento'],
    [boletoEvent(EventType.boletoCreated, REF, AT, { codigoBoleto: UUID_A, nroBoleto: 10001, parcelas: [1, 2] }), 5, 'Boleto'],
    [boletoEvent(EventType.boletoCancelled, REF, AT, { codigoBoleto: UUID_A, nroBoleto: 10001, parcelas: [1, 2] }), 6, 'Boleto'],
    [scheduleEvent(EventType.schedulePaidOff, REF, AT, SCHEDULE), 7, 'Agenda'],
    [chargeRegisteredEvent(REF, AT, { codigoLiquidacao: UUID_B, codigoBoleto: UUID_A, nroBoleto: 10002, emv: '000201...6304ABCD', imagem: 'iVBORw0KGgo=', parcelas: [2] }), 8, 'Cobranca'],
    [chargeCancelledEvent(REF, AT, { codigoLiquidacao: UUID_B, codigoBoleto: null, nroBoleto: null, emv: '000201...', parcelas: [2], estornoLancamento: false }), 9, 'CancelamentoCobranca'],
    [reversalEvent(REF, AT, { codigoLancamento: UUID_A, motivo: 'pagamento em duplicidade', parcelas: [{ nroParcela: 1, vlrEstorno: dec('520.10'), vlrSaldoParcela: dec('520.10'), situacao: 0 }] }), 10, 'Estorno'],
  ];
  for (const [event, code, key] of cases) {
    assert.equal(event.event_type, code);
    assert.equal(event.body.TipoEvento, code);
    assert.equal(event.body.NomeEvento, EVENT_NAMES[code as keyof typeof EVENT_NAMES]);
    assert.deepEqual(filledKeys(event), [key], `event ${code}`);
    assert.deepEqual([event.body.NroProposta, event.body.CodigoProposta, event.body.CodigoOperacao, event.body.DtEvento], [771204, REF.codigoProposta, '771204', '2026-08-03T14:05:06.789Z']);
    assert.equal(event.ordering_key, `proposta:${REF.codigoProposta}`);
  }
  assert.deepEqual(
    cases.map(([e]) => e.body.Agenda?.SituacaoAgenda ?? null),
    [2, 0, null, null, null, 1, null, null, null],
  );
});

test('the schedule-created body, exactly as sent', () => {
  const json = serializeCallbackBody(scheduleEvent(EventType.scheduleCreated, REF, AT, SCHEDULE).body);
  assert.equal(
    json,
    '{"TipoEvento":0,"NomeEvento":"AgendaCriada","NroProposta":771204,"CodigoProposta":"0b7e6f5c-2a41-4c8e-9a53-1d2f3e4a5b6c","CodigoOperacao":"771204",' +
      '"DtEvento":"2026-08-03T14:05:06.789Z","Agenda":{"SituacaoAgenda":2,"QtdeParcelas":2,"VlrFinanciado":1000.00,"VlrTotalPago":0.00,' +
      '"Parcelas":[{"NroParcela":1,"DtVencimento":"2026-09-01T00:00:00Z","VlrParcela":520.10,"Situacao":0},{"NroParcela":2,"DtVencimento":"2026-10-01T00:00:00Z","VlrParcela":520.10,"Situacao":0}]},' +
      '"Lancamento":null,"Boleto":null,"Cobranca":null,"CancelamentoCobranca":null,"Estorno":null,"Favorecido":null}',
  );
  // Plain JSON.parse reads it too, as any partner client would.
  assert.equal(JSON.parse(json).Agenda.VlrFinanciado, 1000);
});

test('the charge-cancelled body (the callback the interface requires)', () => {
  const e = chargeCancelledEvent(REF, AT, { codigoLiquidacao: UUID_B, codigoBoleto: UUID_A, nroBoleto: 10002, emv: null, parcelas: [3, 4], estornoLancamento: true });
  assert.deepEqual(JSON.parse(serializeCallbackBody(e.body)).CancelamentoCobranca, {
    CodigoLiquidacao: UUID_B,
    CodigoBoleto: UUID_A,
    NroBoleto: 10002,
    Emv: null,
    Parcelas: [3, 4],
    EstornoLancamento: true,
  });
});

test('payee events carry no proposal, order by payee, and a rejection carries its reason', () => {
  const ok = payeeEvent(EventType.payeeApproved, AT, { codigoFavorecido: UUID_A, motivo: 'ignored' });
  assert.deepEqual([ok.body.NroProposta, ok.body.CodigoProposta, ok.body.CodigoOperacao], [null, null, null]);
  assert.deepEqual(ok.body.Favorecido, { CodigoFavorecido: UUID_A, Situacao: 'aprovado', Motivo: null });
  assert.equal(ok.ordering_key, `favorecido:${UUID_A}`);
  const no = payeeEvent(EventType.payeeRejected, AT, { codigoFavorecido: UUID_A, motivo: 'Chave Pix não pertence ao titular' });
  assert.deepEqual([no.body.NomeEvento, no.body.Favorecido?.Situacao, no.body.Favorecido?.Motivo], ['FavorecidoReprovado', 'reprovado', 'Chave Pix não pertence ao titular']);
  assert.throws(() => payeeEvent(EventType.payeeRejected, AT, { codigoFavorecido: UUID_A, motivo: ' ' }), /assertion/);
});

test('amounts are written from their digits: any whole-centavo amount survives the wire exactly', () => {
  fc.assert(
    fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), (c) => {
      const amount = fromCents(c);
      const e = reversalEvent(REF, AT, { codigoLancamento: UUID_A, motivo: null, parcelas: [{ nroParcela: 1, vlrEstorno: amount, vlrSaldoParcela: amount, situacao: 0 }] });
      const back = parse(toOutboxRecord(e).body_json) as { Estorno: { Parcelas: Array<{ VlrEstorno: LosslessNumber }> } };
      const wire = back.Estorno.Parcelas[0]!.VlrEstorno;
      assert.ok(isLosslessNumber(wire));
      assert.equal(dec(wire.toString()).equals(amount), true);
      assert.match(wire.toString(), /^\d+\.\d{2}$/);
    }),
    { seed: 3, numRuns: 300 },
  );
});

test('broken inputs are assertions, not silently fixed', () => {
  const bad = (parcelas: number[]) => () => boletoEvent(EventType.boletoCreated, REF, AT, { codigoBoleto: UUID_A, nroBoleto: 1, parcelas });
  assert.throws(bad([]), /assertion/);
  assert.throws(bad([2, 1]), /assertion/);
  assert.throws(bad([1, 1]), /assertion/);
  assert.throws(bad([0]), /assertion/);
  assert.throws(() => scheduleEvent(EventType.scheduleCreated, REF, AT, { ...SCHEDULE, vlrFinanciado: dec('1000.005') }), /assertion/);
  assert.throws(() => boletoEvent(EventType.boletoCreated, { ...REF, codigoProposta: 'x' }, AT, { codigoBoleto: UUID_A, nroBoleto: 1, parcelas: [1] }), /assertion/);
  assert.throws(() => chargeRegisteredEvent(REF, AT, { codigoLiquidacao: UUID_B, codigoBoleto: null, nroBoleto: null, emv: null, imagem: null, parcelas: [1] }), /assertion/);
  assert.throws(() => scheduleEvent(EventType.scheduleCreated, REF, new Date(Number.NaN), SCHEDULE), /assertion/);
  const sneaky = scheduleEvent(EventType.scheduleCreated, REF, AT, SCHEDULE);
  (sneaky.body.Agenda as unknown as { QtdeParcelas: number }).QtdeParcelas = 1.5;
  assert.throws(() => serializeCallbackBody(sneaky.body), /assertion/);
});

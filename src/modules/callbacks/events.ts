// Builders of callback events, one per kind. Producers (proposals, receivables, payees) call them
// inside the transaction that makes the change and insert the result into the outbox. Pure: the
// instant of the event is an argument. Inputs are the domain's (Decimal, LocalDate); amounts must
// already be rounded to centavos (a builder never rounds: a third decimal here is a bug upstream).
import { Decimal } from '../../platform/money.js';
import { dateToWire, isValidLocalDate, type LocalDate } from '../../platform/dates.js';
import { CALLBACK_PARCELAS_MAX } from './limits.js';
import {
  EVENT_NAMES,
  EventType,
  SUB_OBJECT_KEYS,
  type AgendaBody,
  type BoletoBody,
  type CallbackBody,
  type CallbackEvent,
  type CancelamentoCobrancaBody,
  type CobrancaBody,
  type EstornoBody,
  type EventTypeCode,
  type LancamentoBody,
  type SubObjectKey,
  type SubObjects,
} from './event-body.js';

export * from './event-body.js';

export interface ProposalRef {
  nroProposta: number;
  codigoProposta: string;
  codigoOperacao: string;
}

export interface ScheduleSnapshot {
  vlrFinanciado: Decimal;
  vlrTotalPago: Decimal;
  parcelas: ReadonlyArray<{ nroParcela: number; dtVencimento: LocalDate; vlrParcela: Decimal; situacao: 0 | 1 }>;
}

export interface LaunchInput {
  codigoLancamento: string;
  viaBoleto: boolean;
  parcelas: ReadonlyArray<{ nroParcela: number; dtPagamento: LocalDate; vlrPagamento: Decimal; vlrDesconto: Decimal; vlrSaldoParcela: Decimal; situacao: 0 | 1 }>;
}

export interface BoletoInput {
  codigoBoleto: string;
  nroBoleto: number;
  parcelas: readonly number[];
}

export interface ChargeInput {
  codigoLiquidacao: string;
  codigoBoleto: string | null;
  nroBoleto: number | null;
  emv: string | null;
  parcelas: readonly number[];
}

export interface ReversalInput {
  codigoLancamento: string;
  motivo: string | null;
  parcelas: ReadonlyArray<{ nroParcela: number; vlrEstorno: Decimal; vlrSaldoParcela: Decimal; situacao: 0 | 1 }>;
}

type ScheduleEvent = typeof EventType.scheduleCreated | typeof EventType.scheduleCancelled | typeof EventType.schedulePaidOff;

/** SituacaoAgenda the schedule is in after each schedule event (compatibility-notes codes). */
const SCHEDULE_SITUATION: Readonly<Record<ScheduleEvent, 0 | 1 | 2>> = { 0: 2, 1: 0, 7: 1 };

export function scheduleEvent(type: ScheduleEvent, ref: ProposalRef, at: Date, s: ScheduleSnapshot): CallbackEvent {
  assertList(s.parcelas.map((p) => p.nroParcela), 'parcelas');
  const agenda: AgendaBody = {
    SituacaoAgenda: SCHEDULE_SITUATION[type],
    QtdeParcelas: s.parcelas.length,
    VlrFinanciado: cents(s.vlrFinanciado),
    VlrTotalPago: cents(s.vlrTotalPago),
    Parcelas: s.parcelas.map((p) => ({ NroParcela: p.nroParcela, DtVencimento: wireDate(p.dtVencimento), VlrParcela: cents(p.vlrParcela), Situacao: p.situacao })),
  };
  return proposalEvent(type, ref, at, 'Agenda', agenda);
}

export function installmentLaunchEvent(ref: ProposalRef, at: Date, l: LaunchInput): CallbackEvent {
  assertList(l.parcelas.map((p) => p.nroParcela), 'parcelas');
  const lancamento: LancamentoBody = {
    CodigoLancamento: uuid(l.codigoLancamento),
    ViaBoleto: l.viaBoleto,
    Parcelas: l.parcelas.map((p) => ({
      NroParcela: p.nroParcela,
      DtPagamento: wireDate(p.dtPagamento),
      VlrPagamento: cents(p.vlrPagamento),
      VlrDesconto: cents(p.vlrDesconto),
      VlrSaldoParcela: cents(p.vlrSaldoParcela),
      Situacao: p.situacao,
    })),
  };
  return proposalEvent(EventType.installmentLaunch, ref, at, 'Lancamento', lancamento);
}

export function boletoEvent(type: typeof EventType.boletoCreated | typeof EventType.boletoCancelled, ref: ProposalRef, at: Date, b: BoletoInput): CallbackEvent {
  const boleto: BoletoBody = { CodigoBoleto: uuid(b.codigoBoleto), NroBoleto: positiveInt(b.nroBoleto, 'nroBoleto'), Parcelas: assertList(b.parcelas, 'parcelas') };
  return proposalEvent(type, ref, at, 'Boleto', boleto);
}

export function chargeRegisteredEvent(ref: ProposalRef, at: Date, c: ChargeInput & { imagem: string | null }): CallbackEvent {
  const cobranca: CobrancaBody = { ...chargeFields(c), Imagem: c.imagem, Parcelas: assertList(c.parcelas, 'parcelas') };
  return proposalEvent(EventType.chargeRegistered, ref, at, 'Cobranca', cobranca);
}

/** The one callback the interface requires: an asynchronous CancelarCobrancas has completed. */
export function chargeCancelledEvent(ref: ProposalRef, at: Date, c: ChargeInput & { estornoLancamento: boolean }): CallbackEvent {
  const body: CancelamentoCobrancaBody = { ...chargeFields(c), Parcelas: assertList(c.parcelas, 'parcelas'), EstornoLancamento: c.estornoLancamento };
  return proposalEvent(EventType.chargeCancelled, ref, at, 'CancelamentoCobranca', body);
}

export function reversalEvent(ref: ProposalRef, at: Date, r: ReversalInput): CallbackEvent {
  assertList(r.parcelas.map((p) => p.nroParcela), 'parcelas');
  const estorno: EstornoBody = {
    CodigoLancamento: uuid(r.codigoLancamento),
    Motivo: r.motivo,
    Parcelas: r.parcelas.map((p) => ({ NroParcela: p.nroParcela, VlrEstorno: cents(p.vlrEstorno), VlrSaldoParcela: cents(p.vlrSaldoParcela), Situacao: p.situacao })),
  };
  return proposalEvent(EventType.reversal, ref, at, 'Estorno', estorno);
}

/** Approval (11) or rejection (12, with the team's reason) of a payee; no proposal involved. */
export function payeeEvent(type: typeof EventType.payeeApproved | typeof EventType.payeeRejected, at: Date, p: { codigoFavorecido: string; motivo: string | null }): CallbackEvent {
  const approved = type === EventType.payeeApproved;
  if (!approved && (p.motivo === null || p.motivo.trim() === '')) throw new Error('assertion: a payee rejection carries its reason');
  const favorecido = { CodigoFavorecido: uuid(p.codigoFavorecido), Situacao: approved ? 'aprovado' : 'reprovado', Motivo: approved ? null : p.motivo } as const;
  const body = envelope(type, { NroProposta: null, CodigoProposta: null, CodigoOperacao: null }, at, 'Favorecido', favorecido);
  return { event_type: type, ordering_key: `favorecido:${favorecido.CodigoFavorecido}`, body };
}

function proposalEvent<K extends SubObjectKey>(type: EventTypeCode, ref: ProposalRef, at: Date, key: K, sub: NonNullable<SubObjects[K]>): CallbackEvent {
  const header = { NroProposta: positiveInt(ref.nroProposta, 'nroProposta'), CodigoProposta: uuid(ref.codigoProposta), CodigoOperacao: ref.codigoOperacao };
  if (ref.codigoOperacao === '') throw new Error('assertion: codigoOperacao is empty');
  return { event_type: type, ordering_key: `proposta:${header.CodigoProposta}`, body: envelope(type, header, at, key, sub) };
}

function envelope<K extends SubObjectKey>(
  type: EventTypeCode,
  header: Pick<CallbackBody, 'NroProposta' | 'CodigoProposta' | 'CodigoOperacao'>,
  at: Date,
  key: K,
  sub: NonNullable<SubObjects[K]>,
): CallbackBody {
  if (Number.isNaN(at.getTime())) throw new Error('assertion: invalid event instant');
  const subs = Object.fromEntries(SUB_OBJECT_KEYS.map((k) => [k, k === key ? sub : null])) as unknown as SubObjects;
  return { TipoEvento: type, NomeEvento: EVENT_NAMES[type], ...header, DtEvento: at.toISOString(), ...subs };
}

function chargeFields(c: ChargeInput): Pick<CobrancaBody, 'CodigoLiquidacao' | 'CodigoBoleto' | 'NroBoleto' | 'Emv'> {
  if (c.codigoBoleto === null && c.emv === null) throw new Error('assertion: a charge has a boleto, a Pix code or both');
  return {
    CodigoLiquidacao: uuid(c.codigoLiquidacao),
    CodigoBoleto: c.codigoBoleto === null ? null : uuid(c.codigoBoleto),
    NroBoleto: c.nroBoleto === null ? null : positiveInt(c.nroBoleto, 'nroBoleto'),
    Emv: c.emv,
  };
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function uuid(value: string): string {
  if (!UUID_RE.test(value)) throw new Error(`assertion: expected a uuid, got ${value}`);
  return value;
}

function positiveInt(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`assertion: ${what} must be a positive integer, got ${value}`);
  return value;
}

/** Installment numbers: positive, strictly ascending (so unique), and bounded. */
function assertList(numbers: readonly number[], what: string): number[] {
  if (numbers.length === 0 || numbers.length > CALLBACK_PARCELAS_MAX) throw new Error(`assertion: ${what} must list 1 to ${CALLBACK_PARCELAS_MAX} installments`);
  numbers.forEach((n, i) => {
    positiveInt(n, what);
    if (i > 0 && n <= numbers[i - 1]!) throw new Error(`assertion: ${what} must be strictly ascending`);
  });
  return [...numbers];
}

function cents(value: Decimal): Decimal {
  if (!Decimal.isDecimal(value) || !value.isFinite() || value.decimalPlaces() > 2) throw new Error(`assertion: ${String(value)} is not an amount in whole centavos`);
  return value;
}

function wireDate(date: LocalDate): string {
  if (!isValidLocalDate(date)) throw new Error(`assertion: invalid calendar date ${date}`);
  return dateToWire(date);
}

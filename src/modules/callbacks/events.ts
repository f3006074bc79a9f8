// Builders of callback events, one per kind. Producers (proposals, receivables, payees) call them
// inside the transaction that makes the change and insert the result into the outbox. Pure: the
// instant of the event is an argument (DtEvento is its day in São Paulo). Inputs are the domain's
// (Decimal, LocalDate); amounts must already be rounded to centavos (a builder never rounds: a
// third decimal here is a bug upstream).
import { Decimal } from '../../platform/money.js';
import { brazilDateAt, dateToWire, isValidLocalDate, type LocalDate } from '../../platform/dates.js';
import { CALLBACK_INSTALLMENTS_MAX } from './limits.js';
import {
  EVENT_NAMES,
  EventType,
  SUB_OBJECT_KEYS,
  type AgendaCriadaFields,
  type CallbackEvent,
  type EventTypeCode,
  type GeracaoCobrancaBody,
  type ProposalHeader,
  type SubObjectKey,
  type SubObjects,
} from './event-body.js';

export * from './event-body.js';

export interface ProposalRef {
  nroProposta: number;
  codigoProposta: string;
  /** Null when the partner sent none. */
  codigoOperacao: string | null;
}

export interface ScheduleOpeningInput {
  contractDate: LocalDate;
  disbursedOn: LocalDate;
  account: { numeroBanco: string; nomeBanco: string | null; agencia: string; conta: string; contaDigito: string };
  parcelas: ReadonlyArray<{ nroParcela: number; dtVencimento: LocalDate; vlrParcela: Decimal; vlrPrincipal: Decimal; vlrDespesas: Decimal; vlrSaldoDevedor: Decimal }>;
}

export interface BalanceChangeInput {
  nroParcela: number;
  vlrSaldo: Decimal;
  vlrAcrescimo: Decimal;
  vlrAbatimento: Decimal;
  vlrSaldoAtual: Decimal;
}

export interface LaunchInput {
  nroParcela: number;
  vlrOriginalParcela: Decimal;
  vlrSaldo: Decimal;
  parcelaLiquidada: boolean;
  vlrEncargos: Decimal;
  vlrAbatimento: Decimal;
  vlrPagamento: Decimal;
  vlrDesconto: Decimal;
  vlrSaldoAtual: Decimal;
  vlrExcedente: Decimal;
  dtVencimento: LocalDate;
  dtVencimentoAtual: LocalDate;
  boleto: { nroBoleto: number; liquidacao: boolean } | null;
}

export interface DueDateChangeInput {
  nroParcela: number;
  dtVencimentoAnterior: LocalDate;
  dtVencimentoAtual: LocalDate;
}

export interface BoletoCreatedInput {
  codigoBoleto: string;
  nroBoleto: number;
  vlrBoleto: Decimal;
  dtVencimento: LocalDate;
  liquidacao: boolean;
}

export interface BoletoCancelledInput {
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
  nroParcela: number;
  lancamentos: ReadonlyArray<{ codigo: string; dtInclusao: LocalDate; dtEstorno: LocalDate; tipo: string; valor: Decimal; motivo: string | null }>;
}

/** Event 0, flat: the schedule as opened, the credit date and the account credited. */
export function scheduleCreatedEvent(ref: ProposalRef, s: ScheduleOpeningInput): CallbackEvent {
  assertList(s.parcelas.map((p) => p.nroParcela), 'parcelas');
  const fields: AgendaCriadaFields = {
    QtdeParcelas: s.parcelas.length,
    VlrTotalDivida: cents(s.parcelas.reduce((acc, p) => acc.plus(p.vlrParcela), new Decimal(0))),
    DtFinanciado: wireDate(s.contractDate),
    Credito: { DtCredito: wireDate(s.disbursedOn) },
    Conta: {
      CodigoBanco: bankCode(s.account.numeroBanco),
      NomeBanco: s.account.nomeBanco,
      Agencia: nonEmpty(s.account.agencia, 'agencia'),
      Conta: nonEmpty(s.account.conta, 'conta'),
      ContaDigito: nonEmpty(s.account.contaDigito, 'contaDigito'),
    },
    Parcelas: s.parcelas.map((p) => ({
      NroParcela: p.nroParcela,
      VlrParcela: cents(p.vlrParcela),
      VlrPrincipal: cents(p.vlrPrincipal),
      VlrDespesas: cents(p.vlrDespesas),
      VlrSaldoDevedor: cents(p.vlrSaldoDevedor),
      DtVencimento: wireDate(p.dtVencimento),
    })),
  };
  const header = headerOf(EventType.scheduleCreated, ref);
  return { event_type: EventType.scheduleCreated, ordering_key: orderingKeyOf(ref), body: { ...header, ...fields, ...subObjects(null, null) } };
}

/** Events 1 (cancelled) and 7 (paid off): no sub-object. */
export function scheduleEvent(type: typeof EventType.scheduleCancelled | typeof EventType.schedulePaidOff, ref: ProposalRef, at: Date): CallbackEvent {
  return proposalEvent(type, ref, at, null, null);
}

/** Event 2 (reserved: no operation changes a balance this way yet). */
export function increaseReductionEvent(ref: ProposalRef, at: Date, c: BalanceChangeInput): CallbackEvent {
  return proposalEvent(EventType.increaseReduction, ref, at, 'AcrescimoAbatimento', {
    NroParcela: positiveInt(c.nroParcela, 'nroParcela'),
    VlrSaldo: cents(c.vlrSaldo),
    VlrAcrescimo: cents(c.vlrAcrescimo),
    VlrAbatimento: cents(c.vlrAbatimento),
    VlrSaldoAtual: cents(c.vlrSaldoAtual),
  });
}

/** Event 3: one launch on one installment. */
export function installmentLaunchEvent(ref: ProposalRef, at: Date, l: LaunchInput): CallbackEvent {
  return proposalEvent(EventType.installmentLaunch, ref, at, 'LancamentoParcela', {
    NroParcela: positiveInt(l.nroParcela, 'nroParcela'),
    VlrOriginalParcela: cents(l.vlrOriginalParcela),
    VlrSaldo: cents(l.vlrSaldo),
    ParcelaLiquidada: l.parcelaLiquidada,
    VlrEncargos: cents(l.vlrEncargos),
    VlrAbatimento: cents(l.vlrAbatimento),
    VlrPagamento: cents(l.vlrPagamento),
    VlrDesconto: cents(l.vlrDesconto),
    VlrSaldoAtual: cents(l.vlrSaldoAtual),
    VlrExcedente: cents(l.vlrExcedente),
    DtVencimento: wireDate(l.dtVencimento),
    DtVencimentoAtual: wireDate(l.dtVencimentoAtual),
    Boleto: l.boleto === null ? null : { NroBoleto: positiveInt(l.boleto.nroBoleto, 'nroBoleto'), Liquidacao: l.boleto.liquidacao },
  });
}

/** Event 4 (reserved: no operation extends a due date yet). */
export function dueDateExtensionEvent(ref: ProposalRef, at: Date, d: DueDateChangeInput): CallbackEvent {
  return proposalEvent(EventType.dueDateExtension, ref, at, 'ProrrogacaoVencimento', {
    NroParcela: positiveInt(d.nroParcela, 'nroParcela'),
    DtVencimentoAnterior: wireDate(d.dtVencimentoAnterior),
    DtVencimentoAtual: wireDate(d.dtVencimentoAtual),
  });
}

export function boletoCreatedEvent(ref: ProposalRef, at: Date, b: BoletoCreatedInput): CallbackEvent {
  return proposalEvent(EventType.boletoCreated, ref, at, 'GeracaoBoleto', {
    CodigoBoleto: uuid(b.codigoBoleto),
    NroBoleto: positiveInt(b.nroBoleto, 'nroBoleto'),
    VlrBoleto: cents(b.vlrBoleto),
    DtVencimento: wireDate(b.dtVencimento),
    Liquidacao: b.liquidacao,
  });
}

export function boletoCancelledEvent(ref: ProposalRef, at: Date, b: BoletoCancelledInput): CallbackEvent {
  return proposalEvent(EventType.boletoCancelled, ref, at, 'CancelamentoBoleto', {
    CodigoBoleto: uuid(b.codigoBoleto),
    NroBoleto: positiveInt(b.nroBoleto, 'nroBoleto'),
    Parcelas: assertList(b.parcelas, 'parcelas'),
  });
}

export function chargeRegisteredEvent(ref: ProposalRef, at: Date, c: ChargeInput & { imagem: string | null }): CallbackEvent {
  return proposalEvent(EventType.chargeRegistered, ref, at, 'GeracaoCobranca', { ...chargeFields(c), Imagem: c.imagem, Parcelas: assertList(c.parcelas, 'parcelas') });
}

/** The one callback the interface requires: an asynchronous CancelarCobrancas has completed. */
export function chargeCancelledEvent(ref: ProposalRef, at: Date, c: ChargeInput & { estornoLancamento: boolean }): CallbackEvent {
  return proposalEvent(EventType.chargeCancelled, ref, at, 'CancelamentoCobranca', { ...chargeFields(c), Parcelas: assertList(c.parcelas, 'parcelas'), EstornoLancamento: c.estornoLancamento });
}

/** Event 10 (no operation reverses a launch yet). */
export function reversalEvent(ref: ProposalRef, at: Date, r: ReversalInput): CallbackEvent {
  if (r.lancamentos.length === 0 || r.lancamentos.length > CALLBACK_INSTALLMENTS_MAX) throw new Error(`assertion: a reversal lists 1 to ${CALLBACK_INSTALLMENTS_MAX} launches`);
  return proposalEvent(EventType.reversal, ref, at, 'EstornoLancamento', {
    NroParcela: positiveInt(r.nroParcela, 'nroParcela'),
    LancamentosEstornados: r.lancamentos.map((l) => ({
      Codigo: uuid(l.codigo),
      DtInclusao: wireDate(l.dtInclusao),
      DtEstorno: wireDate(l.dtEstorno),
      Tipo: nonEmpty(l.tipo, 'tipo'),
      Valor: cents(l.valor),
      Motivo: l.motivo,
    })),
  });
}

/** Approval (11) or rejection (12, with the team's reason) of a payee; no proposal involved. */
export function payeeEvent(type: typeof EventType.payeeApproved | typeof EventType.payeeRejected, at: Date, p: { payeeId: string; reason: string | null }): CallbackEvent {
  const approved = type === EventType.payeeApproved;
  if (!approved && (p.reason === null || p.reason.trim() === '')) throw new Error('assertion: a payee rejection carries its reason');
  const favorecido = { CodigoFavorecido: uuid(p.payeeId), Situacao: approved ? 'aprovado' : 'reprovado', Motivo: approved ? null : p.reason } as const;
  const body = { TipoEvento: type, NomeEvento: EVENT_NAMES[type], NroProposta: null, CodigoProposta: null, CodigoOperacao: null, DtEvento: eventDate(at), ...subObjects(null, null), Favorecido: favorecido };
  return { event_type: type, ordering_key: `favorecido:${favorecido.CodigoFavorecido}`, body };
}

function headerOf(type: EventTypeCode, ref: ProposalRef): ProposalHeader {
  if (ref.codigoOperacao === '') throw new Error('assertion: codigoOperacao is empty');
  return { TipoEvento: type, NomeEvento: EVENT_NAMES[type], NroProposta: positiveInt(ref.nroProposta, 'nroProposta'), CodigoProposta: uuid(ref.codigoProposta), CodigoOperacao: ref.codigoOperacao };
}

function orderingKeyOf(ref: ProposalRef): string {
  return `proposta:${uuid(ref.codigoProposta)}`;
}

function proposalEvent<K extends SubObjectKey>(type: EventTypeCode, ref: ProposalRef, at: Date, key: K | null, sub: SubObjects[K] | null): CallbackEvent {
  const body = { ...headerOf(type, ref), DtEvento: eventDate(at), ...subObjects(key, sub) };
  return { event_type: type, ordering_key: orderingKeyOf(ref), body };
}

/** Every sub-object key, in order: `key` filled with `sub`, the others null. */
function subObjects<K extends SubObjectKey>(key: K | null, sub: SubObjects[K] | null): SubObjects {
  if ((key === null) !== (sub === null)) throw new Error('assertion: a sub-object key goes with its value');
  return Object.fromEntries(SUB_OBJECT_KEYS.map((k) => [k, k === key ? sub : null])) as unknown as SubObjects;
}

/** DtEvento: the day of the instant in São Paulo, 'yyyy-MM-dd'. */
function eventDate(at: Date): string {
  if (Number.isNaN(at.getTime())) throw new Error('assertion: invalid event instant');
  return brazilDateAt(at);
}

function chargeFields(c: ChargeInput): Pick<GeracaoCobrancaBody, 'CodigoLiquidacao' | 'CodigoBoleto' | 'NroBoleto' | 'Emv'> {
  if (c.codigoBoleto === null && c.emv === null) throw new Error('assertion: a charge has a boleto, a Pix code or both');
  return {
    CodigoLiquidacao: uuid(c.codigoLiquidacao),
    CodigoBoleto: c.codigoBoleto === null ? null : uuid(c.codigoBoleto),
    NroBoleto: c.nroBoleto === null ? null : positiveInt(c.nroBoleto, 'nroBoleto'),
    Emv: c.emv,
  };
}

/** CodigoBanco: the bank's COMPE number as an integer (the interface's codigoBanco, banks.ts). */
function bankCode(numeroBanco: string): number {
  if (!/^\d{3}$/.test(numeroBanco)) throw new Error(`assertion: bank number ${numeroBanco} is not 3 digits`);
  return Number(numeroBanco);
}

function nonEmpty(value: string, what: string): string {
  if (value.trim() === '') throw new Error(`assertion: ${what} is empty`);
  return value;
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
  if (numbers.length === 0 || numbers.length > CALLBACK_INSTALLMENTS_MAX) throw new Error(`assertion: ${what} must list 1 to ${CALLBACK_INSTALLMENTS_MAX} installments`);
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

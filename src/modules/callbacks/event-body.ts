// The wire shape of a callback body (PascalCase, compatibility-notes "Callbacks"): the common
// header, then every sub-object key, exactly one of them filled and the others null, so a partner
// deserialising into one class per service finds every property on every event.
// Money fields hold Decimal values; event-json.ts writes them as exact JSON numbers.
import type { Decimal } from '../../platform/money.js';

/** Event codes 0–10 come from the production service; 11 and 12 are this project's (payees). */
export const EventType = {
  scheduleCreated: 0,
  scheduleCancelled: 1,
  increaseReduction: 2,
  installmentLaunch: 3,
  dueDateExtension: 4,
  boletoCreated: 5,
  boletoCancelled: 6,
  schedulePaidOff: 7,
  chargeRegistered: 8,
  chargeCancelled: 9,
  reversal: 10,
  payeeApproved: 11,
  payeeRejected: 12,
} as const;

export type EventTypeCode = (typeof EventType)[keyof typeof EventType];

/** NomeEvento of each code. 2 and 4 are reserved: no operation of the interface produces them. */
export const EVENT_NAMES: Readonly<Record<EventTypeCode, string>> = Object.freeze({
  0: 'AgendaCriada',
  1: 'AgendaCancelada',
  2: 'AumentoReducao',
  3: 'LancamentoParcela',
  4: 'ProrrogacaoVencimento',
  5: 'BoletoGerado',
  6: 'BoletoCancelado',
  7: 'AgendaQuitada',
  8: 'CobrancaRegistrada',
  9: 'CobrancaCancelada',
  10: 'Estorno',
  11: 'FavorecidoAprovado',
  12: 'FavorecidoReprovado',
});

/** 'YYYY-MM-DDT00:00:00Z': the wire form of a calendar date (platform/dates.ts dateToWire). */
export type WireDate = string;

export interface AgendaParcelaBody {
  NroParcela: number;
  DtVencimento: WireDate;
  VlrParcela: Decimal;
  /** 0 open, 1 paid (the interface's installment situacao). */
  Situacao: 0 | 1;
}

/** Events 0, 1, 7: the schedule as it stands after the change. */
export interface AgendaBody {
  /** 2 open, 1 fully paid, 0 cancelled (compatibility-notes). */
  SituacaoAgenda: 0 | 1 | 2;
  QtdeParcelas: number;
  VlrFinanciado: Decimal;
  VlrTotalPago: Decimal;
  Parcelas: AgendaParcelaBody[];
}

export interface LancamentoParcelaBody {
  NroParcela: number;
  DtPagamento: WireDate;
  VlrPagamento: Decimal;
  VlrDesconto: Decimal;
  /** Balance of the installment after this launch. */
  VlrSaldoParcela: Decimal;
  Situacao: 0 | 1;
}

/** Event 3: one payment launch (one request), covering one or more installments. */
export interface LancamentoBody {
  CodigoLancamento: string;
  ViaBoleto: boolean;
  Parcelas: LancamentoParcelaBody[];
}

/** Events 5 and 6. */
export interface BoletoBody {
  CodigoBoleto: string;
  NroBoleto: number;
  Parcelas: number[];
}

/** Event 8. Boleto fields are null for a Pix-only charge; Emv/Imagem null for a boleto-only one. */
export interface CobrancaBody {
  CodigoLiquidacao: string;
  CodigoBoleto: string | null;
  NroBoleto: number | null;
  Emv: string | null;
  Imagem: string | null;
  Parcelas: number[];
}

/** Event 9, the callback the interface requires. EstornoLancamento: a launch was reversed with it. */
export interface CancelamentoCobrancaBody {
  CodigoLiquidacao: string;
  CodigoBoleto: string | null;
  NroBoleto: number | null;
  Emv: string | null;
  Parcelas: number[];
  EstornoLancamento: boolean;
}

export interface EstornoParcelaBody {
  NroParcela: number;
  VlrEstorno: Decimal;
  VlrSaldoParcela: Decimal;
  Situacao: 0 | 1;
}

/** Event 10: a launch undone. */
export interface EstornoBody {
  CodigoLancamento: string;
  Motivo: string | null;
  Parcelas: EstornoParcelaBody[];
}

/** Events 11 and 12. */
export interface FavorecidoBody {
  CodigoFavorecido: string;
  Situacao: 'aprovado' | 'reprovado';
  Motivo: string | null;
}

export interface SubObjects {
  Agenda: AgendaBody | null;
  Lancamento: LancamentoBody | null;
  Boleto: BoletoBody | null;
  Cobranca: CobrancaBody | null;
  CancelamentoCobranca: CancelamentoCobrancaBody | null;
  Estorno: EstornoBody | null;
  Favorecido: FavorecidoBody | null;
}

export type SubObjectKey = keyof SubObjects;

/** Body key order: the header, then the sub-objects in this order (stable across events). */
export const SUB_OBJECT_KEYS: readonly SubObjectKey[] = ['Agenda', 'Lancamento', 'Boleto', 'Cobranca', 'CancelamentoCobranca', 'Estorno', 'Favorecido'];

export interface CallbackBody extends SubObjects {
  TipoEvento: EventTypeCode;
  NomeEvento: string;
  /** Null on payee events, which belong to no proposal. */
  NroProposta: number | null;
  CodigoProposta: string | null;
  CodigoOperacao: string | null;
  /** When the change happened (ISO 8601, UTC, milliseconds); not when it was delivered. */
  DtEvento: string;
}

/** What a producer hands to the outbox: the body and the key that orders delivery. */
export interface CallbackEvent {
  event_type: EventTypeCode;
  /** Events with the same key are delivered in creation order: `proposta:<uuid>` or `favorecido:<uuid>`. */
  ordering_key: string;
  body: CallbackBody;
}

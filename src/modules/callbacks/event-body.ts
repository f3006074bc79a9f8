// The wire shape of a callback body (PascalCase, compatibility-notes "Callbacks" and "Observed in
// a public partner client"): the header, then every sub-object key of the production service,
// the event's own filled and the others null, so a partner deserialising into one class finds
// every property on every event. Event 0 is flat (its fields sit beside the header); events 1
// and 7 fill no sub-object. Money fields hold Decimal values; event-json.ts writes them as exact
// JSON numbers.
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

/**
 * NomeEvento of each code. Only event 8's name was observed ("RegistroCobranca"); the others are
 * this project's. Clients branch on TipoEvento. 2 and 4 are reserved: no operation produces them.
 */
export const EVENT_NAMES: Readonly<Record<EventTypeCode, string>> = Object.freeze({
  0: 'AgendaCriada',
  1: 'AgendaCancelada',
  2: 'AumentoReducao',
  3: 'LancamentoParcela',
  4: 'ProrrogacaoVencimento',
  5: 'BoletoGerado',
  6: 'BoletoCancelado',
  7: 'AgendaQuitada',
  8: 'RegistroCobranca',
  9: 'CobrancaCancelada',
  10: 'Estorno',
  11: 'FavorecidoAprovado',
  12: 'FavorecidoReprovado',
});

/** 'YYYY-MM-DDT00:00:00Z': the wire form of a calendar date inside a sub-object (platform/dates.ts dateToWire). */
export type WireDate = string;
/** 'YYYY-MM-DD': DtEvento, the day of the event in São Paulo. */
export type EventDate = string;

/** Event 2: an increase or reduction of an installment's balance. */
export interface AcrescimoAbatimentoBody {
  NroParcela: number;
  VlrSaldo: Decimal;
  VlrAcrescimo: Decimal;
  VlrAbatimento: Decimal;
  VlrSaldoAtual: Decimal;
}

export interface LaunchBoletoBody {
  NroBoleto: number;
  /** The boleto settles the whole contract (quitação). */
  Liquidacao: boolean;
}

/** Event 3: one payment launch on one installment. */
export interface LancamentoParcelaBody {
  NroParcela: number;
  VlrOriginalParcela: Decimal;
  /** Balance updated to the payment date, charges included, before this launch. */
  VlrSaldo: Decimal;
  ParcelaLiquidada: boolean;
  /** Fine + late interest + contract interest for the late days. */
  VlrEncargos: Decimal;
  VlrAbatimento: Decimal;
  VlrPagamento: Decimal;
  VlrDesconto: Decimal;
  /** Balance after this launch. */
  VlrSaldoAtual: Decimal;
  /** Money beyond the balance (0: a payment above the balance is refused). */
  VlrExcedente: Decimal;
  DtVencimento: WireDate;
  DtVencimentoAtual: WireDate;
  /** The boleto paid, or null for a launch not made through a boleto. */
  Boleto: LaunchBoletoBody | null;
}

/** Event 4. */
export interface ProrrogacaoVencimentoBody {
  NroParcela: number;
  DtVencimentoAnterior: WireDate;
  DtVencimentoAtual: WireDate;
}

/** Event 5. */
export interface GeracaoBoletoBody {
  CodigoBoleto: string;
  NroBoleto: number;
  VlrBoleto: Decimal;
  DtVencimento: WireDate;
  Liquidacao: boolean;
}

/** Event 6. */
export interface CancelamentoBoletoBody {
  CodigoBoleto: string;
  NroBoleto: number;
  Parcelas: number[];
}

/** Event 8. Boleto fields are null for a Pix-only charge; Emv/Imagem null for a boleto-only one. */
export interface GeracaoCobrancaBody {
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

export interface LancamentoEstornadoBody {
  Codigo: string;
  DtInclusao: WireDate;
  DtEstorno: WireDate;
  Tipo: string;
  Valor: Decimal;
  Motivo: string | null;
}

/** Event 10: launches of one installment undone. */
export interface EstornoLancamentoBody {
  NroParcela: number;
  LancamentosEstornados: LancamentoEstornadoBody[];
}

/** Events 11 and 12 (this project's). */
export interface FavorecidoBody {
  CodigoFavorecido: string;
  Situacao: 'aprovado' | 'reprovado';
  Motivo: string | null;
}

/** The production service's sub-objects, in body order. */
export interface SubObjects {
  AcrescimoAbatimento: AcrescimoAbatimentoBody | null;
  LancamentoParcela: LancamentoParcelaBody | null;
  ProrrogacaoVencimento: ProrrogacaoVencimentoBody | null;
  GeracaoBoleto: GeracaoBoletoBody | null;
  CancelamentoBoleto: CancelamentoBoletoBody | null;
  GeracaoCobranca: GeracaoCobrancaBody | null;
  CancelamentoCobranca: CancelamentoCobrancaBody | null;
  EstornoLancamento: EstornoLancamentoBody | null;
}

export type SubObjectKey = keyof SubObjects;

export const SUB_OBJECT_KEYS: readonly SubObjectKey[] = Object.freeze([
  'AcrescimoAbatimento',
  'LancamentoParcela',
  'ProrrogacaoVencimento',
  'GeracaoBoleto',
  'CancelamentoBoleto',
  'GeracaoCobranca',
  'CancelamentoCobranca',
  'EstornoLancamento',
]);

/** The sub-object each event fills (none for 0, 1 and 7). */
export const SUB_OBJECT_OF: Readonly<Partial<Record<EventTypeCode, SubObjectKey>>> = Object.freeze({
  2: 'AcrescimoAbatimento',
  3: 'LancamentoParcela',
  4: 'ProrrogacaoVencimento',
  5: 'GeracaoBoleto',
  6: 'CancelamentoBoleto',
  8: 'GeracaoCobranca',
  9: 'CancelamentoCobranca',
  10: 'EstornoLancamento',
});

export interface ProposalHeader {
  TipoEvento: EventTypeCode;
  NomeEvento: string;
  NroProposta: number;
  /** This project's: the proposal's uuid and the partner's operation code (null when none was sent). */
  CodigoProposta: string;
  CodigoOperacao: string | null;
}

/** Event 0's own fields, flat beside the header. */
export interface AgendaCriadaFields {
  QtdeParcelas: number;
  VlrTotalDivida: Decimal;
  DtFinanciado: WireDate;
  Credito: { DtCredito: WireDate };
  Conta: { CodigoBanco: number; NomeBanco: string | null; Agencia: string; Conta: string; ContaDigito: string };
  Parcelas: Array<{ NroParcela: number; VlrParcela: Decimal; VlrPrincipal: Decimal; VlrDespesas: Decimal; VlrSaldoDevedor: Decimal; DtVencimento: WireDate }>;
}

/** Event 0: no DtEvento (DtFinanciado dates it). */
export type ScheduleCreatedBody = ProposalHeader & AgendaCriadaFields & SubObjects;
/** Events 1–10. */
export type ProposalEventBody = ProposalHeader & { DtEvento: EventDate } & SubObjects;
/** Events 11 and 12: no proposal; the production sub-objects null and Favorecido filled. */
export type PayeeEventBody = {
  TipoEvento: EventTypeCode;
  NomeEvento: string;
  NroProposta: null;
  CodigoProposta: null;
  CodigoOperacao: null;
  DtEvento: EventDate;
} & SubObjects & { Favorecido: FavorecidoBody };

export type CallbackBody = ScheduleCreatedBody | ProposalEventBody | PayeeEventBody;

/** What a producer hands to the outbox: the body and the key that orders delivery. */
export interface CallbackEvent {
  event_type: EventTypeCode;
  /** Events with the same key are delivered in creation order: `proposta:<uuid>` or `favorecido:<uuid>`. */
  ordering_key: string;
  body: CallbackBody;
}

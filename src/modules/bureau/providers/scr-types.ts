// The body of a Bureau/ConsultarSCR answer without the envelope. Names as in the interface.
import type { Decimal } from '../../../platform/money.js';

export interface ScrValidationMessage {
  readonly codigo: string;
  readonly mensagem: string;
}

export interface ScrMaturity {
  /** SCR 3040 maturity code (Anexo 1 of the layout): "110", "205", "310", "20" … */
  readonly codigoVencimento: string;
  readonly valorVencimento: Decimal;
  readonly valorVencimentoSpecified: boolean;
}

export interface ScrOperationSummary {
  /** SCR 3040 modality code (Anexo 3): "0203" personal credit, "0215" working capital … */
  readonly modalidade: string;
  /** Currency code of the exchange variation (Anexo 6): "790" is the real. */
  readonly variacaoCambial: string;
  readonly listaDeVencimentos: readonly ScrMaturity[];
}

export interface ScrClientSummary {
  readonly cnpjDaIfSolicitante: string;
  readonly codigoDoCliente: string;
  readonly dataBaseConsultada: string;
  readonly dataInicioRelacionamento: string | null;
  readonly percentualDocumentosProcessados: string;
  readonly percentualVolumeProcessado: string;
  readonly tipoDoCliente: string;
  readonly coobrigacaoAssumida: Decimal;
  readonly coobrigacaoAssumidaSpecified: boolean;
  readonly coobrigacaoRecebida: Decimal;
  readonly coobrigacaoRecebidaSpecified: boolean;
  readonly quantidadeDeInstituicoes: number;
  readonly quantidadeDeOperacoes: number;
  readonly quantidadeOperacoesDiscordancia: number;
  readonly quantidadeOperacoesSubJudice: number;
  readonly responsabilidadeTotalDiscordancia: Decimal;
  readonly responsabilidadeTotalDiscordanciaSpecified: boolean;
  readonly responsabilidadeTotalSubJudice: Decimal;
  readonly responsabilidadeTotalSubJudiceSpecified: boolean;
  readonly riscoIndiretoVendor: Decimal;
  readonly riscoIndiretoVendorSpecified: boolean;
  readonly listaDeMensagensDeValidacao: readonly ScrValidationMessage[];
  readonly listaDeResumoDasOperacoes: readonly ScrOperationSummary[];
}

/** Money buckets of the translated summary, in the interface's order. */
export const SCR_MONEY_FIELDS = [
  'vlrOperacoesDiscordancia', 'vlrOperacoesSobJudice',
  'carteiraVencer', 'carteiraVencerAte30diasVencidosAte14dias', 'carteiraVencer31a60dias', 'carteiraVencer61a90dias',
  'carteiraVencer91a180dias', 'carteiraVencer181a360dias', 'carteiraVencerAcima360dias', 'carteiraVencerPrazoIndeterminado',
  'moedaEstrangeiraValor', 'moedaEstrangeiraValor15a30dias', 'moedaEstrangeiraValor31a60dias', 'moedaEstrangeiraValor61a90dias',
  'moedaEstrangeiraValor91a180dias', 'moedaEstrangeiraValor181a360dias', 'moedaEstrangeiraValorAcima360dias',
  'carteiraVencido', 'carteiraVencido15a30dias', 'carteiraVencido31a60dias', 'carteiraVencido61a90dias',
  'carteiraVencido91a180dias', 'carteiraVencido181a360dias', 'carteiraVencidoAcima360dias',
  'prejuizo', 'prejuizoAte12meses', 'prejuizoAcima12meses',
  'carteiradeCredito', 'repasses', 'coobrigacoes', 'responsabilidadeTotal', 'creditosaLiberar',
  'limitesdeCredito', 'limitesdeCreditoAte360dias', 'limitesdeCreditoAcima360dias', 'riscoIndiretoVendor', 'riscoTotal',
] as const;

export type ScrMoneyField = (typeof SCR_MONEY_FIELDS)[number];

export type ScrTranslatedSummary = {
  readonly dtInicioRelacionamento: string | null;
  readonly qtdeInstituicoes: number;
  readonly qtdeOperacoes: number;
  readonly qtdeOperacoesDiscordancia: number;
  readonly qtdeOperacoesSobJudice: number;
} & { readonly [K in ScrMoneyField]: Decimal };

export interface ScrModalitySummary {
  /** What the amount is: see SCR_TIPOS in scr-translate.ts. */
  readonly tipo: string;
  readonly modalidade: string;
  readonly dominio: string;
  readonly subdominio: string;
  readonly valorVencimento: Decimal;
}

export interface ScrBody {
  readonly erro: boolean;
  readonly mensagemOperador: string | null;
  /** Reference month as MM/YYYY. */
  readonly periodo: string;
  readonly resumoDoCliente: ScrClientSummary | null;
  readonly resumoDoClienteTraduzido: ScrTranslatedSummary | null;
  readonly resumoModalidade: readonly ScrModalitySummary[];
}

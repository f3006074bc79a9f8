// One method per operation of the service. Bodies and results are the types generated from
// /openapi.json (src/generated/openapi.ts); this table only names each path's method.
import type { operations, paths } from './generated/openapi.js';

export const OPERATIONS = {
  createProposal: '/Proposta/IncluirManualSimplificado',
  getProposal: '/Proposta/Consultar',
  finalizeProposal: '/Proposta/Finalizar',
  refuseProposal: '/Proposta/Recusar',
  updatePaymentAccount: '/Proposta/AtualizarContaPagamento',
  saveGuaranteeDocument: '/Proposta/SalvarPropostaGarantiaBemDocumento',
  cancelProposal: '/FGTS/CancelarProposta',
  cancelCharges: '/FGTS/CancelarCobrancas',
  /** The same operation as cancelCharges under the path some partner clients call. */
  cancelScheduleCharges: '/AgendaRecebivel/CancelarCobrancas',
  saveAddresses: '/Pessoa/SalvarEnderecos',
  getScheduleDetails: '/AgendaRecebivel/ConsultarDetalhes',
  getInstallments: '/AgendaRecebivel/ConsultarParcelas',
  getBoletos: '/AgendaRecebivel/ConsultarBoletos',
  generateSingleBoleto: '/AgendaRecebivel/GerarUnicoBoleto',
  generateMultipleBoletos: '/AgendaRecebivel/GerarMultiplosBoletos',
  generateSingleCharge: '/AgendaRecebivel/GerarUnicaCobranca',
  generateMultipleCharges: '/AgendaRecebivel/GerarMultiplasCobrancas',
  addInstallmentLaunches: '/AgendaRecebivel/IncluirLancamentoMultiplasParcelas',
  /** A launch on one installment (the path some partner clients call). */
  addInstallmentLaunch: '/AgendaRecebivel/IncluirLancamentoParcela',
  registerPayee: '/api/Favorecido',
  getPayee: '/api/Favorecido/Consultar',
  queryBureau: '/Bureau/ConsultarBureau',
  queryScr: '/Bureau/ConsultarSCR',
  queryFraudBase: '/Bureau/ConsultaFraudeBureauBase',
} as const;

export type OperationName = keyof typeof OPERATIONS;

type PostAt<P> = P extends keyof paths ? (paths[P] extends { post: infer O } ? O : never) : never;

type OperationAt<P> = PostAt<P>;

/** The JSON body an operation takes. */
export type RequestOf<N extends OperationName> = OperationAt<(typeof OPERATIONS)[N]> extends { requestBody: { content: { 'application/json': infer B } } } ? B : never;
/** The JSON answer of an operation's success (HTTP 200). */
export type ResultOf<N extends OperationName> = OperationAt<(typeof OPERATIONS)[N]> extends { responses: { 200: { content: { 'application/json': infer R } } } } ? R : unknown;

export interface CallOptions {
  /** Reuse a key (e.g. one stored with your own record); default: a new UUID per call. */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export type OperationMethods = {
  [N in OperationName]: (body: RequestOf<N>, options?: CallOptions) => Promise<ResultOf<N>>;
};

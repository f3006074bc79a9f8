import type { paths } from './generated/openapi.js';
export declare const OPERATIONS: {
    readonly createProposal: '/Proposta/IncluirManualSimplificado';
    readonly getProposal: '/Proposta/Consultar';
    readonly finalizeProposal: '/Proposta/Finalizar';
    readonly refuseProposal: '/Proposta/Recusar';
    readonly updatePaymentAccount: '/Proposta/AtualizarContaPagamento';
    readonly saveGuaranteeDocument: '/Proposta/SalvarPropostaGarantiaBemDocumento';
    readonly cancelProposal: '/FGTS/CancelarProposta';
    readonly cancelCharges: '/FGTS/CancelarCobrancas';
    /** The same operation as cancelCharges under the path some partner clients call. */
    readonly cancelScheduleCharges: '/AgendaRecebivel/CancelarCobrancas';
    readonly saveAddresses: '/Pessoa/SalvarEnderecos';
    readonly getScheduleDetails: '/AgendaRecebivel/ConsultarDetalhes';
    readonly getInstallments: '/AgendaRecebivel/ConsultarParcelas';
    readonly getBoletos: '/AgendaRecebivel/ConsultarBoletos';
    readonly generateSingleBoleto: '/AgendaRecebivel/GerarUnicoBoleto';
    readonly generateMultipleBoletos: '/AgendaRecebivel/GerarMultiplosBoletos';
    readonly generateSingleCharge: '/AgendaRecebivel/GerarUnicaCobranca';
    readonly generateMultipleCharges: '/AgendaRecebivel/GerarMultiplasCobrancas';
    readonly addInstallmentLaunches: '/AgendaRecebivel/IncluirLancamentoMultiplasParcelas';
    /** A launch on one installment (the path some partner clients call). */
    readonly addInstallmentLaunch: '/AgendaRecebivel/IncluirLancamentoParcela';
    readonly registerPayee: '/api/Favorecido';
    readonly getPayee: '/api/Favorecido/Consultar';
    readonly queryBureau: '/Bureau/ConsultarBureau';
    readonly queryScr: '/Bureau/ConsultarSCR';
    readonly queryFraudBase: '/Bureau/ConsultaFraudeBureauBase';
};
export type OperationName = keyof typeof OPERATIONS;
type PostAt<P> = P extends keyof paths ? (paths[P] extends {
    post: infer O;
} ? O : never) : never;
type OperationAt<P> = PostAt<P>;
/** The JSON body an operation takes. */
export type RequestOf<N extends OperationName> = OperationAt<(typeof OPERATIONS)[N]> extends {
    requestBody: {
        content: {
            'application/json': infer B;
        };
    };
} ? B : never;
/** The JSON answer of an operation's success (HTTP 200). */
export type ResultOf<N extends OperationName> = OperationAt<(typeof OPERATIONS)[N]> extends {
    responses: {
        200: {
            content: {
                'application/json': infer R;
            };
        };
    };
} ? R : unknown;
export interface CallOptions {
    /** Reuse a key (e.g. one stored with your own record); default: a new UUID per call. */
    idempotencyKey?: string;
    signal?: AbortSignal;
}
export type OperationMethods = {
    [N in OperationName]: (body: RequestOf<N>, options?: CallOptions) => Promise<ResultOf<N>>;
};
export {};

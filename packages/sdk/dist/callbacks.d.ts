export declare const CALLBACK_TOLERANCE_MS: number;
export type CallbackHeaders = Record<string, string | string[] | undefined> | Headers;
export type CallbackVerifyFailure = 'missing_headers' | 'malformed_headers' | 'timestamp_too_old' | 'timestamp_too_new' | 'no_matching_signature';
export declare class CallbackVerificationError extends Error {
    readonly reason: CallbackVerifyFailure;
    readonly name = "CallbackVerificationError";
    constructor(reason: CallbackVerifyFailure);
}
export interface VerifyCallbackInput {
    headers: CallbackHeaders;
    /** The raw body exactly as received (string or bytes). */
    body: string | Uint8Array;
    /** The partner's active secret(s): during a rotation both the old and the new one. */
    secrets: string | readonly string[];
    /** Default: now. */
    now?: Date;
    toleranceMs?: number;
}
/** The reason a callback must be refused, or null when it is authentic and fresh. */
export declare function callbackProblem(input: VerifyCallbackInput): CallbackVerifyFailure | null;
/** English names of the event codes (TipoEvento); NomeEvento keeps the service's own name. */
export declare const CALLBACK_EVENT_KINDS: {
    readonly 0: 'schedule_created';
    readonly 1: 'schedule_cancelled';
    readonly 2: 'increase_reduction';
    readonly 3: 'installment_launch';
    readonly 4: 'due_date_extension';
    readonly 5: 'boleto_created';
    readonly 6: 'boleto_cancelled';
    readonly 7: 'schedule_paid_off';
    readonly 8: 'charge_registered';
    readonly 9: 'charge_cancelled';
    readonly 10: 'reversal';
    readonly 11: 'payee_approved';
    readonly 12: 'payee_rejected';
};
export type CallbackEventType = keyof typeof CALLBACK_EVENT_KINDS;
export type CallbackEventKind = (typeof CALLBACK_EVENT_KINDS)[CallbackEventType] | 'unknown';
/** The body's common header, as the service sends it (PascalCase). */
export interface CallbackBody {
    TipoEvento: number;
    NomeEvento: string;
    NroProposta: number | null;
    CodigoProposta?: string | null;
    CodigoOperacao?: string | null;
    DtEvento?: string | null;
    /** The sub-objects: exactly one filled for the event, the others null. */
    [subObject: string]: unknown;
}
export interface CallbackEvent {
    /** webhook-id: the same on every redelivery of one event; deduplicate on it. */
    id: string;
    /** When caas signed this delivery. */
    timestamp: Date;
    type: number;
    kind: CallbackEventKind;
    name: string;
    proposalNumber: number | null;
    proposalId: string | null;
    operationCode: string | null;
    occurredAt: string | null;
    /** The filled sub-object: its name ("GeracaoBoleto", "LancamentoParcela"…) and value; null for events 0, 1 and 7. */
    detail: {
        name: string;
        value: Record<string, unknown>;
    } | null;
    body: CallbackBody;
}
/** The sub-objects a body can fill: the production service's eight, and this project's Favorecido (payees). */
export declare const CALLBACK_SUB_OBJECTS: readonly ['AcrescimoAbatimento', 'LancamentoParcela', 'ProrrogacaoVencimento', 'GeracaoBoleto', 'CancelamentoBoleto', 'GeracaoCobranca', 'CancelamentoCobranca', 'EstornoLancamento', 'Favorecido'];
/** Parses a verified body into a typed event (call verifyCallback first, or use readCallback). */
export declare function parseCallback(body: string | Uint8Array, headers?: CallbackHeaders): CallbackEvent;
/** Verifies the signature and freshness, then parses; throws CallbackVerificationError when refused. */
export declare function readCallback(input: VerifyCallbackInput): CallbackEvent;
/** True when the callback is authentic and fresh. */
export declare function verifyCallback(input: VerifyCallbackInput): boolean;

export interface CaasMessage {
    code: string;
    description: string;
    field: string | null;
    messageType: number | null;
    context: string | null;
}
export declare class CaasError extends Error {
    readonly status: number;
    readonly messages: CaasMessage[];
    /** The parsed body (an envelope, or an OAuth error for the token endpoint), or the raw text. */
    readonly body: unknown;
    /** The operation path, e.g. "/Proposta/IncluirManualSimplificado". */
    readonly path: string;
    /** The IdempotencyKey the call was sent with (null for the token endpoint). */
    readonly idempotencyKey: string | null;
    readonly name = "CaasError";
    constructor(message: string, status: number, messages: CaasMessage[], 
    /** The parsed body (an envelope, or an OAuth error for the token endpoint), or the raw text. */
    body: unknown, 
    /** The operation path, e.g. "/Proposta/IncluirManualSimplificado". */
    path: string, 
    /** The IdempotencyKey the call was sent with (null for the token endpoint). */
    idempotencyKey: string | null);
    /** The codes of the messages, e.g. ['28']. */
    get codes(): string[];
}
/** No answer at all after the bounded retries: network errors or timeouts only. */
export declare class CaasNetworkError extends Error {
    readonly path: string;
    readonly idempotencyKey: string | null;
    readonly attempts: number;
    readonly cause: unknown;
    readonly name = "CaasNetworkError";
    constructor(message: string, path: string, idempotencyKey: string | null, attempts: number, cause: unknown);
}
/** The messages of an envelope, camelCase or PascalCase; [] for anything else. */
export declare function messagesOf(body: unknown): CaasMessage[];
export declare function errorFromAnswer(status: number, body: unknown, path: string, idempotencyKey: string | null): CaasError;

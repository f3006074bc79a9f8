// The errors the client throws. A CaasError is an answer of the service that is not a success
// (after any retries): it carries the HTTP status and the envelope's messages, whichever casing
// the operation answers in (most use camelCase; FGTS/CancelarProposta uses PascalCase).
export class CaasError extends Error {
    status;
    messages;
    body;
    path;
    idempotencyKey;
    name = 'CaasError';
    constructor(message, status, messages, 
    /** The parsed body (an envelope, or an OAuth error for the token endpoint), or the raw text. */
    body, 
    /** The operation path, e.g. "/Proposta/IncluirManualSimplificado". */
    path, 
    /** The IdempotencyKey the call was sent with (null for the token endpoint). */
    idempotencyKey) {
        super(message);
        this.status = status;
        this.messages = messages;
        this.body = body;
        this.path = path;
        this.idempotencyKey = idempotencyKey;
    }
    /** The codes of the messages, e.g. ['28']. */
    get codes() {
        return this.messages.map((m) => m.code);
    }
}
/** No answer at all after the bounded retries: network errors or timeouts only. */
export class CaasNetworkError extends Error {
    path;
    idempotencyKey;
    attempts;
    cause;
    name = 'CaasNetworkError';
    constructor(message, path, idempotencyKey, attempts, cause) {
        super(message);
        this.path = path;
        this.idempotencyKey = idempotencyKey;
        this.attempts = attempts;
        this.cause = cause;
    }
}
const text = (v) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null);
function pick(item, camel) {
    return item[camel] ?? item[camel.charAt(0).toUpperCase() + camel.slice(1)];
}
/** The messages of an envelope, camelCase or PascalCase; [] for anything else. */
export function messagesOf(body) {
    if (typeof body !== 'object' || body === null)
        return [];
    const list = pick(body, 'messages');
    if (!Array.isArray(list))
        return [];
    return list
        .filter((m) => typeof m === 'object' && m !== null)
        .map((m) => ({
        code: text(pick(m, 'code')) ?? '',
        description: text(pick(m, 'description')) ?? '',
        field: text(pick(m, 'field')),
        messageType: typeof pick(m, 'messageType') === 'number' ? pick(m, 'messageType') : null,
        context: text(pick(m, 'context')),
    }));
}
export function errorFromAnswer(status, body, path, idempotencyKey) {
    const messages = messagesOf(body);
    const oauth = typeof body === 'object' && body !== null && typeof body.error === 'string' ? `${body.error}: ${body.error_description ?? ''}` : null;
    const summary = messages.length > 0 ? messages.map((m) => `${m.code} ${m.description}`).join('; ') : (oauth ?? `HTTP ${status}`);
    return new CaasError(`${path} answered ${status}: ${summary}`, status, messages, body, path, idempotencyKey);
}

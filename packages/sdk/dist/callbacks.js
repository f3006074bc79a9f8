// Callbacks from caas are Standard Webhooks (standardwebhooks.com): headers webhook-id,
// webhook-timestamp (Unix seconds) and webhook-signature ("v1,<base64 HMAC-SHA256>" entries,
// space-separated, one per active secret) over "<id>.<timestamp>.<raw body>", keyed with the
// bytes of the partner's secret ("whsec_" + base64). Verify on the RAW body, before parsing.
import { createHmac, timingSafeEqual } from 'node:crypto';
export const CALLBACK_TOLERANCE_MS = 5 * 60 * 1000;
const SECRET_PREFIX = 'whsec_';
const TIMESTAMP_RE = /^\d{1,12}$/;
export class CallbackVerificationError extends Error {
    reason;
    name = 'CallbackVerificationError';
    constructor(reason) {
        super(`callback refused: ${reason}`);
        this.reason = reason;
    }
}
function header(headers, name) {
    if (typeof headers.get === 'function')
        return headers.get(name);
    for (const [key, value] of Object.entries(headers)) {
        if (key.toLowerCase() !== name)
            continue;
        const text = Array.isArray(value) ? value.join(' ') : value;
        return text === undefined || text === '' ? null : text;
    }
    return null;
}
function keyOf(secret) {
    return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
}
/** The reason a callback must be refused, or null when it is authentic and fresh. */
export function callbackProblem(input) {
    const id = header(input.headers, 'webhook-id');
    const timestamp = header(input.headers, 'webhook-timestamp');
    const signatures = header(input.headers, 'webhook-signature');
    if (id === null || timestamp === null || signatures === null)
        return 'missing_headers';
    if (!TIMESTAMP_RE.test(timestamp))
        return 'malformed_headers';
    const skew_ms = (input.now ?? new Date()).getTime() - Number(timestamp) * 1000;
    const tolerance = input.toleranceMs ?? CALLBACK_TOLERANCE_MS;
    if (skew_ms > tolerance)
        return 'timestamp_too_old';
    if (skew_ms < -tolerance)
        return 'timestamp_too_new';
    const body = typeof input.body === 'string' ? Buffer.from(input.body, 'utf8') : Buffer.from(input.body);
    const offered = signatures.split(' ').filter((s) => s.startsWith('v1,')).map((s) => Buffer.from(s.slice(3)));
    for (const secret of typeof input.secrets === 'string' ? [input.secrets] : input.secrets) {
        const mac = createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.`).update(body).digest('base64');
        const expected = Buffer.from(mac);
        if (offered.some((got) => got.length === expected.length && timingSafeEqual(got, expected)))
            return null;
    }
    return 'no_matching_signature';
}
/** English names of the event codes (TipoEvento); NomeEvento keeps the service's own name. */
export const CALLBACK_EVENT_KINDS = {
    0: 'schedule_created',
    1: 'schedule_cancelled',
    2: 'increase_reduction',
    3: 'installment_launch',
    4: 'due_date_extension',
    5: 'boleto_created',
    6: 'boleto_cancelled',
    7: 'schedule_paid_off',
    8: 'charge_registered',
    9: 'charge_cancelled',
    10: 'reversal',
    11: 'payee_approved',
    12: 'payee_rejected',
};
/** The sub-objects a body can fill: the production service's eight, and this project's Favorecido (payees). */
export const CALLBACK_SUB_OBJECTS = ['AcrescimoAbatimento', 'LancamentoParcela', 'ProrrogacaoVencimento', 'GeracaoBoleto', 'CancelamentoBoleto', 'GeracaoCobranca', 'CancelamentoCobranca', 'EstornoLancamento', 'Favorecido'];
const SUB_OBJECTS = new Set(CALLBACK_SUB_OBJECTS);
/** Parses a verified body into a typed event (call verifyCallback first, or use readCallback). */
export function parseCallback(body, headers = {}) {
    const parsed = JSON.parse(typeof body === 'string' ? body : Buffer.from(body).toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null || typeof parsed.TipoEvento !== 'number')
        throw new TypeError('callback body has no TipoEvento');
    // Event 0 is flat (its own fields beside the header) and 1 and 7 fill nothing: detail is null.
    const filled = Object.entries(parsed).find(([name, value]) => SUB_OBJECTS.has(name) && typeof value === 'object' && value !== null && !Array.isArray(value));
    const type = parsed.TipoEvento;
    return {
        id: header(headers, 'webhook-id') ?? '',
        timestamp: new Date(Number(header(headers, 'webhook-timestamp') ?? 0) * 1000),
        type,
        kind: CALLBACK_EVENT_KINDS[type] ?? 'unknown',
        name: parsed.NomeEvento,
        proposalNumber: parsed.NroProposta ?? null,
        proposalId: parsed.CodigoProposta ?? null,
        operationCode: parsed.CodigoOperacao ?? null,
        occurredAt: parsed.DtEvento ?? null,
        detail: filled ? { name: filled[0], value: filled[1] } : null,
        body: parsed,
    };
}
/** Verifies the signature and freshness, then parses; throws CallbackVerificationError when refused. */
export function readCallback(input) {
    const problem = callbackProblem(input);
    if (problem !== null)
        throw new CallbackVerificationError(problem);
    return parseCallback(input.body, input.headers);
}
/** True when the callback is authentic and fresh. */
export function verifyCallback(input) {
    return callbackProblem(input) === null;
}

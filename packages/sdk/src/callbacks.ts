// Callbacks from caas are Standard Webhooks (standardwebhooks.com): headers webhook-id,
// webhook-timestamp (Unix seconds) and webhook-signature ("v1,<base64 HMAC-SHA256>" entries,
// space-separated, one per active secret) over "<id>.<timestamp>.<raw body>", keyed with the
// bytes of the partner's secret ("whsec_" + base64). Verify on the RAW body, before parsing.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const CALLBACK_TOLERANCE_MS = 5 * 60 * 1000;
const SECRET_PREFIX = 'whsec_';
const TIMESTAMP_RE = /^\d{1,12}$/;

export type CallbackHeaders = Record<string, string | string[] | undefined> | Headers;

export type CallbackVerifyFailure = 'missing_headers' | 'malformed_headers' | 'timestamp_too_old' | 'timestamp_too_new' | 'no_matching_signature';

export class CallbackVerificationError extends Error {
  override readonly name = 'CallbackVerificationError';
  constructor(readonly reason: CallbackVerifyFailure) {
    super(`callback refused: ${reason}`);
  }
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

function header(headers: CallbackHeaders, name: string): string | null {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name);
  for (const [key, value] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (key.toLowerCase() !== name) continue;
    const text = Array.isArray(value) ? value.join(' ') : value;
    return text === undefined || text === '' ? null : text;
  }
  return null;
}

function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
}

/** The reason a callback must be refused, or null when it is authentic and fresh. */
export function callbackProblem(input: VerifyCallbackInput): CallbackVerifyFailure | null {
  const id = header(input.headers, 'webhook-id');
  const timestamp = header(input.headers, 'webhook-timestamp');
  const signatures = header(input.headers, 'webhook-signature');
  if (id === null || timestamp === null || signatures === null) return 'missing_headers';
  if (!TIMESTAMP_RE.test(timestamp)) return 'malformed_headers';
  const skew_ms = (input.now ?? new Date()).getTime() - Number(timestamp) * 1000;
  const tolerance = input.toleranceMs ?? CALLBACK_TOLERANCE_MS;
  if (skew_ms > tolerance) return 'timestamp_too_old';
  if (skew_ms < -tolerance) return 'timestamp_too_new';
  const body = typeof input.body === 'string' ? Buffer.from(input.body, 'utf8') : Buffer.from(input.body);
  const offered = signatures.split(' ').filter((s) => s.startsWith('v1,')).map((s) => Buffer.from(s.slice(3)));
  for (const secret of typeof input.secrets === 'string' ? [input.secrets] : input.secrets) {
    const mac = createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.`).update(body).digest('base64');
    const expected = Buffer.from(mac);
    if (offered.some((got) => got.length === expected.length && timingSafeEqual(got, expected))) return null;
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
} as const;

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
  detail: { name: string; value: Record<string, unknown> } | null;
  body: CallbackBody;
}

/** The sub-objects a body can fill: the production service's eight, and this project's Favorecido (payees). */
export const CALLBACK_SUB_OBJECTS = ['AcrescimoAbatimento', 'LancamentoParcela', 'ProrrogacaoVencimento', 'GeracaoBoleto', 'CancelamentoBoleto', 'GeracaoCobranca', 'CancelamentoCobranca', 'EstornoLancamento', 'Favorecido'] as const;
const SUB_OBJECTS = new Set<string>(CALLBACK_SUB_OBJECTS);

/** Parses a verified body into a typed event (call verifyCallback first, or use readCallback). */
export function parseCallback(body: string | Uint8Array, headers: CallbackHeaders = {}): CallbackEvent {
  const parsed = JSON.parse(typeof body === 'string' ? body : Buffer.from(body).toString('utf8')) as CallbackBody;
  if (typeof parsed !== 'object' || parsed === null || typeof parsed.TipoEvento !== 'number') throw new TypeError('callback body has no TipoEvento');
  // Event 0 is flat (its own fields beside the header) and 1 and 7 fill nothing: detail is null.
  const filled = Object.entries(parsed).find(([name, value]) => SUB_OBJECTS.has(name) && typeof value === 'object' && value !== null && !Array.isArray(value));
  const type = parsed.TipoEvento;
  return {
    id: header(headers, 'webhook-id') ?? '',
    timestamp: new Date(Number(header(headers, 'webhook-timestamp') ?? 0) * 1000),
    type,
    kind: (CALLBACK_EVENT_KINDS as Record<number, CallbackEventKind>)[type] ?? 'unknown',
    name: parsed.NomeEvento,
    proposalNumber: parsed.NroProposta ?? null,
    proposalId: parsed.CodigoProposta ?? null,
    operationCode: parsed.CodigoOperacao ?? null,
    occurredAt: parsed.DtEvento ?? null,
    detail: filled ? { name: filled[0], value: filled[1] as Record<string, unknown> } : null,
    body: parsed,
  };
}

/** Verifies the signature and freshness, then parses; throws CallbackVerificationError when refused. */
export function readCallback(input: VerifyCallbackInput): CallbackEvent {
  const problem = callbackProblem(input);
  if (problem !== null) throw new CallbackVerificationError(problem);
  return parseCallback(input.body, input.headers);
}

/** True when the callback is authentic and fresh. */
export function verifyCallback(input: VerifyCallbackInput): boolean {
  return callbackProblem(input) === null;
}

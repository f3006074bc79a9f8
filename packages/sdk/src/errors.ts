// The errors the client throws. A CaasError is an answer of the service that is not a success
// (after any retries): it carries the HTTP status and the envelope's messages, whichever casing
// the operation answers in (most use camelCase; FGTS/CancelarProposta uses PascalCase).

export interface CaasMessage {
  code: string;
  description: string;
  field: string | null;
  messageType: number | null;
  context: string | null;
}

export class CaasError extends Error {
  override readonly name = 'CaasError';
  constructor(
    message: string,
    readonly status: number,
    readonly messages: CaasMessage[],
    /** The parsed body (an envelope, or an OAuth error for the token endpoint), or the raw text. */
    readonly body: unknown,
    /** The operation path, e.g. "/Proposta/IncluirManualSimplificado". */
    readonly path: string,
    /** The IdempotencyKey the call was sent with (null for the token endpoint). */
    readonly idempotencyKey: string | null,
  ) {
    super(message);
  }

  /** The codes of the messages, e.g. ['28']. */
  get codes(): string[] {
    return this.messages.map((m) => m.code);
  }
}

/** No answer at all after the bounded retries: network errors or timeouts only. */
export class CaasNetworkError extends Error {
  override readonly name = 'CaasNetworkError';
  constructor(
    message: string,
    readonly path: string,
    readonly idempotencyKey: string | null,
    readonly attempts: number,
    override readonly cause: unknown,
  ) {
    super(message);
  }
}

type Loose = Record<string, unknown>;

const text = (v: unknown): string | null => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null);

function pick(item: Loose, camel: string): unknown {
  return item[camel] ?? item[camel.charAt(0).toUpperCase() + camel.slice(1)];
}

/** The messages of an envelope, camelCase or PascalCase; [] for anything else. */
export function messagesOf(body: unknown): CaasMessage[] {
  if (typeof body !== 'object' || body === null) return [];
  const list = pick(body as Loose, 'messages');
  if (!Array.isArray(list)) return [];
  return list
    .filter((m): m is Loose => typeof m === 'object' && m !== null)
    .map((m) => ({
      code: text(pick(m, 'code')) ?? '',
      description: text(pick(m, 'description')) ?? '',
      field: text(pick(m, 'field')),
      messageType: typeof pick(m, 'messageType') === 'number' ? (pick(m, 'messageType') as number) : null,
      context: text(pick(m, 'context')),
    }));
}

export function errorFromAnswer(status: number, body: unknown, path: string, idempotencyKey: string | null): CaasError {
  const messages = messagesOf(body);
  const oauth = typeof body === 'object' && body !== null && typeof (body as Loose).error === 'string' ? `${(body as Loose).error}: ${(body as Loose).error_description ?? ''}` : null;
  const summary = messages.length > 0 ? messages.map((m) => `${m.code} ${m.description}`).join('; ') : (oauth ?? `HTTP ${status}`);
  return new CaasError(`${path} answered ${status}: ${summary}`, status, messages, body, path, idempotencyKey);
}

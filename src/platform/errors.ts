// Expected outcomes are typed errors carrying the interface's message shape. They know nothing
// of HTTP: src/platform/http/error-table.ts is the one place that turns a kind into a status.
// Broken invariants are plain Errors (assertions): they become a generic 500.

/** messageType values (the interface leaves them open; docs/decisions.md fixes them). */
export const MessageType = {
  validation: 1,
  business: 2,
  system: 3,
  warning: 4,
  information: 5,
} as const;

export interface Message {
  messageType: number;
  code: string;
  context: string;
  description: string;
  field: string | null;
}

/**
 * What went wrong, in terms the error table maps to HTTP:
 * validation/business → 400, unauthorized → 401, forbidden → 403, not_found → 404 (only for
 * routes: resources not found inside an operation are business errors answered with 400, as the
 * interface's catalogue does), conflict → 409, idempotency_mismatch → 422, rate_limited → 429,
 * too_large → 413, unsupported_media → 415, method_not_allowed → 405, unavailable → 503.
 */
export type ErrorKind =
  | 'validation'
  | 'business'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'idempotency_mismatch'
  | 'too_large'
  | 'unsupported_media'
  | 'rate_limited'
  | 'unavailable';

export interface MessageInput {
  code: string;
  description: string;
  field?: string | null;
  context?: string;
  messageType?: number;
}

export class DomainError extends Error {
  readonly kind: ErrorKind;
  readonly messages: Message[];
  /** Extra headers the answer must carry (for example Retry-After). */
  readonly headers: Record<string, string>;

  constructor(kind: ErrorKind, messages: MessageInput[], headers: Record<string, string> = {}) {
    // An expected outcome needs no stack trace: capturing one cost ~8 % of a refused request (issue 14).
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      super(messages.map((m) => `${m.code}: ${m.description}`).join('; '));
    } finally {
      Error.stackTraceLimit = stackTraceLimit;
    }
    if (messages.length === 0) throw new Error('assertion: a DomainError needs at least one message');
    this.name = 'DomainError';
    this.kind = kind;
    this.headers = headers;
    const defaultType = kind === 'validation' ? MessageType.validation : MessageType.business;
    this.messages = messages.map((m) => ({
      messageType: integerType(m.messageType ?? defaultType),
      code: m.code,
      context: m.context ?? '',
      description: m.description,
      field: m.field ?? null,
    }));
  }
}

/**
 * A messageType is an integer: a refusal's body is written by JSON.stringify (error-table.ts),
 * which would write NaN or Infinity as null without a word.
 */
function integerType(messageType: number): number {
  if (!Number.isInteger(messageType)) throw new Error(`assertion: a message's messageType must be an integer, got ${messageType}`);
  return messageType;
}

/** Shorthand for the common case: one business-rule message answered with 400. */
export function businessError(code: string, description: string, field: string | null = null, context = ''): DomainError {
  return new DomainError('business', [{ code, description, field, context }]);
}

export function validationError(code: string, description: string, field: string | null = null, context = ''): DomainError {
  return new DomainError('validation', [{ code, description, field, context }]);
}

/** Collects validation problems so a request gets every message at once, not the first only. */
export class Problems {
  private readonly items: MessageInput[] = [];

  add(code: string, description: string, field: string | null = null, context = ''): void {
    this.items.push({ code, description, field, context });
  }

  get count(): number {
    return this.items.length;
  }

  /** The problems collected so far, in the interface's message shape (validators merge lists). */
  messages(kind: ErrorKind = 'validation'): Message[] {
    return this.items.length === 0 ? [] : new DomainError(kind, this.items).messages;
  }

  /** Throws one validation DomainError carrying every problem collected, if any. */
  throwIfAny(kind: ErrorKind = 'validation'): void {
    if (this.items.length > 0) throw new DomainError(kind, this.items);
  }
}

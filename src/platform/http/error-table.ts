// The one place that turns errors into HTTP answers. Domain errors map by kind; Fastify's own
// errors (bad JSON, body too large, wrong content type) map by code; anything else is an
// assertion: logged with the request id, answered with a generic 500 that leaks nothing.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, MessageType, type ErrorKind, type Message } from '../errors.js';
import { bodyTooLarge } from './body-guard.js';
import { envelopeFor, sendBody } from './envelope.js';
import type { EnvelopeCasing } from './operation-spec.js';
import { routeFactsOf } from './route-facts.js';
import { stringify } from './serialize.js';

export const STATUS_BY_KIND: Record<ErrorKind, number> = {
  validation: 400,
  business: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  too_large: 413,
  unsupported_media: 415,
  idempotency_mismatch: 422,
  rate_limited: 429,
  unavailable: 503,
};

const GENERAL_MSG: Record<ErrorKind, string> = {
  validation: 'Requisição inválida',
  business: 'Operação não permitida',
  unauthorized: 'Não autenticado',
  forbidden: 'Acesso negado',
  not_found: 'Recurso não encontrado',
  method_not_allowed: 'Método não permitido',
  conflict: 'Conflito',
  too_large: 'Requisição grande demais',
  unsupported_media: 'Tipo de conteúdo não suportado',
  idempotency_mismatch: 'IdempotencyKey reutilizada com outro conteúdo',
  rate_limited: 'Limite de requisições excedido',
  unavailable: 'Serviço indisponível',
};

export function statusOf(error: DomainError): number {
  return STATUS_BY_KIND[error.kind];
}

const NO_EXTRA: Record<string, unknown> = Object.freeze({});

/**
 * The refusal's envelope. Without extra fields it holds only what DomainError builds (strings,
 * finite numbers, nulls), which JSON.stringify writes as stringify does, natively (issue 14: the
 * JavaScript writer cost ~20,000 instructions per refused request); extras (echoed parametros)
 * go through stringify.
 */
export function errorBody(error: DomainError, casing: EnvelopeCasing, extra: Record<string, unknown> = NO_EXTRA): string {
  const envelope = envelopeFor(casing)(true, error.messages, extra, GENERAL_MSG[error.kind]);
  return extra === NO_EXTRA ? JSON.stringify(envelope) : stringify(envelope);
}

/** 415: the operations take JSON only. */
export function unsupportedMediaType(): DomainError {
  return new DomainError('unsupported_media', [{ code: 'REQ012', description: 'Content-Type deve ser application/json' }]);
}

/** Fastify's own errors, as domain errors with the interface's shape. */
function fromFastify(error: FastifyError): DomainError | null {
  const code = error.code ?? '';
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') return bodyTooLarge();
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return unsupportedMediaType();
  if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH') return new DomainError('validation', [{ code: 'REQ001', description: 'Corpo da requisição vazio ou inválido' }]);
  if (error.statusCode === 400 && code.startsWith('FST_ERR_')) return new DomainError('validation', [{ code: 'REQ001', description: 'Requisição malformada' }]);
  return null;
}

function casingOf(request: FastifyRequest): EnvelopeCasing {
  return (routeFactsOf(request).config as { envelope?: EnvelopeCasing } | undefined)?.envelope ?? 'camel';
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: DomainError): FastifyReply {
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  return sendBody(request, reply, statusOf(error), errorBody(error, casingOf(request)));
}

const INTERNAL_MESSAGE: Message = {
  messageType: MessageType.system,
  code: 'SYS500',
  context: '',
  description: 'Erro interno. Informe o identificador da requisição ao suporte.',
  field: null,
};

export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const domain = error instanceof DomainError ? error : fromFastify(error);
    if (domain) return sendError(request, reply, domain);
    request.log.error({ err: error }, 'unhandled error');
    const body = stringify(envelopeFor(casingOf(request))(true, [{ ...INTERNAL_MESSAGE, context: String(request.id) }], {}, 'Erro interno'));
    return sendBody(request, reply, 500, body);
  });
  app.setNotFoundHandler((request, reply) => {
    const knownPath = app.hasRoute({ method: 'POST', url: request.url.split('?')[0] ?? '' });
    const error = knownPath
      ? new DomainError('method_not_allowed', [{ code: 'REQ405', description: `Método ${request.method} não permitido; use POST` }], { allow: 'POST' })
      : new DomainError('not_found', [{ code: 'REQ404', description: `Caminho não encontrado: ${request.method} ${request.url.slice(0, 200)}` }]);
    return sendError(request, reply, error);
  });
}

// Logs: pino (Fastify's logger) as JSON lines, or human-readable through pino-pretty with
// LOG_FORMAT=pretty. One line per request, written when the answer is sent: method, path, status,
// time, the operation and the partner. Paths of routes marked `capabilityUrl` (the boleto slip: the
// URL is the secret) are logged as their route pattern, never as sent (docs/decisions.md, issue 15).
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';
import type { LogFormat } from '../config/env.js';
import { PATH_LOGGED_LENGTH_MAX } from '../config/limits.js';


declare module 'fastify' {
  interface FastifyContextConfig {
    /** The URL itself grants access (a secret token in the path): never log it as sent. */
    capabilityUrl?: boolean;
  }
}


/** The path as it may be logged: the route pattern for capability URLs, no query string. */
export function loggablePath(request: FastifyRequest): string {
  if (request.routeOptions.config?.capabilityUrl === true) return request.routeOptions.url ?? '[redacted]';
  return (request.url.split('?')[0] ?? '').slice(0, PATH_LOGGED_LENGTH_MAX);
}

function operationOf(request: FastifyRequest): string {
  const config = request.routeOptions.config as { operationId?: string } | undefined;
  return config?.operationId ?? (request.routeOptions.url ? `${request.method} ${request.routeOptions.url}` : 'unmatched');
}

/** Fastify's two request lines (incoming, completed) replaced by one, with operation and partner. */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      http: { method: request.method, path: loggablePath(request), status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 },
      operation: operationOf(request),
      partnerId: request.auth?.partnerId ?? null,
      ...(error ? { err: error } : {}),
    };
    if (error || reply.statusCode >= 500) reply.log.error(line, 'request failed');
    else reply.log.info(line, 'request completed');
  }
}

interface RequestLine {
  http?: { method: string; path: string; status: number; ms: number };
  msg?: string;
}

/** pino-pretty's first line of a record: `POST /Proposta/Recusar 200 12.3ms` for request lines. */
function prettyMessage(log: Record<string, unknown>): string {
  const { http, msg } = log as RequestLine;
  return http ? `${http.method} ${http.path} ${http.status} ${http.ms}ms` : String(msg ?? '');
}

function prettyStream(destination?: NodeJS.WritableStream) {
  return pretty({
    colorize: destination === undefined && process.stdout.isTTY === true,
    translateTime: 'SYS:yyyy-mm-dd HH:MM:ss.l',
    ignore: 'pid,hostname,http',
    singleLine: true,
    messageFormat: prettyMessage,
    sync: true,
    ...(destination ? { destination } : {}),
  });
}

const REDACTED_PATHS = ['req.headers.authorization', '*.client_assertion', '*.access_token', '*.password', '*.secret', '*.documento', '*.documentoCliente', '*.urlImpressao', '*.impressao', 'err.detail', 'err.where', 'err.parameters', 'err.internalQuery'];

/** Fastify's logger options: level, redaction, format; `destination` replaces stdout (tests). */
export function loggerOptions(level: string, format: LogFormat = 'json', destination?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  const base = { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
  if (format === 'pretty') return { ...base, stream: prettyStream(destination) };
  return destination ? { ...base, stream: destination } : base;
}

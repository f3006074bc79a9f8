// Logs: pino (Fastify's logger) as JSON lines, or human-readable through pino-pretty with
// LOG_FORMAT=pretty. One line per request, written when the answer is sent: method, path, status,
// time, the operation and the partner. Paths of routes marked `capabilityUrl` (the boleto slip: the
// URL is the secret) are logged as their route pattern, never as sent (docs/decisions.md, issue 15).
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { stdSerializers } from 'pino';
import pretty from 'pino-pretty';
import type { LogFormat } from '../config/env.js';
import { PATH_LOGGED_LENGTH_MAX } from '../config/limits.js';
import { routeFactsOf } from './route-facts.js';


declare module 'fastify' {
  interface FastifyContextConfig {
    /** The URL itself grants access (a secret token in the path): never log it as sent. */
    capabilityUrl?: boolean;
  }
}


/** The path as it may be logged: the route pattern for capability URLs, no query string. */
export function loggablePath(request: FastifyRequest): string {
  const route = routeFactsOf(request);
  if (route.config?.capabilityUrl === true) return route.url ?? '[redacted]';
  const url = request.url;
  const query = url.indexOf('?');
  return (query === -1 ? url : url.slice(0, query)).slice(0, PATH_LOGGED_LENGTH_MAX);
}

/** pino's own answer; a logger without isLevelEnabled (a test's) logs every level. */
function levelEnabled(log: FastifyReply['log'], level: string): boolean {
  const check = (log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled;
  return typeof check === 'function' ? check.call(log, level) : true;
}

/** Fastify's two request lines (incoming, completed) replaced by one, with operation and partner. */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const failed = Boolean(error) || reply.statusCode >= 500;
    // The line is not even built when its level is off (LOG_LEVEL=error: issue 14).
    if (!levelEnabled(reply.log, failed ? 'error' : 'info')) return;
    const line = {
      http: { method: request.method, path: loggablePath(request), status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 },
      operation: routeFactsOf(request).operation,
      partnerId: request.auth?.partnerId ?? null,
      ...(error ? { err: error } : {}),
    };
    if (failed) reply.log.error(line, 'request failed');
    else reply.log.info(line, 'request completed');
  }
}

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
type LogArgs = [unknown, ...unknown[]];
type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * Fastify's request logger (`request.log`, `reply.log`), pino's child with the request id made
 * when a line of an enabled level is first written: most requests write none at LOG_LEVEL=error,
 * and making the child costs pino's bindings work per request (issue 14; a small saving: its
 * `asChindings` alone was ~420 instructions, docs/decisions.md). The same lines as the child's.
 */
export class LazyRequestLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
  ) {}

  private get logger(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings));
  }

  // Until a line is written, level and isLevelEnabled follow the parent's current level (pino's child
  // fixed it at the request's start); nothing changes a level at run time, so the lines are the same.
  get level(): string {
    return (this.made ?? this.parent).level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  isLevelEnabled(level: string): boolean {
    return levelEnabled(this.made ?? this.parent, level);
  }

  private write(level: Level, args: LogArgs): void {
    if (this.isLevelEnabled(level)) (this.logger[level] as (...a: unknown[]) => void)(...args);
  }

  fatal(...args: LogArgs): void {
    this.write('fatal', args);
  }

  error(...args: LogArgs): void {
    this.write('error', args);
  }

  warn(...args: LogArgs): void {
    this.write('warn', args);
  }

  info(...args: LogArgs): void {
    this.write('info', args);
  }

  debug(...args: LogArgs): void {
    this.write('debug', args);
  }

  trace(...args: LogArgs): void {
    this.write('trace', args);
  }

  silent(): void {}

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}

/** Fastify's childLoggerFactory: the lazy child, unless the route sets its own level or serializers. */
export function requestLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildOptions): FastifyBaseLogger {
  if (options.level !== undefined || options.serializers !== undefined) return logger.child(bindings, options);
  return new LazyRequestLogger(logger, bindings);
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

/**
 * What never reaches a log line (the censor replaces it): a field of these names one level down in
 * any logged object (`{ consulta: { documento } }`), the Authorization header of a logged request,
 * and the database's echo of a failed statement in a logged error. Same paths as pino's `redact`
 * option had (`*.client_assertion`, `req.headers.authorization`, `err.detail`…), applied here
 * because pino 10's redaction cost ~3x the rest of a log line (issue 14, docs/decisions.md).
 */
const NESTED_SECRETS = ['client_assertion', 'access_token', 'password', 'secret', 'documento', 'documentoCliente', 'urlImpressao', 'impressao'];
const ERROR_SECRETS = ['detail', 'where', 'parameters', 'internalQuery', ...NESTED_SECRETS];
const CENSOR = '[redacted]';

/** `value` with its own fields of these names censored (a copy when there is one), else itself. */
function censorFields(value: unknown, names: readonly string[]): unknown {
  if (value === null || typeof value !== 'object') return value;
  let copy: Record<string, unknown> | null = null;
  for (const name of names) {
    if (Object.prototype.hasOwnProperty.call(value, name)) (copy ??= { ...(value as Record<string, unknown>) })[name] = CENSOR;
  }
  return copy ?? value;
}

/** A logged request as a plain object (a test's, or a handler's own): its Authorization header. */
function censorRequest(value: unknown): unknown {
  const censored = censorFields(value, NESTED_SECRETS);
  if (censored === null || typeof censored !== 'object' || Object.getPrototypeOf(censored) !== Object.prototype) return censored;
  const headers = (censored as { headers?: unknown }).headers;
  const plainHeaders = censorFields(headers, ['authorization']);
  return plainHeaders === headers ? censored : { ...censored, headers: plainHeaders };
}

/**
 * pino's `formatters.log`: runs on each logged object before the serializers. `err` is censored
 * after its serializer (censorError); a Fastify request or reply (`req`, `res`) is serialized to
 * fields that hold none of these (method, url, host, address, status).
 */
export function censorLogObject(object: Record<string, unknown>): Record<string, unknown> {
  let copy: Record<string, unknown> | null = null;
  for (const key in object) {
    if (key === 'err') continue;
    const value = object[key];
    const censored = key === 'req' ? censorRequest(value) : censorFields(value, NESTED_SECRETS);
    if (censored !== value) (copy ??= { ...object })[key] = censored;
  }
  return copy ?? object;
}

/** pino's error serializer, then the statement echo (detail, where…) censored. */
export function censorError(error: Error): ReturnType<typeof stdSerializers.err> {
  return censorFields(stdSerializers.err(error), ERROR_SECRETS) as ReturnType<typeof stdSerializers.err>;
}

/** Fastify's logger options: level, censoring, format; `destination` replaces stdout (tests). */
export function loggerOptions(level: string, format: LogFormat = 'json', destination?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  const base = { level, formatters: { log: censorLogObject }, serializers: { err: censorError } };
  if (format === 'pretty') return { ...base, stream: prettyStream(destination) };
  return destination ? { ...base, stream: destination } : base;
}

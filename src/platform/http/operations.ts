// Registers an operation of the interface: POST route, body schema, scope check, IdempotencyKey,
// rate limit, and the envelope around whatever the use case returns. Routes stay a few lines:
// `registerOperation(app, deps, spec, (input, ctx) => useCase(input, ctx))`.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Static, TSchema } from 'typebox';
import type { AnswerCache } from '../answer-cache.js';
import type { Clock } from '../clock.js';
import type { OutboxWriter } from '../commands.js';
import type { Config } from '../config/env.js';
import { LIMITS } from '../config/limits.js';
import type { Db, Executor } from '../db/pool.js';
import { DomainError } from '../errors.js';
import { executeIdempotent, hashRequest } from '../idempotency.js';
import { Refusal, sendBody, successBody, type HandlerResult, type Parametro } from './envelope.js';
import { errorBody, sendError, statusOf } from './error-table.js';
import { aliasOperationId, type OperationSpec, type ScopeName } from './operation-spec.js';
import type { RateLimiter } from './rate-limit.js';
import type { RunnerOperation } from './route.js';
import { runOnRunner } from './runner-operation.js';
import { ignoredFieldsOf } from './schema-compiler.js';
import { IGNORED_PATHS_LOGGED_MAX } from '../config/limits.js';

export interface AuthContext {
  partnerId: string;
  clientId: string;
  scopes: string[];
  /** The partner refuses unknown request fields instead of ignoring them (`--strict-fields`). */
  strictFields?: boolean;
}

/** Checks the bearer token and that it releases `scope`; throws 401/403 DomainErrors. */
export interface Authenticator {
  authenticate(authorization: string | undefined, scope: ScopeName): Promise<AuthContext>;
  /** The same answer without a promise when it is known in memory (a token seen before); undefined: call authenticate. */
  known?(authorization: string | undefined, scope: ScopeName): AuthContext | undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    envelope?: 'camel' | 'pascal';
    operationId?: string;
    /** The route takes an application/x-www-form-urlencoded body (the token endpoint). */
    formBody?: boolean;
  }
}

export interface OperationDeps {
  db: Db;
  clock: Clock;
  config: Config;
  authenticator: Authenticator;
  rateLimiter: RateLimiter;
  /** Counts unknown fields ignored in a request (caas_ignored_fields_total{operation}). */
  countIgnoredFields?: (operation: string, count: number) => void;
  /** Where commands on the runner put the events they enqueue (absent: none may enqueue). */
  outbox?: OutboxWriter;
  /** The read model (platform/answer-cache.ts) of the cached queries; absent: computed every time. */
  answers?: AnswerCache;
}

export interface OperationContext {
  /** The open transaction for commands (commit together with the idempotency record); the pool for queries. */
  tx: Executor;
  db: Db;
  clock: Clock;
  config: Config;
  auth: AuthContext;
  requestId: string;
  log: FastifyRequest['log'];
  answers?: AnswerCache;
}

export type OperationHandler<B extends TSchema> = (input: Static<B>, ctx: OperationContext) => Promise<HandlerResult>;

export const IDEMPOTENCY_HEADER = 'idempotencykey';

function idempotencyKeyOf(request: FastifyRequest): string {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined || key.trim() === '') {
    throw new DomainError('validation', [{ code: 'REQ013', description: 'Cabeçalho IdempotencyKey é obrigatório', field: 'IdempotencyKey' }]);
  }
  if (key.length > LIMITS.IDEMPOTENCY_KEY_LENGTH_MAX) {
    throw new DomainError('validation', [{ code: 'REQ013', description: `Cabeçalho IdempotencyKey com mais de ${LIMITS.IDEMPOTENCY_KEY_LENGTH_MAX} caracteres`, field: 'IdempotencyKey' }]);
  }
  return key;
}


/** The authenticated partner's request: its IdempotencyKey present and a token of its rate taken; the refusal otherwise. */
function admitted(request: FastifyRequest, deps: OperationDeps, auth: AuthContext): Error | undefined {
  request.auth = auth;
  try {
    idempotencyKeyOf(request);
    deps.rateLimiter.take(auth.partnerId);
    return undefined;
  } catch (error) {
    return error as Error;
  }
}

/**
 * Unknown fields the validator dropped: refused (REQ002, one message per path) for a partner with
 * strict fields; otherwise counted and logged at debug level by path, never by value.
 */
function handleIgnoredFields(request: FastifyRequest, deps: OperationDeps, operation: string): void {
  const ignored = ignoredFieldsOf(request.body);
  if (ignored.length === 0) return;
  if (request.auth?.strictFields) {
    throw new DomainError('validation', ignored.slice(0, LIMITS.ERROR_MESSAGES_MAX).map((field) => ({ code: 'REQ002', description: 'Campo desconhecido para esta operação', field })));
  }
  deps.countIgnoredFields?.(operation, ignored.length);
  request.log.debug({ operation, ignoredFields: ignored.slice(0, IGNORED_PATHS_LOGGED_MAX), ignoredCount: ignored.length }, 'unknown request fields ignored');
}

/** The operation echoes the request's `parametros` in its answer. */
export function hasParametros(spec: OperationSpec): boolean {
  const props = (spec.body as unknown as { properties?: Record<string, unknown> }).properties ?? {};
  return 'parametros' in props;
}

export function registerOperation<B extends TSchema, R extends TSchema>(app: FastifyInstance, deps: OperationDeps, spec: OperationSpec<B, R>, handler: OperationHandler<B> | RunnerOperation<B>): void {
  for (const path of [spec.path, ...(spec.aliases ?? [])]) registerPath(app, deps, spec, handler, path);
}

function registerPath<B extends TSchema, R extends TSchema>(app: FastifyInstance, deps: OperationDeps, spec: OperationSpec<B, R>, handler: OperationHandler<B> | RunnerOperation<B>, path: string): void {
  const echo = hasParametros(spec);
  const docs = path === spec.path ? { operationId: spec.operationId, summary: spec.summary } : { operationId: aliasOperationId(path), summary: `${spec.summary} Same operation as ${spec.path}.` };
  app.route({
    method: 'POST',
    url: path,
    schema: { body: spec.body, ...docs, tags: [spec.scope], response: { 200: spec.response } } as never,
    config: { envelope: spec.envelope, operationId: spec.operationId },
    // Synchronous when the token is known (no promise per request): Fastify's `done` either way.
    onRequest: (request, _reply, done) => {
      const known = deps.authenticator.known?.(request.headers.authorization, spec.scope);
      if (known !== undefined) return done(admitted(request, deps, known));
      deps.authenticator.authenticate(request.headers.authorization, spec.scope).then(
        (auth) => done(admitted(request, deps, auth)),
        (error: Error) => done(error),
      );
    },
    // A body the schema refuses reaches the handler (attachValidation) and is answered at once,
    // outside Fastify's error path (issue 14: the same answer without a throw's unwinding through
    // Fastify's error handling, ~900 instructions of stack walking per refusal; docs/decisions.md).
    attachValidation: true,
    handler: (request: FastifyRequest, reply: FastifyReply) => {
      const refused = request.validationError;
      if (refused === undefined || refused === null) return handle(request, reply);
      if (refused instanceof DomainError) sendError(request, reply, refused);
      else reply.send(refused);
      return undefined;
    },
  });
  // The unknown fields are handled first thing in the handler (a preHandler hook cost a promise per request).
  async function handle(request: FastifyRequest, reply: FastifyReply) {
    handleIgnoredFields(request, deps, spec.operationId);
    if (typeof handler !== 'function') return runOnRunner(request, reply, deps, spec as unknown as OperationSpec, handler as RunnerOperation, idempotencyKeyOf(request), echo);
    const input = request.body as Static<B>;
    const auth = request.auth as AuthContext;
    const parametros = (input as { parametros?: Parametro[] | null }).parametros;
    const context = (tx: Executor): OperationContext => ({ tx, db: deps.db, clock: deps.clock, config: deps.config, auth, requestId: String(request.id), log: request.log, answers: deps.answers });
    const render = async (tx: Executor) => successBody(spec.envelope, await handler(input, context(tx)), parametros, echo);
    if (spec.kind === 'query') {
      const result = await handler(input, context(deps.db));
      if (result instanceof Refusal) return sendError(request, reply, result.error);
      return sendBody(request, reply, 200, successBody(spec.envelope, result, parametros, echo));
    }
    const scope = { partnerId: auth.partnerId, operation: spec.operationId, key: idempotencyKeyOf(request), requestHash: hashRequest(input) };
    const renderError = (error: DomainError) => ({ statusCode: statusOf(error), body: errorBody(error, spec.envelope, echo ? { parametros: parametros ?? [] } : undefined) });
    const outcome = await executeIdempotent(deps.db, deps.clock, scope, render, renderError, deps.config.idempotencyRetentionMs);
    if (outcome.replayed) reply.header('idempotent-replayed', 'true');
    return sendBody(request, reply, outcome.statusCode, outcome.body);
  }
}

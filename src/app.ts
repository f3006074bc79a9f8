// buildApp(deps): the whole HTTP service, never listening (tests use inject; main.ts listens).
// The path of a request: parse (exact numbers) → route onRequest (token, scope, IdempotencyKey,
// rate limit) → body schema (folded names, exact money) → handler (use case in one transaction
// with its idempotency record) → envelope (text/plain unless Accept asks for JSON).
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Clock } from './platform/clock.js';
import type { Config } from './platform/config/env.js';
import { LIMITS } from './platform/config/limits.js';
import type { Db } from './platform/db/pool.js';
import { drainUnreadBody, refuseDeclaredOversize } from './platform/http/body-guard.js';
import { installErrorHandlers, unsupportedMediaType } from './platform/http/error-table.js';
import { parseFormBody } from './platform/http/form-body.js';
import { installHealth } from './platform/http/health.js';
import { parseJsonBody } from './platform/http/json-body.js';
import { installMetrics, type MetricSource } from './platform/http/metrics.js';
import { installOpenApi } from './platform/http/openapi.js';
import type { OperationSpec } from './platform/http/operation-spec.js';
import type { OutboxWriter } from './platform/commands.js';
import type { AnswerCache } from './platform/answer-cache.js';
import { registerOperation, type Authenticator, type OperationDeps } from './platform/http/operations.js';
import { RateLimiter } from './platform/http/rate-limit.js';
import { operationExamples } from './reference/operation-examples.js';
import { OneLineRequestLog, requestLogger } from './platform/http/request-log.js';
import type { Route } from './platform/http/route.js';
import { routeFactsOf } from './platform/http/route-facts.js';
import { compileBodyValidator } from './platform/http/schema-compiler.js';
import { stringify } from './platform/http/serialize.js';
import { isSyncedClock } from './platform/sandbox-clock/sandbox-clock.js';

/** Every answer carries the service's instant (the simulated one in sandbox mode): docs/sandbox.md. */
export const CLOCK_HEADER = 'Caas-Clock';

export interface AppDeps {
  db: Db;
  clock: Clock;
  config: Config;
  authenticator: Authenticator;
  /** The command runner's outbox writer (the composition root's): what the operations' commands enqueue. */
  outbox?: OutboxWriter;
  /** The interface's operations, as the modules declare them (the composition root's ALL_SPECS). */
  operations: readonly OperationSpec[];
  /** Routes of the operations: one per operation (checked), plus extras (test probes). */
  routes: Route[];
  /** Extra plugins (the token endpoint, JWKS, payee reads…) registered beside the operations. */
  plugins?: ((app: FastifyInstance) => Promise<void>)[];
  logger?: FastifyServerOptions['logger'];
  defaultMetrics?: boolean;
  /** Scrape-time gauges of the modules (callbacks, boletos, proposals) for /metrics. */
  metricSources?: MetricSource[];
  /** components.securitySchemes of /openapi.json (the auth module describes the token flow). */
  securitySchemes?: Record<string, unknown>;
  /** The read model of the cached queries (absent: computed every time). */
  answers?: AnswerCache;
}

/** An instant as ISO 8601 text, the last one kept: the requests of one millisecond share it (issue 14). */
function instantText(): (at: Date) => string {
  let last = Number.NaN;
  let text = '';
  return (at) => {
    const ms = at.getTime();
    if (ms !== last) {
      last = ms;
      text = at.toISOString();
    }
    return text;
  };
}

const REQUEST_ID_RE = /^[A-Za-z0-9._:-]{1,128}$/;

export { loggerOptions } from './platform/http/request-log.js';

/** A hop count becomes the function Fastify's types ask for: trust the nearest `hops` proxies. */
function trustProxyOption(trust: Config['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    bodyLimit: LIMITS.BODY_BYTES_MAX,
    requestTimeout: LIMITS.REQUEST_TIMEOUT_MS,
    return503OnClosing: true,
    trustProxy: trustProxyOption(deps.config.trustProxy),
    logController: new OneLineRequestLog(),
    ...(deps.logger ? { childLoggerFactory: requestLogger } : {}),
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID_RE.test(given) ? given : randomUUID();
    },
  });
  app.decorateRequest('auth', null);
  app.decorateRequest('routeFacts', null);
  app.addHook('onRequest', refuseDeclaredOversize);
  const clock = deps.clock;
  // A failed refresh keeps the last known offset: the request's own queries report a database down.
  if (isSyncedClock(clock)) app.addHook('onRequest', async () => clock.sync().catch(() => undefined));
  // One synchronous onSend hook (issue 14: a promise per hook per request was measurable).
  const clockText = instantText();
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    reply.header(CLOCK_HEADER, clockText(clock.now()));
    drainUnreadBody(request, reply, () => done(null, payload));
  });
  app.removeAllContentTypeParsers();
  // Bodies arrive as bytes: json-body.ts and form-body.ts decode them as strict UTF-8.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(body as Buffer));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  // Forms are for the routes that say so (the token endpoint); an operation answers 415 to them.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer' }, (request, body, done) => {
    if (routeFactsOf(request).config?.formBody !== true) return done(unsupportedMediaType(), undefined);
    try {
      return done(null, parseFormBody(body as Buffer));
    } catch (error) {
      return done(error as Error, undefined);
    }
  });
  app.setValidatorCompiler(({ schema }) => compileBodyValidator(schema as Record<string, unknown>) as never);
  app.setSerializerCompiler(() => (data) => stringify(data));
  installErrorHandlers(app);
  const metrics = installMetrics(app, { defaultMetrics: deps.defaultMetrics ?? false, db: deps.db, clock: deps.clock, sources: deps.metricSources ?? [] });
  await installOpenApi(app, { publicUrl: deps.config.publicUrl, specs: deps.routes.map((route) => route.spec), examples: operationExamples(), securitySchemes: deps.securitySchemes ?? {} });
  installHealth(app, deps.db);
  for (const plugin of deps.plugins ?? []) await plugin(app);
  const operationDeps: OperationDeps = { db: deps.db, clock: deps.clock, config: deps.config, authenticator: deps.authenticator, outbox: deps.outbox, answers: deps.answers, rateLimiter: new RateLimiter(() => deps.clock.now().getTime(), deps.config.rateLimitPerSecond, deps.config.rateLimitPerSecond * 2), countIgnoredFields: metrics.countIgnoredFields };
  const implemented = new Map(deps.routes.map((r) => [r.spec.operationId, r]));
  for (const spec of deps.operations) {
    const route = implemented.get(spec.operationId);
    // Every operation of the interface has its use case; a missing one is a wiring mistake.
    if (!route) throw new Error(`assertion: operation ${spec.path} (${spec.operationId}) has no route`);
    registerOperation(app, operationDeps, route.spec, route.handler);
    implemented.delete(spec.operationId);
  }
  // Routes outside the interface's catalogue (none in production; tests add probes).
  for (const route of implemented.values()) registerOperation(app, operationDeps, route.spec, route.handler);
  return app;
}

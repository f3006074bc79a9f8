// Wires the authentication core to PostgreSQL and HTTP: POST /connect/token, GET
// /.well-known/jwks.json, and the Authenticator every operation route calls.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import type { Config } from '../../platform/config/env.js';
import type { Db } from '../../platform/db/pool.js';
import { DomainError } from '../../platform/errors.js';
import type { MetricSource } from '../../platform/http/metrics.js';
import type { AuthContext, Authenticator } from '../../platform/http/operations.js';
import { UNSAFE_TEXT_CODE } from '../../platform/http/safe-text.js';
import { AccessTokenVerifier, type AccessClaims } from './access-token.js';
import { AuthCode, OAuthError, oauthErrorResponse, unauthorized } from './errors.js';
import { PartnerKeyCache } from './partner-key-cache.js';
import { RememberingPartnerDirectory } from './remembered-partners.js';
import type { PartnerReader, PartnerStatus } from './ports.js';
import { PgReplayStore, PgServiceSigningKeys } from './postgres-stores.js';
import { respondToTokenRequest, type TokenEndpointDeps } from './token-request.js';
import { TOKEN_ENDPOINT_PATH } from './assertion-checks.js';
import { securitySchemes, tokenEndpointSchema } from './token-openapi.js';
import { PARTNER_STATUS_ENTRIES_MAX } from './limits.js';

/** How long a partner's flags (enabled, strict fields) are trusted before they are read again (a change takes effect within it). */
export const PARTNER_STATUS_TTL_MS = 30_000;

export interface Auth {
  authenticator: Authenticator;
  plugin: (app: FastifyInstance) => Promise<void>;
  signingKeys: PgServiceSigningKeys;
  /** components.securitySchemes of /openapi.json. */
  securitySchemes: Record<string, unknown>;
  /** Its counts for /metrics (the jtis' failed batch statements). */
  metrics: MetricSource;
}

/** Form fields as RFC 6749 sees them: a repeated field is kept as an array (then refused). */
function formToRecord(body: unknown): Record<string, unknown> {
  if (!(body instanceof URLSearchParams)) return {};
  const out: Record<string, unknown> = {};
  for (const [key, value] of body) {
    const previous = out[key];
    out[key] = previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return out;
}

/** A failure caused by the request itself (body parsing, size, content type), not by the service. */
function isClientError(error: unknown): boolean {
  if (error instanceof DomainError) return true;
  const status = (error as { statusCode?: unknown }).statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
}

function isTooLarge(error: unknown): boolean {
  return error instanceof DomainError ? error.kind === 'too_large' : (error as { statusCode?: unknown }).statusCode === 413;
}

/** RFC 6749 ASCII text for a body refused before handling (issue 12: 413, NUL or lone surrogate). */
function earlyRefusalDescription(error: unknown): string {
  if (isTooLarge(error)) return 'corpo da requisicao acima do limite';
  if (error instanceof DomainError && error.messages.some((m) => m.code === UNSAFE_TEXT_CODE)) return 'parametro com caractere nulo ou surrogate UTF-16 isolado';
  return 'requisicao malformada: envie um formulario application/x-www-form-urlencoded';
}

function sendOAuth(reply: FastifyReply, status: number, headers: Record<string, string>, body: unknown): FastifyReply {
  return reply.code(status).headers(headers).type('application/json; charset=utf-8').send(JSON.stringify(body));
}

function partnerStatusCache(partners: PartnerReader, clock: Clock) {
  const seen = new Map<string, PartnerStatus & { checked_ms: number }>();
  /** The status checked less than PARTNER_STATUS_TTL_MS ago, else undefined. */
  const fresh = (partnerId: string, now_ms: number): PartnerStatus | undefined => {
    const hit = seen.get(partnerId);
    return hit && now_ms - hit.checked_ms < PARTNER_STATUS_TTL_MS ? hit : undefined;
  };
  const status = async (partnerId: string): Promise<PartnerStatus> => {
    const now_ms = clock.now().getTime();
    const hit = fresh(partnerId, now_ms);
    if (hit) return hit;
    const found = await partners.status(partnerId);
    if (seen.size >= PARTNER_STATUS_ENTRIES_MAX) seen.clear();
    const status = { enabled: found?.enabled ?? false, strictFields: found?.strictFields ?? false };
    seen.set(partnerId, { ...status, checked_ms: now_ms });
    return status;
  };
  return { status, fresh: (partnerId: string) => fresh(partnerId, clock.now().getTime()) };
}

/**
 * The jtis' failed batch statements (group-commit.ts): logged (the app's logger, once the plugin is
 * registered) and counted by kind, `row` (retried row by row) or `statement` (every request of
 * the batch failed with it). A batch failing every time shows here, not as slower tokens. With them,
 * the jtis waiting for a statement (`waiting`, read at scrape time: the group commit's queue).
 */
function jtiBatchErrors(waiting: () => number) {
  const counts = { row: 0, statement: 0 };
  let log: FastifyBaseLogger | undefined;
  const onBatchError = (error: unknown, size: number, rowError: boolean) => {
    const kind = rowError ? 'row' : 'statement';
    counts[kind] += 1;
    log?.warn({ err: error, jtis: size, kind }, 'jti batch statement failed');
  };
  const metrics: MetricSource = {
    name: 'auth',
    gauges: [
      { name: 'caas_token_jti_batch_failures', help: 'Failed statements of the token endpoint jti batches since this process started (a running count), by kind (row, statement)', labelNames: ['kind'] },
      { name: 'caas_token_jtis_waiting', help: 'Token requests whose jti waits for a statement in this process (the group commit queue)' },
    ],
    read: async () => [
      ...Object.entries(counts).map(([kind, value]) => ({ gauge: 'caas_token_jti_batch_failures', labels: { kind }, value })),
      { gauge: 'caas_token_jtis_waiting', value: waiting() },
    ],
  };
  return { onBatchError, metrics, logTo: (logger: FastifyBaseLogger) => void (log = logger) };
}

function authContext(claims: AccessClaims, status: PartnerStatus): AuthContext {
  return { partnerId: claims.partnerId, clientId: claims.clientId, scopes: [...claims.scopes], strictFields: status.strictFields };
}

/** `partners`: the partners module's read interface (bound in compose.ts). */
export function createAuth(db: Db, clock: Clock, config: Config, partners: PartnerReader): Auth {
  const now = () => clock.now();
  const signingKeys = new PgServiceSigningKeys(db, now);
  const verifier = new AccessTokenVerifier({ signingKeys, publicUrl: config.publicUrl, now });
  const partnerStatus = partnerStatusCache(partners, clock);
  const batchErrors = jtiBatchErrors(() => replayStore.jtisWaiting);
  const replayStore = new PgReplayStore(db, partners.credentialsVersionOf, { onBatchError: batchErrors.onBatchError });
  const tokenDeps: TokenEndpointDeps = {
    directory: new RememberingPartnerDirectory(partners.directory),
    partnerKeys: new PartnerKeyCache(),
    replayStore,
    signingKeys,
    publicUrl: config.publicUrl,
    now,
    newJti: randomUUID,
    scopeConfig: { fullAccessAliases: config.auth.fullScopeAliases },
    assertionLifetimeMax_s: config.auth.assertionLifetimeMax_s,
  };
  const authenticator: Authenticator = {
    known(header, scope) {
      const claims = verifier.known(header, scope);
      const status = claims === undefined ? undefined : partnerStatus.fresh(claims.partnerId);
      return claims !== undefined && status?.enabled === true ? authContext(claims, status) : undefined;
    },
    async authenticate(header, scope) {
      const claims = await verifier.check(header, scope);
      const status = await partnerStatus.status(claims.partnerId);
      if (!status.enabled) throw unauthorized(AuthCode.tokenInvalid, 'Token de acesso inválido.', `partner ${claims.clientId} disabled`);
      return authContext(claims, status);
    },
  };
  const plugin = async (app: FastifyInstance) => {
    batchErrors.logTo(app.log);
    app.post(TOKEN_ENDPOINT_PATH, {
      schema: { hide: true } as never,
      // Documented by token-openapi.ts; the form is parsed by the handler, not by a schema.
      config: { operationId: 'connect_token', formBody: true, swaggerTransform: ({ url }) => ({ schema: tokenEndpointSchema() as never, url }) },
      // Every refusal of this endpoint is an RFC 6749 answer, never the operations' envelope. Only
      // what the client sent wrong (an unreadable body: 4xx) is a refusal; anything else (the
      // database is down, a defect) goes on to the app's error handler: a logged 500, never a 400
      // that tells the client not to retry.
      errorHandler: (error, request, reply) => {
        if (!isClientError(error)) throw error;
        request.log.info({ reason: (error as Error).message }, 'token request refused before handling');
        const refusal = oauthErrorResponse(new OAuthError('invalid_request', earlyRefusalDescription(error), (error as Error).message));
        return sendOAuth(reply, isTooLarge(error) ? 413 : refusal.status, refusal.headers, refusal.body);
      },
      handler: async (request, reply) => {
        const response = await respondToTokenRequest({ contentType: request.headers['content-type'], form: formToRecord(request.body) }, tokenDeps);
        request.log.info({ outcome: response.status }, response.logReason);
        return sendOAuth(reply, response.status, response.headers, response.body);
      },
    });
    app.get('/.well-known/jwks.json', { schema: { hide: true } as never }, async () => ({ keys: await signingKeys.publicJwks() }));
  };
  return { authenticator, plugin, signingKeys, securitySchemes: securitySchemes(config.publicUrl), metrics: batchErrors.metrics };
}

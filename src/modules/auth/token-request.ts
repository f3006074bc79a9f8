// POST {PUBLIC_URL}/connect/token: validate the form, authenticate the client assertion, grant
// scopes, issue the access token. `respondToTokenRequest` is what the HTTP route calls.
import { issueAccessToken, type IssueDeps } from './access-token.js';
import { verifyClientAssertion, type AssertionDeps } from './assertion-checks.js';
import { OAuthError, oauthErrorResponse, TOKEN_RESPONSE_HEADERS, type OAuthErrorCode } from './errors.js';
import type { PartnerRecord } from './ports.js';
import { DEFAULT_SCOPE_CONFIG, formatScopes, grantScopes, parseScope, type ScopeConfig, type ScopeName } from './scopes.js';

export { OAuthError } from './errors.js';

export const GRANT_TYPE_CLIENT_CREDENTIALS = 'client_credentials';
export const CLIENT_ASSERTION_TYPE_JWT_BEARER = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';
const REQUIRED_FIELDS = ['grant_type', 'client_assertion_type', 'client_assertion'] as const;

export interface TokenForm {
  clientAssertion: string;
  /** The optional `client_id` field; the assertion's iss is the identity. */
  clientId: string | undefined;
  /** null when the request carried no scope: everything the partner may have. */
  scopes: ScopeName[] | null;
}

export interface TokenSuccess {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
}

export interface TokenEndpointDeps extends AssertionDeps, IssueDeps {
  scopeConfig?: ScopeConfig;
  assertionLifetimeMax_s?: number;
}

function fail(error: OAuthErrorCode, description: string): never {
  throw new OAuthError(error, description);
}

/** RFC 6749 §3.1: an empty value counts as absent; a repeated parameter is an error. */
function field(form: Record<string, unknown>, name: string): string | undefined {
  const value = form[name];
  if (value === undefined || value === null || value === '') return undefined;
  if (Array.isArray(value)) return fail('invalid_request', `parametro repetido: ${name}`);
  if (typeof value !== 'string') return fail('invalid_request', `parametro invalido: ${name}`);
  return value;
}

export function requireFormContentType(contentType: string | undefined): void {
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase();
  if (mediaType !== FORM_CONTENT_TYPE) fail('invalid_request', `Content-Type deve ser ${FORM_CONTENT_TYPE}`);
}

export function validateTokenForm(form: Record<string, unknown>, config: ScopeConfig = DEFAULT_SCOPE_CONFIG): TokenForm {
  const grantType = field(form, 'grant_type');
  if (grantType !== undefined && grantType !== GRANT_TYPE_CLIENT_CREDENTIALS) {
    fail('unsupported_grant_type', `grant_type deve ser ${GRANT_TYPE_CLIENT_CREDENTIALS}`);
  }
  const missing = REQUIRED_FIELDS.filter((name) => field(form, name) === undefined);
  if (missing.length > 0) fail('invalid_request', `parametros obrigatorios ausentes: ${missing.join(', ')}`);
  if (field(form, 'client_secret') !== undefined) {
    fail('invalid_request', 'use apenas um metodo de autenticacao do cliente (client_assertion)');
  }
  if (field(form, 'client_assertion_type') !== CLIENT_ASSERTION_TYPE_JWT_BEARER) {
    fail('invalid_request', `client_assertion_type deve ser ${CLIENT_ASSERTION_TYPE_JWT_BEARER}`);
  }
  return {
    clientAssertion: field(form, 'client_assertion') as string, // checked present above
    clientId: field(form, 'client_id'),
    scopes: requestedScopes(field(form, 'scope'), config),
  };
}

function requestedScopes(text: string | undefined, config: ScopeConfig): ScopeName[] | null {
  if (text === undefined) return null;
  const parsed = parseScope(text, config);
  if (!parsed.ok) fail('invalid_scope', parsed.problem);
  return parsed.scopes;
}

type Issued = Awaited<ReturnType<typeof issueAccessToken>>;

/**
 * The access token signed AHEAD (issue 14): started once the assertion's signature verified, so
 * its signature (on libuv's thread pool) runs while the jti statement travels instead of after
 * it. It is only handed out for the partner the verification returns, i.e. once the jti was found
 * fresh; a replayed jti or an outdated remembered copy discards it (a refusal, or a new start for
 * the freshly read partner). Nothing is started when the scopes would not be granted.
 */
class AheadIssuer {
  private ahead: { partner: PartnerRecord; issued: Promise<Issued> } | null = null;

  constructor(private readonly scopes: ScopeName[] | null, private readonly config: ScopeConfig, private readonly deps: IssueDeps) {}

  start(partner: PartnerRecord): void {
    this.ahead = null;
    const grant = grantScopes(this.scopes, partner.scopes, this.config);
    if (!grant.ok) return;
    const issued = issueAccessToken({ clientId: partner.clientId, partnerId: partner.partnerId, scopes: grant.scopes }, this.deps);
    // Awaited only if this partner is returned; a discarded one's failure matters to nobody.
    issued.catch(() => undefined);
    this.ahead = { partner, issued };
  }

  /** The token started for exactly this partner record, if any. */
  for(partner: PartnerRecord): Promise<Issued> | undefined {
    return this.ahead?.partner === partner ? this.ahead.issued : undefined;
  }
}

export async function handleTokenRequest(
  form: Record<string, unknown>,
  deps: TokenEndpointDeps,
): Promise<{ body: TokenSuccess; partner: PartnerRecord }> {
  const config = deps.scopeConfig ?? DEFAULT_SCOPE_CONFIG;
  const request = validateTokenForm(form, config);
  const issuing = new AheadIssuer(request.scopes, config, deps);
  const partner = await verifyClientAssertion(
    { assertion: request.clientAssertion, formClientId: request.clientId },
    deps,
    { publicUrl: deps.publicUrl, now: deps.now, lifetimeMax_s: deps.assertionLifetimeMax_s, beforeJtiRecorded: (found) => issuing.start(found) },
  );
  // Only after authentication: what a partner may have is nobody else's business.
  const grant = grantScopes(request.scopes, partner.scopes, config);
  if (!grant.ok) {
    const names = grant.notGranted.length > 0 ? grant.notGranted.join(' ') : 'nenhum escopo liberado';
    throw new OAuthError('invalid_scope', `escopo nao concedido a este cliente: ${names}`);
  }
  const issued = await (issuing.for(partner) ?? issueAccessToken({ clientId: partner.clientId, partnerId: partner.partnerId, scopes: grant.scopes }, deps));
  return {
    body: { access_token: issued.accessToken, token_type: 'Bearer', expires_in: issued.expiresIn_s, scope: formatScopes(grant.scopes) },
    partner,
  };
}

export interface TokenEndpointResponse {
  status: 200 | 400 | 401;
  headers: Record<string, string>;
  body: TokenSuccess | { error: OAuthErrorCode; error_description: string };
  /** For the log: the precise reason of a refusal, or the authenticated client. */
  logReason: string;
}

/** The whole endpoint. OAuth refusals become RFC 6749 answers; any other error propagates (500). */
export async function respondToTokenRequest(
  request: { contentType: string | undefined; form: Record<string, unknown> },
  deps: TokenEndpointDeps,
): Promise<TokenEndpointResponse> {
  try {
    requireFormContentType(request.contentType);
    const { body, partner } = await handleTokenRequest(request.form, deps);
    const headers = { ...TOKEN_RESPONSE_HEADERS, 'Content-Type': 'application/json; charset=utf-8' };
    return { status: 200, headers, body, logReason: `token issued to ${partner.clientId} (${body.scope})` };
  } catch (error) {
    if (!(error instanceof OAuthError)) throw error;
    return { ...oauthErrorResponse(error), logReason: error.internalReason };
  }
}

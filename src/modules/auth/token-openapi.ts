// How /openapi.json describes partner authentication: the security schemes every operation refers
// to, and the token endpoint itself (form fields, answers, RFC 6749 errors). Documentation only:
// the token route parses its form itself (token-request.ts).
import { SECURITY_SCHEME } from '../../platform/http/openapi-operations.js';
import { CLIENT_ASSERTION_TYPE_JWT_BEARER, GRANT_TYPE_CLIENT_CREDENTIALS } from './token-request.js';
import { Scope } from './scopes.js';
import { ASSERTION_ALGORITHMS, TOKEN_ENDPOINT_PATH } from './assertion-checks.js';

const SCOPE_DESCRIPTIONS: Record<string, string> = {
  [Scope.proposals]: 'Proposals: create, consult, refuse, cancel, finalize, payment account, guarantee documents',
  [Scope.receivables]: 'Receivables schedules: installments, launches, boletos, Pix charges, cancellations',
  [Scope.bureau]: 'Bureau, SCR and fraud-base queries',
  [Scope.payees]: 'Payees (favorecidos): register and consult',
  [Scope.customers]: 'Customer addresses',
  [Scope.full]: 'Everything above (also accepted under its configured aliases)',
};

const ASSERTION_TEXT = `The client authenticates with a **signed client assertion** (RFC 7523 §2.2, OpenID Connect \`private_key_jwt\`), never a secret:
a JWT signed with the partner's private key (${ASSERTION_ALGORITHMS.join(' or ')}; the public key is registered at onboarding) whose claims are
\`iss\` = \`sub\` = your client id, \`aud\` = the token endpoint URL ({PUBLIC_URL}/connect/token), \`jti\` unique (a replay is refused),
\`exp\` in the future, \`iat\` not in the future, lifetime \`exp − iat\` at most CAAS_ASSERTION_LIFETIME_MAX_S (default 1 hour). POST it as \`client_assertion\` with
\`client_assertion_type=${CLIENT_ASSERTION_TYPE_JWT_BEARER}\` and \`grant_type=${GRANT_TYPE_CLIENT_CREDENTIALS}\`.`;

export function securitySchemes(publicUrl: string): Record<string, unknown> {
  return {
    [SECURITY_SCHEME.oauth]: {
      type: 'oauth2',
      description: `OAuth 2.0 client credentials.\n\n${ASSERTION_TEXT}`,
      flows: { clientCredentials: { tokenUrl: `${publicUrl}${TOKEN_ENDPOINT_PATH}`, scopes: SCOPE_DESCRIPTIONS } },
    },
    [SECURITY_SCHEME.bearer]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'An access token obtained from /connect/token, pasted as is (for trying operations from this page).' },
  };
}

const OAUTH_ERROR = {
  type: 'object',
  required: ['error', 'error_description'],
  properties: {
    error: { type: 'string', enum: ['invalid_request', 'invalid_client', 'invalid_grant', 'unauthorized_client', 'unsupported_grant_type', 'invalid_scope'] },
    error_description: { type: 'string', description: 'ASCII text (RFC 6749 §5.2)' },
  },
};

const TOKEN_FORM = {
  type: 'object',
  required: ['grant_type', 'client_assertion_type', 'client_assertion'],
  properties: {
    grant_type: { type: 'string', enum: [GRANT_TYPE_CLIENT_CREDENTIALS] },
    client_assertion_type: { type: 'string', enum: [CLIENT_ASSERTION_TYPE_JWT_BEARER] },
    client_assertion: { type: 'string', description: 'The signed JWT described above (compact serialization).' },
    scope: { type: 'string', maxLength: 300, description: 'Space-separated scopes; absent: every scope the partner may have.' },
    client_id: { type: 'string', description: 'Optional; when sent it must equal the assertion’s iss.' },
  },
  examples: [
    {
      grant_type: GRANT_TYPE_CLIENT_CREDENTIALS,
      client_assertion_type: CLIENT_ASSERTION_TYPE_JWT_BEARER,
      client_assertion: 'eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJwYXJ0bmVyLTEyMyIsInN1YiI6InBhcnRuZXItMTIzIiwiYXVkIjoiaHR0cHM6Ly9jYWFzLmV4YW1wbGUvY29ubmVjdC90b2tlbiIsImp0aSI6IjFhMmIzYyIsImlhdCI6MTc2NDAwMDAwMCwiZXhwIjoxNzY0MDAwMzAwfQ.c2lnbmF0dXJl',
      scope: `${Scope.proposals} ${Scope.receivables}`,
    },
  ],
};

/** The token route's entry in /openapi.json (config.swaggerTransform of the route). */
export function tokenEndpointSchema(): Record<string, unknown> {
  const tokenAnswer = {
    type: 'object',
    required: ['access_token', 'token_type', 'expires_in', 'scope'],
    properties: { access_token: { type: 'string' }, token_type: { type: 'string', enum: ['Bearer'] }, expires_in: { type: 'integer', description: 'seconds' }, scope: { type: 'string' } },
    examples: [{ access_token: 'eyJhbGciOiJSUzI1NiIsImtpZCI6Ii4uLiJ9.eyJzdWIiOiIuLi4ifQ.c2ln', token_type: 'Bearer', expires_in: 3600, scope: 'caas.proposals caas.receivables' }],
  };
  return {
    operationId: 'connect_token',
    summary: 'Get an access token (OAuth 2.0 client credentials with a signed client assertion)',
    description: `${ASSERTION_TEXT}\n\nAnswers are RFC 6749 JSON (never the operations' envelope), with Cache-Control: no-store. No IdempotencyKey.`,
    tags: ['auth'],
    security: [],
    consumes: ['application/x-www-form-urlencoded'],
    body: TOKEN_FORM,
    response: {
      200: { description: 'The access token (RFC 6749 §5.1).', ...tokenAnswer },
      400: { description: 'invalid_request (missing, repeated or malformed field; wrong content type), unsupported_grant_type, invalid_grant, invalid_scope (RFC 6749 §5.2).', ...OAUTH_ERROR, examples: [{ error: 'invalid_request', error_description: 'parametros obrigatorios ausentes: client_assertion' }] },
      401: { description: 'invalid_client: the assertion is not signed by a registered key, expired, replayed, for another audience, or the partner is disabled.', ...OAUTH_ERROR, examples: [{ error: 'invalid_client', error_description: 'client_assertion invalida' }] },
    },
  };
}

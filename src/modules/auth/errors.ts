// The two error types of partner authentication, and the one place that turns a token-endpoint
// error into its response. Operation-side errors (AuthError) are DomainErrors, so the platform's
// error table answers them with the envelope like every other error.
import { DomainError } from '../../platform/errors.js';

export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope';

// RFC 6749 §5.2: error_description is limited to these ASCII characters (no accents).
const ERROR_DESCRIPTION_RE = /^[\x20\x21\x23-\x5B\x5D-\x7E]*$/;

/** An RFC 6749 §5.2 error of the token endpoint. */
export class OAuthError extends Error {
  readonly error: OAuthErrorCode;
  readonly error_description: string;
  readonly status: 400 | 401;
  /** The precise reason, for the log only: never sent to the caller. */
  readonly internalReason: string;

  constructor(error: OAuthErrorCode, description: string, internalReason: string = description) {
    super(`${error}: ${internalReason}`);
    if (!ERROR_DESCRIPTION_RE.test(description)) {
      throw new Error(`assertion: error_description must be RFC 6749 ASCII: ${description}`);
    }
    this.name = 'OAuthError';
    this.error = error;
    this.error_description = description;
    this.status = error === 'invalid_client' ? 401 : 400;
    this.internalReason = internalReason;
  }
}

/** Headers of every token-endpoint answer (RFC 6749 §5.1): tokens must not be cached. */
export const TOKEN_RESPONSE_HEADERS: Readonly<Record<string, string>> = {
  'Cache-Control': 'no-store',
  Pragma: 'no-cache',
};

export interface OAuthErrorResponse {
  status: 400 | 401;
  headers: Record<string, string>;
  body: { error: OAuthErrorCode; error_description: string };
}

export function oauthErrorResponse(err: OAuthError): OAuthErrorResponse {
  return {
    status: err.status,
    headers: { ...TOKEN_RESPONSE_HEADERS, 'Content-Type': 'application/json; charset=utf-8' },
    body: { error: err.error, error_description: err.error_description },
  };
}

export type AuthErrorKind = 'unauthorized' | 'forbidden';

/** Message codes of the operation-side authentication errors (docs/partners.md, Decisions). */
export const AuthCode = {
  tokenMissing: 'A0001',
  tokenInvalid: 'A0002',
  tokenExpired: 'A0003',
  scopeInsufficient: 'A0004',
} as const;

/** 401 (no valid token) or 403 (token valid, scope does not release the operation). */
export class AuthError extends DomainError {
  declare readonly kind: AuthErrorKind;
  readonly description: string;
  /** The precise reason, for the log only. */
  readonly internalReason: string;

  constructor(kind: AuthErrorKind, code: string, description: string, internalReason: string, wwwAuthenticate: string) {
    super(kind, [{ code, description, context: 'Autenticação' }], { 'WWW-Authenticate': wwwAuthenticate });
    this.name = 'AuthError';
    this.description = description;
    this.internalReason = internalReason;
  }
}

/** RFC 6750 §3: tell the client what went wrong with its bearer token. */
export function unauthorized(code: string, description: string, internalReason: string): AuthError {
  const challenge = code === AuthCode.tokenMissing ? 'Bearer realm="caas"' : 'Bearer realm="caas", error="invalid_token"';
  return new AuthError('unauthorized', code, description, internalReason, challenge);
}

export function forbidden(requiredScope: string, internalReason: string): AuthError {
  const description = `O token de acesso não tem o escopo necessário para esta operação (${requiredScope}).`;
  const challenge = `Bearer realm="caas", error="insufficient_scope", scope="${requiredScope}"`;
  return new AuthError('forbidden', AuthCode.scopeInsufficient, description, internalReason, challenge);
}

// Access tokens: issued by the token endpoint, checked on every operation.
// A partner reuses one token for an hour, so verified claims are kept in a bounded in-process
// cache: found by the token's last characters (its signature's), kept only with the exact token text
// equal. The cache is only an optimisation: every instance can
// verify any token from the signature alone, and a hit still honours `exp` against the clock.
import { jwtVerify, type JWTPayload, type ProtectedHeaderParameters } from 'jose';
import { BoundedCache } from './bounded-cache.js';
import { AuthCode, forbidden, unauthorized } from './errors.js';
import { signCompact } from './jws.js';
import type { ServiceSigningKeys } from './ports.js';
import { formatScopes, scopeReleases, type ScopeName } from './scopes.js';
import { ACCESS_TOKEN_LENGTH_MAX, VERIFIED_TOKEN_CACHE_ENTRIES_MAX } from './limits.js';

export const ACCESS_TOKEN_LIFETIME_S = 3600; // the interface's Limits table
export const ACCESS_TOKEN_TYP = 'at+jwt'; // RFC 9068: an assertion can never pass as an access token
export const ACCESS_TOKEN_ALGORITHMS = ['ES256', 'RS256'] as const;

export interface AccessClaims {
  clientId: string;
  partnerId: string;
  scopes: readonly string[];
  jti: string;
  expiresAt_s: number;
}

export interface IssueDeps {
  signingKeys: ServiceSigningKeys;
  publicUrl: string;
  now: () => Date;
  /** Random, unique token id (crypto.randomUUID in production). */
  newJti: () => string;
}

const issuerOf = (publicUrl: string): string => publicUrl.replace(/\/+$/, '');

export async function issueAccessToken(
  subject: { clientId: string; partnerId: string; scopes: readonly ScopeName[] },
  deps: IssueDeps,
): Promise<{ accessToken: string; expiresIn_s: number; claims: AccessClaims }> {
  if (subject.scopes.length === 0) throw new Error('assertion: an access token needs at least one scope');
  const key = await deps.signingKeys.current();
  const iat = Math.floor(deps.now().getTime() / 1000);
  const claims: AccessClaims = {
    clientId: subject.clientId,
    partnerId: subject.partnerId,
    scopes: [...subject.scopes],
    jti: deps.newJti(),
    expiresAt_s: iat + ACCESS_TOKEN_LIFETIME_S,
  };
  const issuer = issuerOf(deps.publicUrl);
  // Signed with node:crypto (jws.ts: jose's WebCrypto signature cost ~5x more CPU); verified by jose.
  const accessToken = await signCompact(
    key.alg,
    { kid: key.kid, typ: ACCESS_TOKEN_TYP },
    { scope: formatScopes(subject.scopes), client_id: subject.clientId, pid: subject.partnerId, iss: issuer, sub: subject.clientId, aud: issuer, iat, exp: claims.expiresAt_s, jti: claims.jti },
    key.privateKey,
  );
  return { accessToken, expiresIn_s: ACCESS_TOKEN_LIFETIME_S, claims };
}

const BEARER_RE = /^bearer +([A-Za-z0-9\-._~+/]+=*) *$/i; // RFC 6750 §2.1 b64token

/** The b64token of an `Authorization: Bearer …` header (scheme case-insensitive), or undefined. */
function bearerToken(header: string | undefined): string | undefined {
  return header === undefined ? undefined : BEARER_RE.exec(header.trim())?.[1];
}

const EXACT_BEARER_PREFIX = 'Bearer ';

/**
 * The text after `Bearer ` when the header starts so (what clients send), without the regex: only
 * a cache lookup uses it, and the cache holds tokens that passed bearerToken, so a hit is a header
 * bearerToken accepts with that very token; on a miss the regex's token is looked up as before
 * (issue 14: ~1.1 µs per authenticated request for an ~800-character token).
 */
function exactBearerToken(header: string | undefined): string | undefined {
  return header?.startsWith(EXACT_BEARER_PREFIX) === true ? header.slice(EXACT_BEARER_PREFIX.length) : undefined;
}

/**
 * Where the verified-token cache files a token: its last `keyChars` characters (the signature's
 * end), not the whole ~800-character text, which the Map hashed on every request (issue 14:
 * -6,185 instructions per request, measured, docs/decisions.md). A hit still needs the exact token (cachedFor); only tokens
 * whose signature verified are filed, so two sharing a key just replace each other.
 */
const TOKEN_CACHE_KEY_CHARS = 24;
function tokenCacheKey(token: string, keyChars: number): string {
  return token.length <= keyChars ? token : token.slice(-keyChars);
}

/** The token of an `Authorization: Bearer …` header; the scheme is matched case-insensitively. */
export function parseBearer(header: string | undefined): string {
  if (header === undefined || header.trim() === '') {
    throw unauthorized(AuthCode.tokenMissing, 'Token de acesso ausente: envie o cabeçalho Authorization: Bearer <token>.', 'no Authorization header');
  }
  const token = bearerToken(header);
  if (token === undefined || token.length > ACCESS_TOKEN_LENGTH_MAX) {
    throw unauthorized(AuthCode.tokenInvalid, 'Cabeçalho Authorization inválido: use o formato Bearer <token>.', 'malformed Authorization header');
  }
  return token;
}

const invalidToken = (reason: string) => unauthorized(AuthCode.tokenInvalid, 'Token de acesso inválido.', reason);
const expiredToken = (reason: string) =>
  unauthorized(AuthCode.tokenExpired, 'Token de acesso expirado: solicite um novo em /connect/token.', reason);

export interface VerifierDeps {
  signingKeys: ServiceSigningKeys;
  publicUrl: string;
  now: () => Date;
  cacheEntriesMax?: number;
  /**
   * A test knob: the characters of a token's end its cache entry is filed by (default
   * TOKEN_CACHE_KEY_CHARS). With 1 or 2, issued tokens soon share a key, which tests use to show
   * each token only ever gets its own claims.
   */
  cacheKeyChars?: number;
}

export class AccessTokenVerifier {
  private readonly cache: BoundedCache<string, { token: string; claims: AccessClaims }>;
  private readonly keyChars: number;

  constructor(private readonly deps: VerifierDeps) {
    this.cache = new BoundedCache(deps.cacheEntriesMax ?? VERIFIED_TOKEN_CACHE_ENTRIES_MAX);
    this.keyChars = deps.cacheKeyChars ?? TOKEN_CACHE_KEY_CHARS;
    if (!Number.isInteger(this.keyChars) || this.keyChars < 1) throw new Error(`assertion: cacheKeyChars must be a positive integer, got ${this.keyChars}`);
  }

  /** Checks the token and that its scope releases `requiredScope`; 401 or 403 AuthError otherwise. */
  async check(authorizationHeader: string | undefined, requiredScope: ScopeName): Promise<AccessClaims> {
    const claims = await this.authenticate(authorizationHeader);
    if (!scopeReleases(claims.scopes, requiredScope)) {
      throw forbidden(requiredScope, `client ${claims.clientId} holds [${claims.scopes.join(' ')}]`);
    }
    return claims;
  }

  /**
   * The claims of a token verified before, unexpired and releasing `requiredScope`, without a
   * promise (issue 14: every operation starts here); undefined otherwise, and `check` then decides
   * (and gives the refusal).
   */
  known(authorizationHeader: string | undefined, requiredScope: ScopeName): AccessClaims | undefined {
    const cached = this.cachedFor(exactBearerToken(authorizationHeader)) ?? this.cachedFor(bearerToken(authorizationHeader));
    if (cached === undefined || cached.expiresAt_s <= Math.floor(this.deps.now().getTime() / 1000)) return undefined;
    return scopeReleases(cached.scopes, requiredScope) ? cached : undefined;
  }

  /** Another token's entry under the same key is left where it is (not marked recently used). */
  private cachedFor(token: string | undefined): AccessClaims | undefined {
    if (token === undefined) return undefined;
    const key = tokenCacheKey(token, this.keyChars);
    const entry = this.cache.peek(key);
    if (entry === undefined || entry.token !== token) return undefined;
    this.cache.get(key);
    return entry.claims;
  }

  async authenticate(authorizationHeader: string | undefined): Promise<AccessClaims> {
    const token = parseBearer(authorizationHeader);
    const now_s = Math.floor(this.deps.now().getTime() / 1000);
    const cached = this.cachedFor(token);
    if (cached !== undefined) {
      if (cached.expiresAt_s > now_s) return cached;
      this.cache.delete(tokenCacheKey(token, this.keyChars));
      throw expiredToken(`cached token of ${cached.clientId} expired at ${cached.expiresAt_s}`);
    }
    const claims = await this.verifySignature(token);
    this.cache.set(tokenCacheKey(token, this.keyChars), { token, claims });
    return claims;
  }

  /** Entries in the verified-token cache (a metric). */
  get cacheSize(): number {
    return this.cache.size;
  }

  private async verifySignature(token: string): Promise<AccessClaims> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, (header) => this.keyFor(header), {
        algorithms: [...ACCESS_TOKEN_ALGORITHMS],
        issuer: issuerOf(this.deps.publicUrl),
        audience: issuerOf(this.deps.publicUrl),
        typ: ACCESS_TOKEN_TYP,
        currentDate: this.deps.now(),
        requiredClaims: ['sub', 'exp', 'iat', 'jti', 'scope', 'pid'],
      }));
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === 'ERR_JWT_EXPIRED') throw expiredToken('token expired');
      throw invalidToken(`token refused: ${error instanceof Error ? error.message : String(error)}`);
    }
    return claimsOf(payload);
  }

  private async keyFor(header: ProtectedHeaderParameters) {
    const found = typeof header.kid === 'string' ? await this.deps.signingKeys.byKid(header.kid) : null;
    if (found === null) throw invalidToken(`unknown service key ${String(header.kid)}`);
    return found.publicKey;
  }
}

function claimsOf(payload: JWTPayload): AccessClaims {
  const { sub, pid, scope, jti, exp } = payload;
  if (typeof sub !== 'string' || typeof pid !== 'string' || typeof scope !== 'string' || typeof jti !== 'string' || typeof exp !== 'number') {
    throw invalidToken('token claims of the wrong type');
  }
  // Frozen: the same object is handed to every request that presents this token.
  const scopes = Object.freeze(scope.split(' ').filter((s) => s !== ''));
  return Object.freeze({ clientId: sub, partnerId: pid, scopes, jti, expiresAt_s: exp });
}

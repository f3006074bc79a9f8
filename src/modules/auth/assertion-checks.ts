// RFC 7523 client assertion: a flat list of small named checks, each of which throws an
// OAuthError('invalid_client') with the precise reason in `internalReason`.
//
// What the caller is told: checks that only look at the caller's own JWT and the clock
// (algorithm, iss/sub, aud, times, jti) run BEFORE the partner is looked up and may say what is
// wrong, because the answer is the same whether or not the client exists. Every check that
// depends on the partner (unknown, disabled, no key verifies, key revoked) answers the same
// GENERIC_CLIENT_FAILURE, so the endpoint cannot be used to enumerate client ids.
import { decodeJwt, decodeProtectedHeader, type JWTPayload, type ProtectedHeaderParameters } from 'jose';
import { findUnsafeText } from '../../platform/http/safe-text.js';
import { OAuthError } from './errors.js';
import { verifyCompact, type JwsAlgorithm } from './jws.js';
import { PartnerKeyCache } from './partner-key-cache.js';
import type { PartnerDirectory, PartnerRecord, ReplayStore } from './ports.js';
import { CLIENT_ASSERTION_LENGTH_MAX, JTI_LENGTH_MAX } from './limits.js';

export const ASSERTION_ALGORITHMS = ['RS256', 'PS256'] as const;
export const CLOCK_SKEW_S = 60;
export const ASSERTION_LIFETIME_MAX_S_DEFAULT = 3600;
export const TOKEN_ENDPOINT_PATH = '/connect/token';
export const GENERIC_CLIENT_FAILURE = 'Autenticacao do cliente falhou';

/** Content-addressed (see partner-key-cache.ts), so one per process is safe for every caller. */
const sharedKeyCache = new PartnerKeyCache();

export interface AssertionContext {
  /** The compact JWT as received. */
  token: string;
  /** Decoded without any trust: only the signature check makes them trustworthy. */
  header: ProtectedHeaderParameters;
  claims: JWTPayload;
  /** The optional `client_id` form field. */
  formClientId: string | undefined;
  /** `${PUBLIC_URL}/connect/token`. */
  audience: string;
  now: Date;
  lifetimeMax_s: number;
}

function reject(publicHint: string | null, internalReason: string): never {
  const description = publicHint === null ? GENERIC_CLIENT_FAILURE : `client_assertion invalido: ${publicHint}`;
  throw new OAuthError('invalid_client', description, internalReason);
}

const nowSeconds = (ctx: AssertionContext): number => Math.floor(ctx.now.getTime() / 1000);

/** Parses header and payload WITHOUT verifying anything. */
export function decodeUntrusted(token: string): { header: ProtectedHeaderParameters; claims: JWTPayload } {
  if (token.length > CLIENT_ASSERTION_LENGTH_MAX) reject('JWT longo demais', `assertion of ${token.length} characters`);
  try {
    return { header: decodeProtectedHeader(token), claims: decodeJwt(token) };
  } catch (error) {
    return reject('nao e um JWT compacto', `undecodable assertion: ${String(error)}`);
  }
}

/** Issue 12: no claim or header text (iss, sub, jti, kid…) with NUL or an unpaired surrogate reaches the database. */
export function claimsAreSafeText(ctx: AssertionContext): void {
  const found = findUnsafeText(ctx.claims) ?? findUnsafeText(ctx.header);
  if (found !== null) {
    throw new OAuthError('invalid_request', 'client_assertion com caractere nulo ou surrogate UTF-16 isolado', `unsafe text in assertion at ${JSON.stringify(found)}`);
  }
}

export function algorithmAllowed(ctx: AssertionContext): void {
  const alg = ctx.header.alg;
  if (typeof alg !== 'string' || !(ASSERTION_ALGORITHMS as readonly string[]).includes(alg)) {
    reject(`alg deve ser ${ASSERTION_ALGORITHMS.join(' ou ')}`, `alg ${String(alg)} refused`);
  }
}

export function issuerEqualsSubject(ctx: AssertionContext): void {
  const { iss, sub } = ctx.claims;
  if (typeof iss !== 'string' || iss === '') reject('iss ausente', 'iss missing');
  if (sub !== iss) reject('iss e sub devem ser o client_id', `iss ${iss} != sub ${String(sub)}`);
}

export function clientIdFieldMatches(ctx: AssertionContext): void {
  if (ctx.formClientId === undefined) return;
  if (ctx.formClientId !== ctx.claims.iss) {
    reject('client_id difere do iss', `form client_id ${ctx.formClientId} != iss ${String(ctx.claims.iss)}`);
  }
}

export function audienceMatches(ctx: AssertionContext): void {
  const aud = ctx.claims.aud;
  const ok = aud === ctx.audience || (Array.isArray(aud) && aud.includes(ctx.audience));
  if (!ok) reject(`aud deve ser ${ctx.audience}`, `aud ${JSON.stringify(aud)}`);
}

function isSeconds(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

export function expiryPresentAndFuture(ctx: AssertionContext): void {
  const { exp } = ctx.claims;
  if (!isSeconds(exp)) reject('exp ausente', 'exp missing or not a number');
  // No skew on exp: an assertion is made seconds before use, so an expired one is stale.
  if (exp <= nowSeconds(ctx)) reject('expirado (exp)', `exp ${exp} <= now ${nowSeconds(ctx)}`);
}

export function notBeforeNotInFuture(ctx: AssertionContext): void {
  const { nbf } = ctx.claims;
  if (nbf === undefined) return;
  if (!isSeconds(nbf)) reject('nbf deve ser numerico', 'nbf not a number');
  if (nbf > nowSeconds(ctx) + CLOCK_SKEW_S) reject('ainda nao valido (nbf)', `nbf ${nbf} > now ${nowSeconds(ctx)} + skew`);
}

export function issuedAtNotInFuture(ctx: AssertionContext): void {
  const { iat } = ctx.claims;
  if (iat === undefined) return;
  if (!isSeconds(iat)) reject('iat deve ser numerico', 'iat not a number');
  if (iat > nowSeconds(ctx) + CLOCK_SKEW_S) reject('emitido no futuro (iat)', `iat ${iat} > now ${nowSeconds(ctx)} + skew`);
}

/** exp − iat bounded; without iat, the remaining lifetime exp − now is bounded instead. */
export function lifetimeWithinLimit(ctx: AssertionContext): void {
  const exp = ctx.claims.exp as number; // expiryPresentAndFuture ran before
  const start = ctx.claims.iat ?? nowSeconds(ctx);
  if (exp - start > ctx.lifetimeMax_s) {
    reject(`validade acima de ${ctx.lifetimeMax_s} s (exp - iat)`, `lifetime ${exp - start} s`);
  }
}

export function jtiPresent(ctx: AssertionContext): void {
  const { jti } = ctx.claims;
  if (typeof jti !== 'string' || jti === '') reject('jti ausente', 'jti missing');
  if (jti.length > JTI_LENGTH_MAX) reject(`jti acima de ${JTI_LENGTH_MAX} caracteres`, `jti of ${jti.length} characters`);
}

/** The checks that need nothing but the JWT and the clock, in the order they run. */
export const CLAIM_CHECKS: readonly ((ctx: AssertionContext) => void)[] = [
  algorithmAllowed,
  issuerEqualsSubject,
  clientIdFieldMatches,
  audienceMatches,
  expiryPresentAndFuture,
  notBeforeNotInFuture,
  issuedAtNotInFuture,
  lifetimeWithinLimit,
  jtiPresent,
];

export function partnerKnownAndEnabled(partner: PartnerRecord | null, clientId: string): PartnerRecord {
  if (partner === null) reject(null, `unknown client ${clientId}`);
  if (!partner.enabled) reject(null, `partner ${partner.partnerId} disabled`);
  return partner;
}

/**
 * Tries each active key (the one named by the header's kid first); revoked keys are skipped. The
 * claims were checked by CLAIM_CHECKS; the signature covers the very text they were decoded from.
 */
export async function signatureValidWithAnActiveKey(ctx: AssertionContext, partner: PartnerRecord, keys: PartnerKeyCache = sharedKeyCache): Promise<void> {
  // The partner was found by iss; iss = sub was checked: both name this partner.
  if (ctx.claims.iss !== partner.clientId || ctx.claims.sub !== partner.clientId) reject(null, `iss/sub ${String(ctx.claims.iss)} is not ${partner.clientId}`);
  const alg = ctx.header.alg;
  if (typeof alg !== 'string' || !(ASSERTION_ALGORITHMS as readonly string[]).includes(alg)) reject(null, `alg ${String(alg)} refused`);
  const active = partner.keys.filter((k) => k.revokedAt === null || k.revokedAt.getTime() > ctx.now.getTime());
  if (active.length === 0) reject(null, `partner ${partner.partnerId} has no active key`);
  const ordered = [...active].sort((a, b) => Number(b.kid === ctx.header.kid) - Number(a.kid === ctx.header.kid));
  const failures: string[] = [];
  for (const key of ordered) {
    try {
      // alg is RS256 or PS256 (checked above), so HS256 keyed with the public PEM never verifies.
      await verifyCompact(ctx.token, alg as JwsAlgorithm, ctx.header as Record<string, unknown>, keys.publicKey(key.kid, key.publicKeyPem));
      return;
    } catch (error) {
      failures.push(`${key.kid}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const revoked = partner.keys.length - active.length;
  reject(null, `no active key verifies (${failures.join('; ')}; ${revoked} revoked key(s) not tried)`);
}

/**
 * Runs LAST, after the signature verified, so nobody can burn a partner's jtis with forgeries.
 * With `version` (a remembered copy of the partner), nothing is stored unless that is still the
 * partner's version: 'stale' then, and the checks run again on a fresh lookup.
 */
export async function jtiNotReplayed(ctx: AssertionContext, partner: PartnerRecord, replayStore: ReplayStore, version?: number): Promise<'fresh' | 'stale'> {
  const jti = ctx.claims.jti as string; // jtiPresent ran before
  const expiresAt = new Date((ctx.claims.exp as number) * 1000);
  const outcome = await replayStore.remember(partner.clientId, jti, expiresAt, version);
  // The caller has proved it holds the partner's key, so saying "replayed" reveals nothing.
  if (outcome === 'replayed') reject('jti ja utilizado', `jti ${jti} replayed`);
  return outcome;
}

export interface AssertionOptions {
  /** PUBLIC_URL, without the token path. */
  publicUrl: string;
  now: () => Date;
  lifetimeMax_s?: number;
  /**
   * Called with the partner whose key verified the signature, right before its jti is recorded:
   * the caller may start work that counts only if this partner is the one returned (issue 14: the
   * token endpoint signs the access token while the jti statement travels). Called again, with a
   * fresh lookup's partner, when a remembered copy turns out outdated.
   */
  beforeJtiRecorded?: (partner: PartnerRecord) => void;
}

export interface AssertionDeps {
  directory: PartnerDirectory;
  replayStore: ReplayStore;
  /** Parsed partner keys; defaults to one cache shared by the process (it is content-addressed). */
  partnerKeys?: PartnerKeyCache;
}

export function tokenEndpointUrl(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${TOKEN_ENDPOINT_PATH}`;
}

/**
 * The partner checks on a copy of the partner kept in memory (issue 14: no lookup per token). It
 * only ever accepts, and only when the jti statement finds the copy's version current; a refusal
 * of the copy, or an outdated copy, gives null: the caller decides on a fresh lookup.
 */
async function acceptedOnRemembered(ctx: AssertionContext, partner: PartnerRecord, version: number, deps: AssertionDeps, options: AssertionOptions): Promise<'fresh' | 'stale' | null> {
  try {
    partnerKnownAndEnabled(partner, partner.clientId);
    await signatureValidWithAnActiveKey(ctx, partner, deps.partnerKeys);
  } catch (error) {
    if (error instanceof OAuthError) return null;
    throw error;
  }
  options.beforeJtiRecorded?.(partner);
  return jtiNotReplayed(ctx, partner, deps.replayStore, version);
}

/** The whole verification, in order; resolves to the authenticated, enabled partner. */
export async function verifyClientAssertion(
  input: { assertion: string; formClientId: string | undefined },
  deps: AssertionDeps,
  options: AssertionOptions,
): Promise<PartnerRecord> {
  const ctx: AssertionContext = {
    token: input.assertion,
    ...decodeUntrusted(input.assertion),
    formClientId: input.formClientId,
    audience: tokenEndpointUrl(options.publicUrl),
    now: options.now(),
    lifetimeMax_s: options.lifetimeMax_s ?? ASSERTION_LIFETIME_MAX_S_DEFAULT,
  };
  claimsAreSafeText(ctx);
  for (const check of CLAIM_CHECKS) check(ctx);
  const clientId = ctx.claims.iss as string; // issuerEqualsSubject ran before
  const remembered = deps.directory.remembered?.(clientId);
  if (remembered?.version !== undefined && (await acceptedOnRemembered(ctx, remembered, remembered.version, deps, options)) === 'fresh') return remembered;
  const partner = partnerKnownAndEnabled(await deps.directory.findByClientId(clientId), clientId);
  await signatureValidWithAnActiveKey(ctx, partner, deps.partnerKeys);
  options.beforeJtiRecorded?.(partner);
  await jtiNotReplayed(ctx, partner, deps.replayStore);
  return partner;
}

// The scope catalogue: one scope per group of operations, plus one that releases everything.
// Pure functions only; the aliases of the full-access scope come from configuration so that an
// existing client's scope string (compatibility-notes, "Token endpoint") works unchanged.
import { SCOPE_LENGTH_MAX } from './limits.js';


export const Scope = {
  proposals: 'caas.proposals',
  receivables: 'caas.receivables',
  bureau: 'caas.bureau',
  payees: 'caas.payees',
  customers: 'caas.customers',
  full: 'caas.full',
} as const;
export type ScopeName = (typeof Scope)[keyof typeof Scope];

/** Operation path prefixes (lower case, relative to PUBLIC_URL) released by each scope. */
export const SCOPE_CATALOGUE: readonly { scope: ScopeName; prefixes: readonly string[] }[] = [
  // Guarantee documents (Proposta/SalvarPropostaGarantiaBemDocumento) ride with proposals.
  { scope: Scope.proposals, prefixes: ['proposta/', 'fgts/cancelarproposta'] },
  { scope: Scope.receivables, prefixes: ['agendarecebivel/', 'fgts/cancelarcobrancas'] },
  { scope: Scope.bureau, prefixes: ['bureau/'] },
  { scope: Scope.payees, prefixes: ['api/favorecido'] },
  { scope: Scope.customers, prefixes: ['pessoa/'] },
];

const ALL_SCOPES: readonly ScopeName[] = Object.values(Scope);

export interface ScopeConfig {
  /** Other names accepted for `caas.full` in a token request. */
  fullAccessAliases: readonly string[];
}

export const DEFAULT_SCOPE_CONFIG: ScopeConfig = {
  fullAccessAliases: ['bmp.digital.api.full.access'],
};

// RFC 6749 §3.3: scope-token = 1*( %x21 / %x23-5B / %x5D-7E )
const SCOPE_TOKEN_RE = /^[\x21\x23-\x5B\x5D-\x7E]+$/;

export function isScopeToken(text: string): boolean {
  return SCOPE_TOKEN_RE.test(text);
}

/** The catalogue name for a requested name (itself or an alias), or null when unknown. */
export function canonicalScope(name: string, config: ScopeConfig = DEFAULT_SCOPE_CONFIG): ScopeName | null {
  if ((ALL_SCOPES as readonly string[]).includes(name)) return name as ScopeName;
  if (config.fullAccessAliases.includes(name)) return Scope.full;
  return null;
}

export type ScopeParse = { ok: true; scopes: ScopeName[] } | { ok: false; problem: string };

/**
 * Parses a space-separated scope string into catalogue names (deduplicated, request order).
 * Repeated or trailing spaces are tolerated; any other whitespace is not a scope character.
 * `problem` is ASCII because it becomes an RFC 6749 error_description.
 */
export function parseScope(text: string, config: ScopeConfig = DEFAULT_SCOPE_CONFIG): ScopeParse {
  if (text.length > SCOPE_LENGTH_MAX) {
    return { ok: false, problem: `scope tem mais de ${SCOPE_LENGTH_MAX} caracteres` };
  }
  const scopes: ScopeName[] = [];
  for (const token of text.split(' ')) {
    if (token === '') continue;
    if (!isScopeToken(token)) return { ok: false, problem: 'scope contem caracteres invalidos' };
    const scope = canonicalScope(token, config);
    if (scope === null) return { ok: false, problem: `escopo desconhecido: ${token}` };
    if (!scopes.includes(scope)) scopes.push(scope);
  }
  if (scopes.length === 0) return { ok: false, problem: 'scope vazio' };
  return { ok: true, scopes };
}

export type ScopeGrant = { ok: true; scopes: ScopeName[] } | { ok: false; notGranted: ScopeName[] };

/**
 * Decides the scopes of a token. `requested` null (no scope field) asks for everything the
 * partner may have; `partnerScopes` null means the partner may have every scope. Names stored
 * for the partner that are not in the catalogue are ignored: unknown never widens access.
 */
export function grantScopes(
  requested: readonly ScopeName[] | null,
  partnerScopes: readonly string[] | null,
  config: ScopeConfig = DEFAULT_SCOPE_CONFIG,
): ScopeGrant {
  const allowed = allowedScopes(partnerScopes, config);
  if (requested === null) {
    return allowed.length > 0 ? { ok: true, scopes: allowed } : { ok: false, notGranted: [] };
  }
  const notGranted = requested.filter((s) => !scopeReleases(allowed, s));
  return notGranted.length === 0 ? { ok: true, scopes: [...requested] } : { ok: false, notGranted };
}

function allowedScopes(partnerScopes: readonly string[] | null, config: ScopeConfig): ScopeName[] {
  if (partnerScopes === null) return [Scope.full];
  const allowed: ScopeName[] = [];
  for (const name of partnerScopes) {
    const scope = canonicalScope(name, config);
    if (scope !== null && !allowed.includes(scope)) allowed.push(scope);
  }
  return allowed;
}

/** True when a token holding `grantedScopes` may call an operation that needs `requiredScope`. */
export function scopeReleases(grantedScopes: readonly string[], requiredScope: ScopeName): boolean {
  return grantedScopes.includes(Scope.full) || grantedScopes.includes(requiredScope);
}

/**
 * The scope an operation needs, from its path relative to PUBLIC_URL ('/Proposta/Recusar',
 * 'AgendaRecebivel/ConsultarDetalhes'); matched case-insensitively. Null for a path outside the
 * catalogue: the caller decides (route registration should treat it as a programmer error).
 */
export function scopeForOperation(path: string): ScopeName | null {
  const normalized = path.replace(/[?#].*$/, '').replace(/^\/+/, '').toLowerCase();
  for (const entry of SCOPE_CATALOGUE) {
    if (entry.prefixes.some((prefix) => normalized.startsWith(prefix))) return entry.scope;
  }
  return null;
}

/** Space-separated form for the `scope` claim and the token response. */
export function formatScopes(scopes: readonly ScopeName[]): string {
  return scopes.join(' ');
}

// Settings of the auth module, parsed once at start-up (its descriptor declares the parser; the
// composition root collects it with the others and every problem is reported at once):
//   CAAS_ASSERTION_LIFETIME_MAX_S   longest client assertion accepted, exp − iat (default 1 hour)
//   CAAS_FULL_SCOPE_ALIASES         extra names of the scope that releases everything (comma-separated)
import { envInteger, type Env } from '../../platform/config/env-readers.js';
import { ASSERTION_LIFETIME_MAX_S_DEFAULT } from './assertion-checks.js';
import { ASSERTION_LIFETIME_S_MAX, ASSERTION_LIFETIME_S_MIN } from './limits.js';

export interface AuthSettings {
  /** Longest client assertion accepted: exp − iat, in seconds. */
  readonly assertionLifetimeMax_s: number;
  /** Extra accepted names of the scope that releases everything. */
  readonly fullScopeAliases: readonly string[];
}

declare module '../../platform/config/env.js' {
  interface ModuleSettings {
    auth: AuthSettings;
  }
}

export function parseAuthEnv(env: Env, problems: string[]): AuthSettings {
  const fullScopeAliases = (env.CAAS_FULL_SCOPE_ALIASES ?? 'bmp.digital.api.full.access')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  for (const alias of fullScopeAliases) {
    if (!/^[\x21\x23-\x5B\x5D-\x7E]+$/.test(alias)) problems.push(`CAAS_FULL_SCOPE_ALIASES has an invalid scope name "${alias}"`);
  }
  return {
    assertionLifetimeMax_s: envInteger(env, 'CAAS_ASSERTION_LIFETIME_MAX_S', ASSERTION_LIFETIME_MAX_S_DEFAULT, ASSERTION_LIFETIME_S_MIN, ASSERTION_LIFETIME_S_MAX, problems),
    fullScopeAliases,
  };
}

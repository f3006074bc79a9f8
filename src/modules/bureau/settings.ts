// Configuration of the bureau consultations: which provider answers (the built-in sandbox or a
// real bureau over HTTP), how long a billed answer is reused, and the SCR's consent and
// reference-month windows. Parsed once at start-up (the module descriptor declares parseBureauEnv; src/config.ts collects it);
// every problem is reported at once, in English like the other start-up messages.
import { isValidCnpj } from '../../platform/documents.js';
import { httpBureauConfigFromEnv, type HttpBureauConfig } from './providers/http-config.js';
import { envInteger, type Env } from '../../platform/config/env-readers.js';
import { CACHE_TTL_HOURS_MAX, CONSENT_VALIDITY_DAYS_MAX, PUBLICATION_LAG_MONTHS_MAX, PUBLICATION_DAY_MAX, HISTORY_MONTHS_MAX } from './limits.js';

export type BureauProviderKind = 'sandbox' | 'http';

export interface ScrWindowSettings {
  /** How long a customer's consent (dtAceiteCliente) stays usable, in calendar days. */
  readonly consentValidity_days: number;
  /** The SCR publishes data-base month M in month M + lag … */
  readonly publicationLag_months: number;
  /** … from this day of that month on (São Paulo calendar). */
  readonly publicationDay: number;
  /** How many published months, the latest included, can be consulted. */
  readonly history_months: number;
}

export interface BureauSettings {
  readonly provider: BureauProviderKind;
  /** Present exactly when provider is 'http'. */
  readonly http: HttpBureauConfig | null;
  /** A repeated consultation within this time is answered from the stored result; 0 = never. */
  readonly cacheTtl_ms: number;
  readonly scr: ScrWindowSettings;
  /** The sandbox's cnpjDaIfSolicitante; null = the sandbox default. */
  readonly requesterCnpj: string | null;
}

declare module '../../platform/config/env.js' {
  interface ModuleSettings {
    bureau: BureauSettings;
  }
}

export const BUREAU_DEFAULTS = {
  cacheTtl_hours: 24,
  consentValidity_days: 90,
  publicationLag_months: 2,
  publicationDay: 15,
  history_months: 24,
} as const;

const MS_PER_HOUR = 3_600_000;



function providerKind(env: Env, problems: string[]): BureauProviderKind {
  const text = (env.BUREAU_PROVIDER ?? '').trim().toLowerCase();
  if (text === '' || text === 'sandbox') return 'sandbox';
  if (text === 'http') return 'http';
  problems.push(`BUREAU_PROVIDER must be sandbox or http, got "${env.BUREAU_PROVIDER}"`);
  return 'sandbox';
}

function httpConfig(env: Env, problems: string[]): HttpBureauConfig | null {
  try {
    return httpBureauConfigFromEnv(env);
  } catch (error) {
    // The adapter's reader lists its problems one per "- " line; keep them one per problem here.
    const lines = (error as Error).message.split('\n').filter((l) => l.startsWith('- '));
    problems.push(...lines.map((l) => `BUREAU_PROVIDER=http: ${l.slice(2)}`));
    return null;
  }
}

function requesterCnpj(env: Env, problems: string[]): string | null {
  const text = env.BUREAU_REQUESTER_CNPJ?.trim().toUpperCase() ?? '';
  if (text === '') return null;
  if (!isValidCnpj(text)) {
    problems.push(`BUREAU_REQUESTER_CNPJ must be a valid CNPJ of 14 characters without punctuation, got "${text}"`);
    return null;
  }
  return text;
}

/** The bureau settings from BUREAU_* variables; problems are appended to `problems`. */
export function parseBureauEnv(env: Env, problems: string[]): BureauSettings {
  const provider = providerKind(env, problems);
  const d = BUREAU_DEFAULTS;
  return {
    provider,
    http: provider === 'http' ? httpConfig(env, problems) : null,
    cacheTtl_ms: envInteger(env, 'BUREAU_CACHE_TTL_HOURS', d.cacheTtl_hours, 0, CACHE_TTL_HOURS_MAX, problems) * MS_PER_HOUR,
    scr: {
      consentValidity_days: envInteger(env, 'BUREAU_SCR_CONSENT_VALIDITY_DAYS', d.consentValidity_days, 1, CONSENT_VALIDITY_DAYS_MAX, problems),
      publicationLag_months: envInteger(env, 'BUREAU_SCR_PUBLICATION_LAG_MONTHS', d.publicationLag_months, 0, PUBLICATION_LAG_MONTHS_MAX, problems),
      publicationDay: envInteger(env, 'BUREAU_SCR_PUBLICATION_DAY', d.publicationDay, 1, PUBLICATION_DAY_MAX, problems),
      history_months: envInteger(env, 'BUREAU_SCR_HISTORY_MONTHS', d.history_months, 1, HISTORY_MONTHS_MAX, problems),
    },
    requesterCnpj: requesterCnpj(env, problems),
  };
}

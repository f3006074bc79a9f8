// Configuration of the HTTP bureau adapter, read from the environment at start-up (the caller
// passes process.env; this module never reads it). Problems are reported all at once, in
// English like the rest of the start-up messages (they are for operators, not partners).
import { envInteger, type Env } from '../../../platform/config/env-readers.js';
import { TIMEOUT_MS_MAX, RETRIES_MAX_MAX } from '../limits.js';

export interface HttpBureauConfig {
  /** Base URL; the adapter posts to {baseUrl}/bureau, /scr and /fraude. */
  readonly baseUrl: string;
  /** Header carrying the credentials, e.g. "Authorization" with "Bearer …", or "X-Api-Key". */
  readonly credentialsHeaderName: string;
  readonly credentialsHeaderValue: string;
  /** Per attempt, connection to last byte. */
  readonly timeout_ms: number;
  /** Attempts after the first one (so at most retries_max + 1 requests per consultation). */
  readonly retries_max: number;
  readonly backoffBase_ms: number;
  readonly backoffMax_ms: number;
  readonly breakerFailureThreshold: number;
  readonly breakerCoolDown_ms: number;
}

export const HTTP_BUREAU_DEFAULTS = {
  timeout_ms: 10_000,
  retries_max: 2,
  backoffBase_ms: 250,
  backoffMax_ms: 4_000,
  breakerFailureThreshold: 5,
  breakerCoolDown_ms: 30_000,
} as const;




/** The adapter's configuration from BUREAU_HTTP_* variables; throws one Error listing every problem. */
export function httpBureauConfigFromEnv(env: Env): HttpBureauConfig {
  const problems: string[] = [];
  const baseUrl = env.BUREAU_HTTP_BASE_URL?.trim() ?? '';
  if (!/^https?:\/\/\S+$/.test(baseUrl) || !URL.canParse(baseUrl)) {
    problems.push('BUREAU_HTTP_BASE_URL must be an http(s) URL (e.g. https://bureau.example.com/v1)');
  }
  const header = env.BUREAU_HTTP_CREDENTIALS_HEADER ?? '';
  const colon = header.indexOf(':');
  const headerName = colon > 0 ? header.slice(0, colon).trim() : '';
  const headerValue = colon > 0 ? header.slice(colon + 1).trim() : '';
  if (!/^[A-Za-z0-9-]+$/.test(headerName) || headerValue === '') {
    problems.push('BUREAU_HTTP_CREDENTIALS_HEADER must look like "Name: value" (e.g. "Authorization: Bearer abc")');
  }
  const d = HTTP_BUREAU_DEFAULTS;
  const config: HttpBureauConfig = {
    baseUrl,
    credentialsHeaderName: headerName,
    credentialsHeaderValue: headerValue,
    timeout_ms: envInteger(env, 'BUREAU_HTTP_TIMEOUT_MS', d.timeout_ms, 1, TIMEOUT_MS_MAX, problems),
    retries_max: envInteger(env, 'BUREAU_HTTP_RETRIES_MAX', d.retries_max, 0, RETRIES_MAX_MAX, problems),
    backoffBase_ms: envInteger(env, 'BUREAU_HTTP_BACKOFF_BASE_MS', d.backoffBase_ms, 0, TIMEOUT_MS_MAX, problems),
    backoffMax_ms: envInteger(env, 'BUREAU_HTTP_BACKOFF_MAX_MS', d.backoffMax_ms, 0, TIMEOUT_MS_MAX, problems),
    breakerFailureThreshold: envInteger(env, 'BUREAU_HTTP_BREAKER_FAILURES', d.breakerFailureThreshold, 1, 1_000, problems),
    breakerCoolDown_ms: envInteger(env, 'BUREAU_HTTP_BREAKER_COOLDOWN_MS', d.breakerCoolDown_ms, 0, 3_600_000, problems),
  };
  if (problems.length > 0) throw new Error(`Invalid HTTP bureau configuration:\n- ${problems.join('\n- ')}`);
  return config;
}

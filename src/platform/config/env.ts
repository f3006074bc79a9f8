// Configuration from the environment, validated once at start-up with clear messages.
// Nothing else reads process.env: use cases receive the parsed Config.
import net from 'node:net';
import path from 'node:path';
import { envInteger } from './env-readers.js';
import { LIMITS } from './limits.js';
import { ASSERTION_LIFETIME_MAX_S_DEFAULT } from '../../modules/auth/assertion-checks.js';
import { parseReceivablesEnv, type ReceivablesSettings } from '../../modules/receivables/settings.js';
import { parseBureauEnv, type BureauSettings } from '../../modules/bureau/settings.js';
import { parseSettlementEnv, type SettlementSettings } from '../../modules/settlement/settings.js';
import { parseProposalsEnv, type ProposalsSettings } from '../../modules/proposals/settings.js';
import { parseOperatorsEnv, type OperatorsSettings } from '../../modules/operators/settings.js';
import { RATE_PER_SECOND_MAX, ASSERTION_LIFETIME_S_MIN, ASSERTION_LIFETIME_S_MAX, RETENTION_HOURS_MIN, RETENTION_HOURS_MAX, CALLBACK_TIMEOUT_MS_MIN, CALLBACK_TIMEOUT_MS_MAX } from './limits.js';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
export type LogFormat = 'json' | 'pretty';
const LOG_FORMATS: readonly LogFormat[] = ['json', 'pretty'];

export interface Config {
  host: string;
  port: number;
  /** The absolute address partners use: {base_url}, {auth_url} and {pix_url} of the interface. */
  publicUrl: string;
  /** External PostgreSQL; null = the embedded one under dataDir. */
  databaseUrl: string | null;
  dataDir: string;
  /** As root: where PostgreSQL binaries and clusters the postgres user cannot reach in place go (CAAS_SYSTEM_DIR). */
  systemDir: string;
  logLevel: LogLevel;
  /** LOG_FORMAT: json (default, one JSON object a line) or pretty (human-readable, pino-pretty). */
  logFormat: LogFormat;
  /** Extra accepted names of the scope that releases everything (comma-separated in env). */
  fullScopeAliases: string[];
  /** Longest client assertion accepted: exp − iat, in seconds (CAAS_ASSERTION_LIFETIME_MAX_S). */
  assertionLifetimeMax_s: number;
  /** Allow callback URLs that resolve to private ranges (CAAS_CALLBACKS_ALLOW_PRIVATE). */
  callbacksAllowPrivate: boolean;
  callbacksAllowLoopback: boolean;
  /** One callback delivery attempt, connect to answer (CAAS_CALLBACKS_TIMEOUT_MS, default 10 s). */
  callbacksTimeoutMs: number;
  /** Sandbox mode (CAAS_SANDBOX): the service clock can be set and advanced (docs/sandbox.md). */
  sandbox: boolean;
  /** Background workers (callbacks, offline registration, cancellations, purges) in this process. */
  workersEnabled: boolean;
  /** How long idempotency records are kept (at least 24 h). */
  idempotencyRetentionMs: number;
  /** Per-partner request rate of one instance (token bucket; burst = 2× the rate). */
  rateLimitPerSecond: number;
  /**
   * CAAS_TRUST_PROXY: which proxies' X-Forwarded-For/-Host/-Proto to believe (Fastify's trustProxy):
   * false (default: none), true (any), a hop count, or a comma-separated list of addresses/CIDRs.
   */
  trustProxy: boolean | number | string[];
  /** Boleto issuer, beneficiary, Pix receiver and late-charge rates (docs/receivables.md). */
  receivables: ReceivablesSettings;
  /** Bureau provider (BUREAU_PROVIDER), answer reuse window and SCR windows (docs/bureau.md). */
  bureau: BureauSettings;
  /** Boleto registration (sandbox or CNAB), the CNAB inbox, the Pix provider (docs/settlement.md). */
  settlement: SettlementSettings;
  /** Operator IOF caps (CAAS_IOF_CAP_PF_PERCENT / CAAS_IOF_CAP_PJ_PERCENT; docs/pricing.md). */
  proposals: ProposalsSettings;
  /** Console operators: TOTP for admins (CAAS_CONSOLE_TOTP_ADMINS), four-eyes (CAAS_FOUR_EYES); docs/console.md. */
  operators: OperatorsSettings;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function parsePort(raw: string | undefined, fallback: number, name: string, problems: string[]): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 65_535) {
    problems.push(`${name} must be an integer from 0 to 65535, got "${raw}"`);
    return fallback;
  }
  return n;
}

function parseBool(raw: string | undefined, fallback: boolean, name: string, problems: string[]): boolean {
  if (raw === undefined || raw === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  problems.push(`${name} must be true or false, got "${raw}"`);
  return fallback;
}

function parseTrustProxy(raw: string | undefined, problems: string[]): boolean | number | string[] {
  if (raw === undefined || raw.trim() === '') return false;
  if (/^(true|false)$/i.test(raw.trim())) return raw.trim().toLowerCase() === 'true';
  if (/^\d{1,2}$/.test(raw.trim())) return Number(raw.trim());
  const entries = raw.split(',').map((s) => s.trim()).filter((s) => s !== '');
  const bad = entries.filter((e) => !isAddressOrCidr(e));
  if (bad.length > 0) problems.push(`CAAS_TRUST_PROXY must be true, false, a hop count or addresses/CIDRs separated by commas, got "${bad.join(', ')}"`);
  return bad.length > 0 ? false : entries;
}

function isAddressOrCidr(entry: string): boolean {
  const [address = '', bits, extra] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

function parseUrl(raw: string, name: string, protocols: string[], problems: string[]): string | null {
  try {
    const url = new URL(raw);
    if (!protocols.includes(url.protocol)) {
      problems.push(`${name} must use ${protocols.join(' or ')}, got "${url.protocol}"`);
      return null;
    }
    return raw;
  } catch {
    problems.push(`${name} is not a valid URL: "${raw.replace(/\/\/[^@/]*@/, '//***@')}"`);
    return null;
  }
}





const CALLBACK_TIMEOUT_MS_DEFAULT = 10_000;

function parseCallbackTimeout(raw: string | undefined, problems: string[]): number {
  if (raw === undefined || raw === '') return CALLBACK_TIMEOUT_MS_DEFAULT;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < CALLBACK_TIMEOUT_MS_MIN || n > CALLBACK_TIMEOUT_MS_MAX) {
    problems.push(`CAAS_CALLBACKS_TIMEOUT_MS must be an integer from ${CALLBACK_TIMEOUT_MS_MIN} to ${CALLBACK_TIMEOUT_MS_MAX}, got "${raw}"`);
    return CALLBACK_TIMEOUT_MS_DEFAULT;
  }
  return n;
}


function parseLogFormat(raw: string | undefined, problems: string[]): LogFormat {
  const format = (raw === undefined || raw === '' ? 'json' : raw.toLowerCase()) as LogFormat;
  if (LOG_FORMATS.includes(format)) return format;
  problems.push(`LOG_FORMAT must be one of ${LOG_FORMATS.join(', ')}, got "${raw}"`);
  return 'json';
}

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const problems: string[] = [];
  const host = env.HOST && env.HOST !== '' ? env.HOST : '127.0.0.1';
  const port = parsePort(env.PORT, 8080, 'PORT', problems);
  const rawPublic = env.PUBLIC_URL && env.PUBLIC_URL !== '' ? env.PUBLIC_URL : `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const publicUrl = parseUrl(rawPublic, 'PUBLIC_URL', ['http:', 'https:'], problems)?.replace(/\/+$/, '') ?? rawPublic;
  const databaseUrl = env.DATABASE_URL && env.DATABASE_URL !== '' ? parseUrl(env.DATABASE_URL, 'DATABASE_URL', ['postgres:', 'postgresql:'], problems) : null;
  const dataDir = path.resolve(cwd, env.CAAS_DATA_DIR && env.CAAS_DATA_DIR !== '' ? env.CAAS_DATA_DIR : '.caas');
  const systemDir = path.resolve(cwd, env.CAAS_SYSTEM_DIR && env.CAAS_SYSTEM_DIR !== '' ? env.CAAS_SYSTEM_DIR : '/var/lib/caas');
  const rawLevel = (env.LOG_LEVEL ?? 'info').toLowerCase();
  if (!LOG_LEVELS.includes(rawLevel as LogLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`);
  const fullScopeAliases = (env.CAAS_FULL_SCOPE_ALIASES ?? 'bmp.digital.api.full.access')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  for (const alias of fullScopeAliases) {
    if (!/^[\x21\x23-\x5B\x5D-\x7E]+$/.test(alias)) problems.push(`CAAS_FULL_SCOPE_ALIASES has an invalid scope name "${alias}"`);
  }
  const config: Config = {
    host,
    port,
    publicUrl,
    databaseUrl,
    dataDir,
    systemDir,
    logLevel: rawLevel as LogLevel,
    logFormat: parseLogFormat(env.LOG_FORMAT, problems),
    fullScopeAliases,
    assertionLifetimeMax_s: envInteger(env, 'CAAS_ASSERTION_LIFETIME_MAX_S', ASSERTION_LIFETIME_MAX_S_DEFAULT, ASSERTION_LIFETIME_S_MIN, ASSERTION_LIFETIME_S_MAX, problems),
    callbacksAllowPrivate: parseBool(env.CAAS_CALLBACKS_ALLOW_PRIVATE, false, 'CAAS_CALLBACKS_ALLOW_PRIVATE', problems),
    callbacksAllowLoopback: parseBool(env.CAAS_CALLBACKS_ALLOW_LOOPBACK, true, 'CAAS_CALLBACKS_ALLOW_LOOPBACK', problems),
    callbacksTimeoutMs: parseCallbackTimeout(env.CAAS_CALLBACKS_TIMEOUT_MS, problems),
    sandbox: parseBool(env.CAAS_SANDBOX, false, 'CAAS_SANDBOX', problems),
    workersEnabled: parseBool(env.CAAS_WORKERS, true, 'CAAS_WORKERS', problems),
    idempotencyRetentionMs: envInteger(env, 'CAAS_IDEMPOTENCY_RETENTION_HOURS', RETENTION_HOURS_MIN, RETENTION_HOURS_MIN, RETENTION_HOURS_MAX, problems) * 3_600_000,
    rateLimitPerSecond: envInteger(env, 'CAAS_RATE_LIMIT_PER_SECOND', LIMITS.RATE_LIMIT_REQUESTS_PER_SECOND, 1, RATE_PER_SECOND_MAX, problems),
    trustProxy: parseTrustProxy(env.CAAS_TRUST_PROXY, problems),
    receivables: parseReceivablesEnv(env, problems),
    bureau: parseBureauEnv(env, problems),
    settlement: parseSettlementEnv(env, problems, cwd),
    proposals: parseProposalsEnv(env, problems),
    operators: parseOperatorsEnv(env, problems),
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

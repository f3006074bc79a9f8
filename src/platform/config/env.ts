// Configuration from the environment, validated once at start-up with clear messages.
// Nothing else reads process.env: use cases receive the parsed Config. Platform parses its own
// settings here; each module's descriptor declares a parser of its own (`settings`, under its
// name), and the composition root (src/config.ts) hands them to loadConfigOf.
import net from 'node:net';
import { ANSWER_CACHE_MODES, type AnswerCacheMode } from '../answer-cache.js';
import path from 'node:path';
import { envBoolean, envInteger, type Env as ReadonlyEnv } from './env-readers.js';
import { LIMITS } from './limits.js';
import { RATE_PER_SECOND_MAX, RETENTION_HOURS_MIN, RETENTION_HOURS_MAX } from './limits.js';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
export type LogFormat = 'json' | 'pretty';
const LOG_FORMATS: readonly LogFormat[] = ['json', 'pretty'];

/** What platform itself reads from the environment. */
export interface PlatformSettings {
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
  /** CAAS_ANSWER_CACHE: the read model of the reads (platform/answer-cache.ts): on (default), off, or verify (tests). */
  answerCache: AnswerCacheMode;
}

/**
 * Each module's settings, under its name (config.receivables…): a module adds its entry by
 * declaration merging in its settings.ts, and its descriptor's `settings` parses it.
 */
export interface ModuleSettings {}

export interface Config extends PlatformSettings, ModuleSettings {}

/** A module's settings parser: problems are appended (in English, for operators), never thrown. */
export type SettingsParser<T> = (env: ReadonlyEnv, problems: string[], cwd: string) => T;

/** What a descriptor declares: the key of its settings in Config (its name) and their parser. */
export type SettingsSource = { [K in keyof ModuleSettings]: { readonly key: K; readonly parse: SettingsParser<ModuleSettings[K]> } }[keyof ModuleSettings];

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


function parseLogFormat(raw: string | undefined, problems: string[]): LogFormat {
  const format = (raw === undefined || raw === '' ? 'json' : raw.toLowerCase()) as LogFormat;
  if (LOG_FORMATS.includes(format)) return format;
  problems.push(`LOG_FORMAT must be one of ${LOG_FORMATS.join(', ')}, got "${raw}"`);
  return 'json';
}

function parseAnswerCache(raw: string | undefined, problems: string[]): AnswerCacheMode {
  const mode = (raw === undefined || raw === '' ? 'on' : raw.toLowerCase()) as AnswerCacheMode;
  if (ANSWER_CACHE_MODES.includes(mode)) return mode;
  problems.push(`CAAS_ANSWER_CACHE must be one of ${ANSWER_CACHE_MODES.join(', ')}, got "${raw}"`);
  return 'on';
}

/** Platform's settings and every module's (`modules`: the descriptors' parsers), all problems at once. */
export function loadConfigOf(modules: readonly SettingsSource[], env: Env = process.env, cwd: string = process.cwd()): Config {
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
  const platform: PlatformSettings = {
    host,
    port,
    publicUrl,
    databaseUrl,
    dataDir,
    systemDir,
    logLevel: rawLevel as LogLevel,
    logFormat: parseLogFormat(env.LOG_FORMAT, problems),
    sandbox: envBoolean(env, 'CAAS_SANDBOX', false, problems),
    workersEnabled: envBoolean(env, 'CAAS_WORKERS', true, problems),
    idempotencyRetentionMs: envInteger(env, 'CAAS_IDEMPOTENCY_RETENTION_HOURS', RETENTION_HOURS_MIN, RETENTION_HOURS_MIN, RETENTION_HOURS_MAX, problems) * 3_600_000,
    rateLimitPerSecond: envInteger(env, 'CAAS_RATE_LIMIT_PER_SECOND', LIMITS.RATE_LIMIT_REQUESTS_PER_SECOND, 1, RATE_PER_SECOND_MAX, problems),
    trustProxy: parseTrustProxy(env.CAAS_TRUST_PROXY, problems),
    answerCache: parseAnswerCache(env.CAAS_ANSWER_CACHE, problems),
  };
  const settings = Object.fromEntries(modules.map((source) => [source.key, source.parse(env, problems, cwd)]));
  if (problems.length > 0) throw new ConfigError(problems);
  return { ...platform, ...settings } as Config;
}

// Configuration of settlement: how boletos are registered (the sandbox bank of today, or CNAB
// files exchanged with a real bank), the inbox of return files, and the Pix provider (API Pix of
// the Banco Central) when one is configured. Parsed once at start-up; every problem reported.
import fs from 'node:fs';
import path from 'node:path';
import { envInteger, type Env } from '../../platform/config/env-readers.js';
import { CNAB_INBOX_POLL_MS_DEFAULT, CNAB_INBOX_POLL_MS_MAX, CNAB_INBOX_POLL_MS_MIN } from './limits.js';

export interface PixProviderSettings {
  /** Base URL of the API Pix (https), e.g. https://pix.example.com/api/v2. */
  readonly url: string;
  readonly tokenUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** PEM contents (read at start-up) of the client certificate, its key and the provider's CA. */
  readonly cert: string | null;
  readonly key: string | null;
  readonly ca: string | null;
  /** The lender's Pix key (CAAS_PIX_KEY), the `chave` of every charge. */
  readonly pixKey: string;
  /** Part of the webhook URL registered at the provider: {PUBLIC_URL}/webhooks/pix/<secret>/pix. */
  readonly webhookSecret: string;
}

export interface SettlementSettings {
  /** sandbox: this service registers offline boletos itself; cnab: the bank does, through files. */
  readonly boletoRegistration: 'sandbox' | 'cnab';
  readonly cnabInbox: string | null;
  readonly cnabInboxPoll_ms: number;
  readonly pix: PixProviderSettings | null;
}

declare module '../../platform/config/env.js' {
  interface ModuleSettings {
    settlement: SettlementSettings;
  }
}

const PIX_VARS = ['CAAS_PIX_PSP_URL', 'CAAS_PIX_PSP_TOKEN_URL', 'CAAS_PIX_PSP_CLIENT_ID', 'CAAS_PIX_PSP_CLIENT_SECRET', 'CAAS_PIX_WEBHOOK_SECRET'] as const;
const WEBHOOK_SECRET_RE = /^[A-Za-z0-9_-]{32,128}$/;

function text(env: Env, name: string): string | null {
  const v = env[name]?.trim();
  return v === undefined || v === '' ? null : v;
}

function httpsUrl(env: Env, name: string, problems: string[]): string {
  const raw = text(env, name) ?? '';
  try {
    if (new URL(raw).protocol !== 'https:') problems.push(`${name} must be an https URL`);
  } catch {
    problems.push(`${name} is not a valid URL`);
  }
  return raw.replace(/\/+$/, '');
}

function pem(env: Env, name: string, cwd: string, problems: string[]): string | null {
  const file = text(env, name);
  if (file === null) return null;
  try {
    const contents = fs.readFileSync(path.resolve(cwd, file), 'utf8');
    if (!contents.includes('-----BEGIN ')) problems.push(`${name} (${file}) is not a PEM file`);
    return contents;
  } catch (error) {
    problems.push(`${name}: cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    return null;
  }
}

function pixFrom(env: Env, cwd: string, problems: string[]): PixProviderSettings | null {
  const given = PIX_VARS.filter((n) => text(env, n) !== null);
  if (given.length === 0 && text(env, 'CAAS_PIX_PSP_CERT') === null) return null;
  for (const n of PIX_VARS) if (text(env, n) === null) problems.push(`${n} is required when a Pix provider is configured (${given.join(', ') || 'CAAS_PIX_PSP_CERT'} given)`);
  const secret = text(env, 'CAAS_PIX_WEBHOOK_SECRET') ?? '';
  if (secret !== '' && !WEBHOOK_SECRET_RE.test(secret)) problems.push('CAAS_PIX_WEBHOOK_SECRET must be 32 to 128 characters of A-Z a-z 0-9 _ -');
  const cert = pem(env, 'CAAS_PIX_PSP_CERT', cwd, problems);
  const key = pem(env, 'CAAS_PIX_PSP_KEY', cwd, problems);
  if ((text(env, 'CAAS_PIX_PSP_CERT') === null) !== (text(env, 'CAAS_PIX_PSP_KEY') === null)) problems.push('CAAS_PIX_PSP_CERT and CAAS_PIX_PSP_KEY go together (the client certificate of mTLS and its key)');
  if (text(env, 'CAAS_PIX_KEY') === null) problems.push('CAAS_PIX_KEY (the lender\'s Pix key) is required when a Pix provider is configured');
  return {
    url: httpsUrl(env, 'CAAS_PIX_PSP_URL', problems),
    tokenUrl: httpsUrl(env, 'CAAS_PIX_PSP_TOKEN_URL', problems),
    clientId: text(env, 'CAAS_PIX_PSP_CLIENT_ID') ?? '',
    clientSecret: text(env, 'CAAS_PIX_PSP_CLIENT_SECRET') ?? '',
    cert,
    key,
    ca: pem(env, 'CAAS_PIX_PSP_CA', cwd, problems),
    pixKey: text(env, 'CAAS_PIX_KEY') ?? '',
    webhookSecret: secret,
  };
}

export function parseSettlementEnv(env: Env, problems: string[], cwd: string = process.cwd()): SettlementSettings {
  const registration = text(env, 'CAAS_BOLETO_REGISTRATION') ?? 'sandbox';
  if (registration !== 'sandbox' && registration !== 'cnab') problems.push(`CAAS_BOLETO_REGISTRATION must be sandbox or cnab, got "${registration}"`);
  const inbox = text(env, 'CAAS_CNAB_INBOX');
  return {
    boletoRegistration: registration === 'cnab' ? 'cnab' : 'sandbox',
    cnabInbox: inbox === null ? null : path.resolve(cwd, inbox),
    cnabInboxPoll_ms: envInteger(env, 'CAAS_CNAB_INBOX_POLL_MS', CNAB_INBOX_POLL_MS_DEFAULT, CNAB_INBOX_POLL_MS_MIN, CNAB_INBOX_POLL_MS_MAX, problems),
    pix: pixFrom(env, cwd, problems),
  };
}

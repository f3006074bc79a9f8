// Configuration of receivables: the boleto issuer (bank, convênio, carteira, agência/conta), the
// beneficiary printed on the slip, the Pix receiver of the hybrid boleto, and the late-charge
// rates. Parsed from the environment once (the module descriptor declares parseReceivablesEnv; src/config.ts collects it) with
// sandbox defaults, and every problem reported at start-up.
import { classifyDocument } from '../../platform/documents.js';
import { issuerConfigProblems, type BoletoIssuerConfig } from './collections/boleto/free-field.js';
import { chargesConfig, DEFAULT_CHARGES_CONFIG, type ChargesConfig, type RoundingMode } from './schedule/charges-math/index.js';
import { PIX_KEY_LENGTH_MAX } from '../banking/index.js';
import { BENEFICIARY_NAME_LENGTH_MAX, MERCHANT_CITY_LENGTH_MAX, MERCHANT_NAME_LENGTH_MAX } from './limits.js';

export interface ReceivablesSettings {
  issuer: BoletoIssuerConfig;
  /** Printed in the slip header next to the bank code. */
  bankName: string;
  beneficiary: { name: string; document: string };
  pix: { key: string; merchantName: string; merchantCity: string };
  charges: ChargesConfig;
}

declare module '../../platform/config/env.js' {
  interface ModuleSettings {
    receivables: ReceivablesSettings;
  }
}

const BANK_NAMES: Readonly<Record<string, string>> = { '001': 'Banco do Brasil S.A.', '237': 'Banco Bradesco S.A.', '341': 'Itaú Unibanco S.A.' };

/** Sandbox defaults: Banco do Brasil, convênio of 7 digits, carteira 17; a valid sample CNPJ. */
export const SANDBOX_ENV: Readonly<Record<string, string>> = Object.freeze({
  CAAS_BOLETO_BANK_CODE: '001',
  CAAS_BOLETO_AGREEMENT: '1234567',
  CAAS_BOLETO_WALLET: '17',
  CAAS_BOLETO_BRANCH: '1606',
  CAAS_BOLETO_ACCOUNT: '6809350',
  CAAS_BENEFICIARY_NAME: 'CaaS Sandbox Sociedade de Crédito Direto S.A.',
  CAAS_BENEFICIARY_DOCUMENT: '11222333000181',
  CAAS_PIX_KEY: '11222333000181',
  CAAS_PIX_MERCHANT_NAME: 'CAAS SANDBOX SCD',
  CAAS_PIX_MERCHANT_CITY: 'SAO PAULO',
});

type Env = Record<string, string | undefined>;

function read(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value === '' ? SANDBOX_ENV[name] : value.trim();
}

function optionalDigit(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value === '' ? undefined : value.trim();
}

function issuerFrom(env: Env, problems: string[]): BoletoIssuerConfig {
  const raw = {
    bankCode: read(env, 'CAAS_BOLETO_BANK_CODE'),
    agreement: read(env, 'CAAS_BOLETO_AGREEMENT'),
    wallet: read(env, 'CAAS_BOLETO_WALLET'),
    branch: read(env, 'CAAS_BOLETO_BRANCH'),
    branchDigit: optionalDigit(env, 'CAAS_BOLETO_BRANCH_DIGIT'),
    account: read(env, 'CAAS_BOLETO_ACCOUNT'),
    accountDigit: optionalDigit(env, 'CAAS_BOLETO_ACCOUNT_DIGIT'),
  };
  for (const p of issuerConfigProblems(raw, 'CAAS_BOLETO')) problems.push(`${p.field}: ${p.description}`);
  return raw as BoletoIssuerConfig;
}

function textSetting(env: Env, name: string, lengthMax: number, problems: string[]): string {
  const value = read(env, name) ?? '';
  if (value.length === 0 || value.length > lengthMax) problems.push(`${name} must have 1 to ${lengthMax} characters`);
  return value;
}

function chargesFrom(env: Env, problems: string[]): ChargesConfig {
  const rounding = (env.CAAS_CHARGES_ROUNDING || DEFAULT_CHARGES_CONFIG.roundingMode) as RoundingMode;
  const lateDays = env.CAAS_CONTRACT_INTEREST_LATE_DAYS;
  try {
    return chargesConfig({
      fineRate: env.CAAS_LATE_FINE_RATE || DEFAULT_CHARGES_CONFIG.fineRate,
      lateInterestMonthlyRate: env.CAAS_LATE_INTEREST_MONTHLY_RATE || DEFAULT_CHARGES_CONFIG.lateInterestMonthlyRate,
      contractInterestForLateDays: lateDays === undefined || lateDays === '' ? DEFAULT_CHARGES_CONFIG.contractInterestForLateDays : /^(1|true|yes|on)$/i.test(lateDays),
      roundingMode: rounding,
    });
  } catch (error) {
    problems.push(`late charges (CAAS_LATE_FINE_RATE ≤ 0.02, CAAS_LATE_INTEREST_MONTHLY_RATE ≤ 0.01, CAAS_CHARGES_ROUNDING half_up|truncate): ${(error as Error).message}`);
    return DEFAULT_CHARGES_CONFIG;
  }
}

/** Every receivables setting from the environment; problems are appended (in English, for operators). */
export function parseReceivablesEnv(env: Env, problems: string[]): ReceivablesSettings {
  const issuer = issuerFrom(env, problems);
  const document = read(env, 'CAAS_BENEFICIARY_DOCUMENT') ?? '';
  if (classifyDocument(document) === null) problems.push('CAAS_BENEFICIARY_DOCUMENT must be a valid CPF or CNPJ');
  return {
    issuer,
    bankName: BANK_NAMES[issuer.bankCode] ?? issuer.bankCode,
    beneficiary: { name: textSetting(env, 'CAAS_BENEFICIARY_NAME', BENEFICIARY_NAME_LENGTH_MAX, problems), document },
    pix: {
      key: textSetting(env, 'CAAS_PIX_KEY', PIX_KEY_LENGTH_MAX, problems),
      merchantName: textSetting(env, 'CAAS_PIX_MERCHANT_NAME', MERCHANT_NAME_LENGTH_MAX, problems),
      merchantCity: textSetting(env, 'CAAS_PIX_MERCHANT_CITY', MERCHANT_CITY_LENGTH_MAX, problems),
    },
    charges: chargesFrom(env, problems),
  };
}

/** The sandbox settings (what an empty environment gives). */
export function sandboxSettings(): ReceivablesSettings {
  const problems: string[] = [];
  const settings = parseReceivablesEnv({}, problems);
  if (problems.length > 0) throw new Error(`assertion: sandbox receivables defaults are invalid: ${problems.join('; ')}`);
  return settings;
}

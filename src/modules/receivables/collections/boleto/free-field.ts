// The 25-digit free field ("campo livre") of the barcode and the nosso número, per issuing bank.
// The bank, agreement and wallet come from configuration; the sequence number comes from a
// database sequence, so every nosso número is unique for that configuration.
//
// Banco do Brasil (001), convênio of 7 positions:
//   000000 (6) + nosso número (17 = convênio 7 + sequence 10) + carteira (2)
// Bradesco (237):
//   agência (4) + carteira (2) + nosso número (11) + conta (7) + 0 (1)
// Itaú (341), every carteira but the 15-digit ones (106, 107, 122, 142, 143, 195, 196, 198):
//   carteira (3) + nosso número (8) + DAC (1) + agência (4) + conta (5) + DAC agência/conta (1) + 000
//   where DAC = modulo 10 of agência + conta + carteira + nosso número (check-digits.ts).
import { bradescoNossoNumeroDigit, itauAccountDigit, itauNossoNumeroDigit } from './check-digits.js';
import { FREE_FIELD_LENGTH } from './barcode.js';

export const SUPPORTED_BANK_CODES = ['001', '237', '341'] as const;
export type SupportedBankCode = (typeof SUPPORTED_BANK_CODES)[number];

/** Issuer configuration. Field names in English; the bank manuals' words are in the comments. */
export interface BoletoIssuerConfig {
  bankCode: SupportedBankCode;
  /** Convênio: 7 digits for Banco do Brasil; unused by Bradesco. */
  agreement?: string;
  /** Carteira: 2 digits (Itaú: 3). */
  wallet: string;
  /** Agência without its check digit. */
  branch: string;
  branchDigit?: string;
  /** Conta corrente (código do beneficiário) without its check digit. */
  account: string;
  accountDigit?: string;
}

export interface FreeFieldResult {
  freeField: string;
  /** As printed on the slip (Banco do Brasil: 17 digits; Bradesco: "09/00000000001-P"; Itaú: "109/00000001-9"). */
  nossoNumero: string;
}

export interface ConfigProblem {
  field: string;
  description: string;
}

interface FieldRule {
  field: keyof BoletoIssuerConfig;
  /** Exact length when min === max; otherwise left-padded with zeros up to max. */
  minLength: number;
  maxLength: number;
}

interface BankLayout {
  sequenceDigits: number;
  rules: FieldRule[];
  /** Problems beyond the field lengths (Itaú: the carteiras of another layout, the account DAC). */
  extraProblems?(config: Record<string, unknown>, prefix: string): ConfigProblem[];
  build(config: BoletoIssuerConfig, sequence: string): FreeFieldResult;
}

const pad = (value: string | undefined, length: number): string => (value ?? '').padStart(length, '0');

const LAYOUTS: Record<SupportedBankCode, BankLayout> = {
  '001': {
    sequenceDigits: 10,
    rules: [
      { field: 'agreement', minLength: 7, maxLength: 7 },
      { field: 'wallet', minLength: 1, maxLength: 2 },
      { field: 'branch', minLength: 1, maxLength: 4 },
      { field: 'account', minLength: 1, maxLength: 8 },
    ],
    build(config, sequence) {
      const nossoNumero = `${config.agreement}${sequence}`;
      return { freeField: `000000${nossoNumero}${pad(config.wallet, 2)}`, nossoNumero };
    },
  },
  '237': {
    sequenceDigits: 11,
    rules: [
      { field: 'wallet', minLength: 1, maxLength: 2 },
      { field: 'branch', minLength: 1, maxLength: 4 },
      { field: 'account', minLength: 1, maxLength: 7 },
    ],
    build(config, sequence) {
      const wallet = pad(config.wallet, 2);
      const freeField = `${pad(config.branch, 4)}${wallet}${sequence}${pad(config.account, 7)}0`;
      return { freeField, nossoNumero: `${wallet}/${sequence}-${bradescoNossoNumeroDigit(wallet + sequence)}` };
    },
  },
  '341': {
    sequenceDigits: 8,
    rules: [
      { field: 'wallet', minLength: 3, maxLength: 3 },
      { field: 'branch', minLength: 1, maxLength: 4 },
      { field: 'account', minLength: 1, maxLength: 5 },
    ],
    extraProblems: itauProblems,
    build(config, sequence) {
      const branch = pad(config.branch, 4);
      const account = pad(config.account, 5);
      const dac = itauNossoNumeroDigit(branch, account, config.wallet, sequence);
      const freeField = `${config.wallet}${sequence}${dac}${branch}${account}${itauAccountDigit(branch, account)}000`;
      return { freeField, nossoNumero: `${config.wallet}/${sequence}-${dac}` };
    },
  },
};

/** Itaú carteiras whose free field carries "seu número" and a client code instead (not supported). */
const ITAU_FIFTEEN_DIGIT_WALLETS: readonly string[] = ['106', '107', '122', '142', '143', '195', '196', '198'];

function itauProblems(config: Record<string, unknown>, prefix: string): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const { wallet, branch, account, accountDigit } = config as Partial<Record<string, string>>;
  if (wallet !== undefined && ITAU_FIFTEEN_DIGIT_WALLETS.includes(wallet)) {
    problems.push({ field: `${prefix}.wallet`, description: `Carteira Itaú ${wallet} usa o leiaute de 15 posições (seu número e código do cliente), não suportado; use uma carteira de nosso número de 8 posições (por exemplo 109).` });
  }
  if (typeof branch === 'string' && typeof account === 'string' && DIGITS_RE.test(branch + account) && accountDigit !== undefined && CHECK_DIGIT_RE.test(accountDigit)) {
    const expected = String(itauAccountDigit(pad(branch, 4), pad(account, 5)));
    if (accountDigit !== expected) problems.push({ field: `${prefix}.accountDigit`, description: `O DAC de agência/conta Itaú (módulo 10 de agência e conta) é ${expected}, não ${accountDigit}.` });
  }
  return problems;
}

const DIGITS_RE = /^\d+$/;
const CHECK_DIGIT_RE = /^[0-9X]$/;

/** Every problem of a raw issuer configuration (for example parsed from the environment), in Portuguese. */
export function issuerConfigProblems(raw: unknown, prefix = 'boleto'): ConfigProblem[] {
  if (typeof raw !== 'object' || raw === null) return [{ field: prefix, description: 'A configuração do emissor de boletos deve ser um objeto.' }];
  const config = raw as Record<string, unknown>;
  const bankCode = config['bankCode'];
  if (typeof bankCode !== 'string' || !(SUPPORTED_BANK_CODES as readonly string[]).includes(bankCode)) {
    return [{ field: `${prefix}.bankCode`, description: `Banco emissor não suportado; use um de: ${SUPPORTED_BANK_CODES.join(', ')}.` }];
  }
  const problems: ConfigProblem[] = [];
  const layout = LAYOUTS[bankCode as SupportedBankCode];
  for (const rule of layout.rules) {
    const value = config[rule.field];
    const ok = typeof value === 'string' && DIGITS_RE.test(value) && value.length >= rule.minLength && value.length <= rule.maxLength;
    if (!ok) problems.push({ field: `${prefix}.${rule.field}`, description: lengthDescription(rule) });
  }
  for (const field of ['branchDigit', 'accountDigit'] as const) {
    const value = config[field];
    if (value !== undefined && (typeof value !== 'string' || !CHECK_DIGIT_RE.test(value))) {
      problems.push({ field: `${prefix}.${field}`, description: 'O dígito verificador deve ser um algarismo ou X.' });
    }
  }
  if (problems.length === 0 && layout.extraProblems !== undefined) problems.push(...layout.extraProblems(config, prefix));
  return problems;
}

/** The largest sequence number the bank's nosso número can hold (configure the DB sequence with it). */
export function maxSequenceFor(bankCode: SupportedBankCode): bigint {
  return 10n ** BigInt(LAYOUTS[bankCode].sequenceDigits) - 1n;
}

/** Free field and nosso número for one boleto. `config` must have passed issuerConfigProblems. */
export function buildFreeField(config: BoletoIssuerConfig, sequence: bigint): FreeFieldResult {
  const layout = LAYOUTS[config.bankCode];
  if (issuerConfigProblems(config).length > 0) throw new Error('assertion: boleto issuer configuration was not validated at start-up');
  if (sequence < 1n || sequence > maxSequenceFor(config.bankCode)) {
    throw new Error(`assertion: nosso número sequence ${sequence} outside 1..${maxSequenceFor(config.bankCode)}`);
  }
  const result = layout.build(config, sequence.toString().padStart(layout.sequenceDigits, '0'));
  if (result.freeField.length !== FREE_FIELD_LENGTH) throw new Error(`assertion: free field of ${result.freeField.length} digits`);
  return result;
}

/** "Agência / Código do beneficiário" as printed on the slip, e.g. "1606-0 / 06809350-0". */
export function printedBeneficiaryCode(config: BoletoIssuerConfig): string {
  const withDigit = (value: string, digit: string | undefined) => (digit === undefined ? value : `${value}-${digit}`);
  // Itaú prints agência/conta-DAC, the DAC being the one of the free field.
  const accountDigit = config.bankCode === '341' ? String(itauAccountDigit(pad(config.branch, 4), pad(config.account, 5))) : config.accountDigit;
  return `${withDigit(config.branch, config.branchDigit)} / ${withDigit(config.account, accountDigit)}`;
}

function lengthDescription(rule: FieldRule): string {
  return rule.minLength === rule.maxLength
    ? `Deve ter exatamente ${rule.maxLength} algarismos.`
    : `Deve ter de ${rule.minLength} a ${rule.maxLength} algarismos.`;
}

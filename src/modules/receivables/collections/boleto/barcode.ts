// The FEBRABAN bank-collection barcode (44 digits) and its linha digitável (47 digits).
//
// Barcode:  bank(3) currency(1) DV(1) factor(4) amount(10) free field(25)
// Linha:    field 1 = bank, currency, free[0..5)  + mod-10 DV   (10 digits)
//           field 2 = free[5..15)                 + mod-10 DV   (11 digits)
//           field 3 = free[15..25)                + mod-10 DV   (11 digits)
//           field 4 = the barcode's general DV                  (1 digit)
//           field 5 = factor + amount                           (14 digits)
import { type Decimal, fromCents, toCents } from '../../../../platform/money.js';
import type { LocalDate } from '../../../../platform/dates.js';
import { validationError } from '../../../../platform/errors.js';
import { barcodeCheckDigit, modulo10 } from './check-digits.js';
import { dueDateFactor } from './due-date-factor.js';
import { AMOUNT_CENTS_MAX } from '../../limits.js';

export const BARCODE_LENGTH = 44;
export const LINHA_DIGITAVEL_LENGTH = 47;
export const FREE_FIELD_LENGTH = 25;
export const BANK_CODE_LENGTH = 3;
/** Currency code 9 = Real; the only currency this service issues or accepts. */
export const CURRENCY_REAL = '9';
export const BOLETO_AMOUNT_ERROR_CODE = 'BOLETO_VALOR_INVALIDO';

const SEPARATORS_RE = /[\s.\-]/g;
const DIGITS_RE = /^\d+$/;

export interface BarcodeInput {
  bankCode: string;
  dueDate: LocalDate;
  /** Already rounded to centavos (a programmer error otherwise). */
  amount: Decimal;
  freeField: string;
}

export interface DecodedBarcode {
  bankCode: string;
  currencyCode: string;
  checkDigit: number;
  factor: number;
  amountCents: bigint;
  amount: Decimal;
  freeField: string;
}

export type CodeCheck = { ok: true; barcode: string } | { ok: false; problem: string };

/** Why an amount cannot go on a boleto (Portuguese, user-facing), or null when it can. */
export function boletoAmountProblem(amount: Decimal): string | null {
  if (amount.lte(0)) return 'O valor do boleto deve ser maior que zero.';
  if (toCents(amount) > AMOUNT_CENTS_MAX) return 'O valor do boleto excede o máximo de R$ 99.999.999,99 que cabe no código de barras.';
  return null;
}

export function buildBarcode(input: BarcodeInput): string {
  assertDigitsOfLength(input.bankCode, BANK_CODE_LENGTH, 'bank code');
  assertDigitsOfLength(input.freeField, FREE_FIELD_LENGTH, 'free field');
  const problem = boletoAmountProblem(input.amount);
  if (problem !== null) throw validationError(BOLETO_AMOUNT_ERROR_CODE, problem, 'vlrBoleto');
  const factor = String(dueDateFactor(input.dueDate)).padStart(4, '0');
  const amount = toCents(input.amount).toString().padStart(10, '0');
  const withoutDv = `${input.bankCode}${CURRENCY_REAL}${factor}${amount}${input.freeField}`;
  const dv = barcodeCheckDigit(withoutDv);
  return `${withoutDv.slice(0, 4)}${dv}${withoutDv.slice(4)}`;
}

/** Splits a barcode already known to be valid (see checkBarcode) into its fields. */
export function decodeBarcode(barcode: string): DecodedBarcode {
  assertValid(checkBarcode(barcode), barcode);
  const amountCents = BigInt(barcode.slice(9, 19));
  return {
    bankCode: barcode.slice(0, 3),
    currencyCode: barcode.slice(3, 4),
    checkDigit: Number(barcode[4]),
    factor: Number(barcode.slice(5, 9)),
    amountCents,
    amount: fromCents(amountCents),
    freeField: barcode.slice(19),
  };
}

/** The 47-digit linha digitável of a valid barcode, digits only. */
export function barcodeToLinhaDigitavel(barcode: string): string {
  assertValid(checkBarcode(barcode), barcode);
  const free = barcode.slice(19);
  const field1 = `${barcode.slice(0, 4)}${free.slice(0, 5)}`;
  const field2 = free.slice(5, 15);
  const field3 = free.slice(15, 25);
  return `${withMod10(field1)}${withMod10(field2)}${withMod10(field3)}${barcode[4]}${barcode.slice(5, 19)}`;
}

/** The printed form: `00190.00009 01234.567004 ... 1 16950000332700`. */
export function formatLinhaDigitavel(linha: string): string {
  assertDigitsOfLength(linha, LINHA_DIGITAVEL_LENGTH, 'linha digitável');
  const f1 = linha.slice(0, 10);
  const f2 = linha.slice(10, 21);
  const f3 = linha.slice(21, 32);
  const split = (f: string) => `${f.slice(0, 5)}.${f.slice(5)}`;
  return `${split(f1)} ${split(f2)} ${split(f3)} ${linha.slice(32, 33)} ${linha.slice(33)}`;
}

/** Validates a barcode typed or read by someone else (separators allowed). */
export function checkBarcode(text: string): CodeCheck {
  const digits = normalise(text, BARCODE_LENGTH, 'O código de barras');
  if (typeof digits !== 'string') return digits;
  if (digits[3] !== CURRENCY_REAL) return { ok: false, problem: 'O código de moeda do código de barras deve ser 9 (Real).' };
  const expected = barcodeCheckDigit(digits.slice(0, 4) + digits.slice(5));
  if (Number(digits[4]) !== expected) return { ok: false, problem: 'O dígito verificador geral do código de barras não confere.' };
  return { ok: true, barcode: digits };
}

/** The barcode behind a linha digitável, after checking its three field DVs and the general DV. */
export function linhaDigitavelToBarcode(text: string): CodeCheck {
  const linha = normalise(text, LINHA_DIGITAVEL_LENGTH, 'A linha digitável');
  if (typeof linha !== 'string') return linha;
  const fields: Array<[string, number]> = [[linha.slice(0, 9), 9], [linha.slice(10, 20), 20], [linha.slice(21, 31), 31]];
  for (const [index, [body, dvAt]] of fields.entries()) {
    if (modulo10(body) !== Number(linha[dvAt])) {
      return { ok: false, problem: `O dígito verificador do campo ${index + 1} da linha digitável não confere.` };
    }
  }
  const free = `${linha.slice(4, 9)}${linha.slice(10, 20)}${linha.slice(21, 31)}`;
  const barcode = `${linha.slice(0, 4)}${linha[32]}${linha.slice(33)}${free}`;
  return checkBarcode(barcode);
}

function normalise(text: string, length: number, subject: string): string | { ok: false; problem: string } {
  const compact = text.replace(SEPARATORS_RE, '');
  if (compact !== '' && !DIGITS_RE.test(compact)) return { ok: false, problem: `${subject} deve conter apenas dígitos.` };
  if (compact.length !== length) return { ok: false, problem: `${subject} deve ter ${length} dígitos (tem ${compact.length}).` };
  return compact;
}

function withMod10(field: string): string {
  return `${field}${modulo10(field)}`;
}

function assertDigitsOfLength(text: string, length: number, what: string): void {
  if (text.length !== length || !DIGITS_RE.test(text)) throw new Error(`assertion: ${what} must be ${length} digits, got "${text}"`);
}

function assertValid(check: CodeCheck, barcode: string): void {
  if (!check.ok) throw new Error(`assertion: invalid barcode "${barcode}": ${check.problem}`);
}

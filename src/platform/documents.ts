// Brazilian tax documents: CPF (a person, 11 digits) and CNPJ (a company, 14 characters).
// Since July 2026 new CNPJs are alphanumeric: the first 12 positions are [0-9A-Z], the last 2 are
// numeric check digits computed with the same modulo-11 weights, each character worth its ASCII
// code minus 48 (so '0'..'9' keep their value and 'A' is 17). Old numeric CNPJs stay valid.
// Validity is checked by @brazilian-utils (version 2 = numeric and alphanumeric CNPJ); the check
// digit computation below is our own, used to build documents (sandbox data, generators) and as
// an independent oracle in the tests.
import { isValidCnpj as libIsValidCnpj, isValidCpf as libIsValidCpf } from '@brazilian-utils/brazilian-utils';
import type { Problems } from './errors.js';
import { type FieldRef, invalid, missing, textOf } from './fields.js';

export type DocumentKind = 'CPF' | 'CNPJ';

/** A valid document. `digits` holds the bare characters: upper-case letters included for an alphanumeric CNPJ. */
export interface DocumentId {
  kind: DocumentKind;
  digits: string;
}

export const CPF_LENGTH = 11;
export const CNPJ_LENGTH = 14;

const CPF_BARE_RE = /^\d{11}$/;
const CNPJ_BARE_RE = /^[0-9A-Z]{12}\d{2}$/;
/** The mask characters of the usual written forms (123.456.789-09, 12.ABC.345/01DE-35) and spaces. */
const MASK_RE = /[.\-/\s]/g;
const CPF_BASE_RE = /^\d{9}$/;
const CNPJ_BASE_RE = /^[0-9A-Z]{12}$/;
const CPF_WEIGHT_FIRST = 10; // weights 10..2 over 9 digits, then 11..2 over 10
const CNPJ_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]; // the first digit uses the last 12
const CHAR_VALUE_OFFSET = 48; // ASCII '0'

export function isValidCpf(bare: string): boolean {
  return CPF_BARE_RE.test(bare) && libIsValidCpf(bare);
}

/** Numeric or alphanumeric CNPJ, bare and upper-case. */
export function isValidCnpj(bare: string): boolean {
  return CNPJ_BARE_RE.test(bare) && libIsValidCnpj(bare, { version: 2 });
}

/**
 * Strict form: the bare characters only, no mask and no spaces (what a Pix key must be).
 * Letters of an alphanumeric CNPJ are accepted in either case and returned upper-case.
 */
export function classifyDocumentStrict(text: string): DocumentId | null {
  if (isValidCpf(text)) return { kind: 'CPF', digits: text };
  const upper = text.toUpperCase();
  if (isValidCnpj(upper)) return { kind: 'CNPJ', digits: upper };
  return null;
}

/**
 * Lenient form: also accepts the written masks ('123.456.789-09', '12.ABC.345/01DE-35') and
 * spaces, and normalizes to the bare form. Used for customer, payee and holder documents.
 */
export function classifyDocument(text: string): DocumentId | null {
  return classifyDocumentStrict(text.replace(MASK_RE, ''));
}

function mod11Digit(values: readonly number[], weights: readonly number[]): number {
  let sum = 0;
  values.forEach((value, i) => {
    sum += value * (weights[i] ?? 0);
  });
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

function descendingWeights(first: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => first - i);
}

/** The two check digits of a CPF base of 9 digits. */
export function cpfCheckDigits(base: string): string {
  if (!CPF_BASE_RE.test(base)) throw new Error(`assertion: CPF base must be 9 digits, got ${base}`);
  const values = [...base].map(Number);
  const first = mod11Digit(values, descendingWeights(CPF_WEIGHT_FIRST, 9));
  const second = mod11Digit([...values, first], descendingWeights(CPF_WEIGHT_FIRST + 1, 10));
  return `${first}${second}`;
}

/** The two check digits of a CNPJ base of 12 characters [0-9A-Z] (numeric or alphanumeric). */
export function cnpjCheckDigits(base: string): string {
  if (!CNPJ_BASE_RE.test(base)) throw new Error(`assertion: CNPJ base must be 12 chars [0-9A-Z], got ${base}`);
  const values = [...base].map((c) => c.charCodeAt(0) - CHAR_VALUE_OFFSET);
  const first = mod11Digit(values, CNPJ_WEIGHTS.slice(1));
  const second = mod11Digit([...values, first], CNPJ_WEIGHTS);
  return `${first}${second}`;
}

/**
 * A required CPF-or-CNPJ request field, lenient form. Reports one problem (missing or invalid)
 * under `at` and returns null, or returns the normalized document.
 */
export function documentField(problems: Problems, value: string | null | undefined, at: FieldRef, label: string): DocumentId | null {
  const text = textOf(value);
  if (text === null) return missing(problems, label, at);
  return classifyDocument(text) ?? invalid(problems, label, 'informe um CPF (11 dígitos) ou CNPJ (14 caracteres) válido', at);
}

// Pix keys (DICT key types), validated for the `tipoChave` the partner declared, the way the
// production service does (compatibility-notes, "Payee registration"): CPF/CNPJ bare and valid,
// phone in E.164 or as the national number, e-mail with a domain suffix, EVP a UUID with dashes,
// at most 77 characters. The key is returned in its canonical DICT form.
import { getAreaCodeInfo, isValidEmail } from '@brazilian-utils/brazilian-utils';
import { classifyDocumentStrict } from '../../platform/documents.js';
import { PIX_KEY_LENGTH_MAX } from './limits.js';

/** `tipoChave` codes of the interface. */
export const PixKeyType = { cpf: 0, cnpj: 1, phone: 2, email: 3, evp: 4 } as const;
export type PixKeyTypeCode = (typeof PixKeyType)[keyof typeof PixKeyType];

export const PIX_KEY_TYPE_NAMES: Readonly<Record<PixKeyTypeCode, string>> = {
  0: 'CPF',
  1: 'CNPJ',
  2: 'Telefone',
  3: 'Email',
  4: 'EVP',
};

export type PixKeyResult = { ok: true; key: string } | { ok: false; message: string };

const E164_RE = /^\+[1-9]\d{1,14}$/;
const BRAZIL_PREFIX = '+55';
/** DDD (2 digits) + subscriber number (8 digits landline, 9 digits mobile). */
const NATIONAL_RE = /^\d{10,11}$/;
/** A 9-digit subscriber number is a mobile and starts with 9 (Anatel numbering plan). */
const MOBILE_RE = /^9\d{8}$/;
/** An 8-digit subscriber number is a landline and starts with 2 to 5. An 8-digit number starting
 * with 9 is a mobile with its leading 9 missing: refused ("a phone with a missing digit"). */
const LANDLINE_RE = /^[2-5]\d{7}$/;
const EVP_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const UUID_WITHOUT_DASHES_RE = /^[0-9a-f]{32}$/;

const ok = (key: string): PixKeyResult => ({ ok: true, key });
const fail = (message: string): PixKeyResult => ({ ok: false, message });

export function isPixKeyType(value: number): value is PixKeyTypeCode {
  return Object.hasOwn(PIX_KEY_TYPE_NAMES, value);
}

/** Validates `chave` as a key of type `tipoChave`; returns the canonical key or a Portuguese message. */
export function validatePixKey(tipoChave: PixKeyTypeCode, chave: string): PixKeyResult {
  const text = chave.trim();
  if (text === '') return fail('A chave Pix deve ser informada.');
  if (text.length > PIX_KEY_LENGTH_MAX) return fail(`A chave Pix deve ter no máximo ${PIX_KEY_LENGTH_MAX} caracteres.`);
  switch (tipoChave) {
    case PixKeyType.cpf:
    case PixKeyType.cnpj:
      return documentKey(tipoChave, text);
    case PixKeyType.phone:
      return phoneKey(text);
    case PixKeyType.email:
      return emailKey(text);
    case PixKeyType.evp:
      return evpKey(text);
    default:
      throw new Error(`assertion: unknown tipoChave ${String(tipoChave)}`);
  }
}

function documentKey(tipoChave: 0 | 1, text: string): PixKeyResult {
  const expected = tipoChave === PixKeyType.cpf ? 'CPF' : 'CNPJ';
  const shape = tipoChave === PixKeyType.cpf ? '11 dígitos' : '14 caracteres';
  if (/[.\-/\s]/.test(text)) return fail(`A chave ${expected} deve conter ${shape}, sem pontuação.`);
  const document = classifyDocumentStrict(text);
  if (document === null || document.kind !== expected) return fail(`A chave ${expected} não é um ${expected} válido.`);
  return ok(document.digits);
}

function phoneKey(text: string): PixKeyResult {
  if (text.startsWith('+')) {
    if (!E164_RE.test(text)) return fail('A chave telefone deve estar no formato E.164: + seguido de até 15 dígitos.');
    return text.startsWith(BRAZIL_PREFIX) ? brazilianPhone(text.slice(BRAZIL_PREFIX.length)) : ok(text);
  }
  if (!NATIONAL_RE.test(text)) {
    return fail('A chave telefone deve ser +55 seguido de DDD e número, ou DDD e número, somente dígitos.');
  }
  return brazilianPhone(text);
}

function brazilianPhone(national: string): PixKeyResult {
  const ddd = national.slice(0, 2);
  const subscriber = national.slice(2);
  if (!NATIONAL_RE.test(national)) return fail('A chave telefone deve ter DDD (2 dígitos) e número (8 ou 9 dígitos).');
  if (getAreaCodeInfo(ddd) === null) return fail(`A chave telefone tem um DDD inexistente: ${ddd}.`);
  if (!MOBILE_RE.test(subscriber) && !LANDLINE_RE.test(subscriber)) {
    return fail('O número da chave telefone é inválido: celular tem 9 dígitos começando por 9; fixo, 8 dígitos começando de 2 a 5.');
  }
  return ok(BRAZIL_PREFIX + national);
}

function emailKey(text: string): PixKeyResult {
  if (!isValidEmail(text)) return fail('A chave e-mail é inválida: informe usuario@dominio com sufixo (por exemplo .com.br).');
  // DICT keeps e-mail keys in lower case, so the same mailbox is one key whatever its spelling.
  return ok(text.toLowerCase());
}

function evpKey(text: string): PixKeyResult {
  const lower = text.toLowerCase();
  if (EVP_RE.test(lower)) return ok(lower);
  if (UUID_WITHOUT_DASHES_RE.test(lower)) return fail('A chave aleatória (EVP) deve ser um UUID com hífens (8-4-4-4-12).');
  return fail('A chave aleatória (EVP) deve ser um UUID, por exemplo 123e4567-e89b-12d3-a456-426614174000.');
}

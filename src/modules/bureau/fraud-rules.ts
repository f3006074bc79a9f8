// Pure rules of Bureau/ConsultaFraudeBureauBase: the document is required; the Pix key, e-mail
// and mobile are optional and, when sent, each must be valid (they are passed on to the provider
// in a canonical form and make the answer fuller).
import { getAreaCodeInfo, isValidEmail } from '@brazilian-utils/brazilian-utils';
import { classifyDocument, isValidCpf } from '../../platform/documents.js';
import type { Problems } from '../../platform/errors.js';
import { textOf } from '../../platform/fields.js';
import { PixKeyType, validatePixKey, type PixKeyResult, type PixKeyTypeCode } from '../banking/index.js';
import type { PhoneNumber } from './providers/port.js';
import { BureauCode, consultedDocument, type ConsultedDocument } from './query-rules.js';
import { E164_DIGITS_MAX } from './limits.js';

const BRAZIL_COUNTRY_CODE = '55';
const COUNTRY_CODE_RE = /^[1-9]\d{0,2}$/;
const BRAZIL_DDD_RE = /^\d{2}$/;
/** The user's mobile: 9 digits starting with 9 (Anatel numbering plan). */
const BRAZIL_MOBILE_RE = /^9\d{8}$/;
const FOREIGN_AREA_RE = /^\d{0,5}$/;
const FOREIGN_NUMBER_RE = /^\d{4,14}$/;
/** Written separators people put in phone numbers: "98765-4321", "(11)", "9 8765 4321". */
const PHONE_SEPARATORS_RE = /[\s\-().]/g;
const UUID_SHAPE_RE = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{32})$/i;
const CNPJ_SHAPE_RE = /^[0-9A-Za-z]{12}\d{2}$/;

/** The customer's mobile as sent: country code (absent: Brazil), area code, number. */
export interface MobileInput {
  readonly countryCode: string | null;
  readonly areaCode: string | null;
  readonly number: string | null;
}

/** A Bureau/ConsultaFraudeBureauBase request as sent (each field read and checked here). */
export interface FraudRequest {
  readonly document: string | null;
  readonly pixKey: string | null;
  readonly email: string | null;
  readonly mobile: MobileInput | null;
}

export interface FraudQuery {
  readonly document: ConsultedDocument;
  /** Canonical DICT form (banking/pix-key.ts). */
  readonly chavePix: string | null;
  /** Lower case. */
  readonly email: string | null;
  readonly phone: PhoneNumber | null;
}

/**
 * The DICT key type a bare key most likely is (the request does not say): '@' → e-mail, '+' →
 * phone, UUID shape → EVP, 11 digits → CPF when its check digits hold, else phone; 14 characters
 * → CNPJ; 10 digits → landline phone; a punctuated CPF/CNPJ → that document (refused with the
 * reason). Null when nothing fits.
 */
export function inferPixKeyType(key: string): PixKeyTypeCode | null {
  if (key.includes('@')) return PixKeyType.email;
  if (key.startsWith('+')) return PixKeyType.phone;
  if (UUID_SHAPE_RE.test(key)) return PixKeyType.evp;
  if (/^\d{11}$/.test(key)) return isValidCpf(key) ? PixKeyType.cpf : PixKeyType.phone;
  if (CNPJ_SHAPE_RE.test(key)) return PixKeyType.cnpj;
  if (/^\d{10}$/.test(key)) return PixKeyType.phone;
  const document = classifyDocument(key);
  if (document !== null) return document.kind === 'CPF' ? PixKeyType.cpf : PixKeyType.cnpj;
  return null;
}

/** Validates a Pix key of unknown type: the canonical key, or a Portuguese message. */
export function validateUntypedPixKey(key: string): PixKeyResult {
  const type = inferPixKeyType(key);
  if (type === null) {
    return { ok: false, message: 'Chave Pix não reconhecida: informe CPF ou CNPJ sem pontuação, telefone (+55 DDD número), e-mail ou chave aleatória (UUID com hífens).' };
  }
  const result = validatePixKey(type, key);
  if (!result.ok && type === PixKeyType.phone && /^\d{11}$/.test(key)) {
    return { ok: false, message: 'A chave Pix de 11 dígitos não é um CPF válido nem um telefone válido (DDD + 9 dígitos começando por 9).' };
  }
  return result;
}

function chavePix(problems: Problems, value: string | null | undefined): string | null {
  const text = textOf(value);
  if (text === null) return null;
  const result = validateUntypedPixKey(text);
  if (result.ok) return result.key;
  problems.add(BureauCode.chavePix, result.message, 'consulta.chavePix');
  return null;
}

function email(problems: Problems, value: string | null | undefined): string | null {
  const text = textOf(value);
  if (text === null) return null;
  if (isValidEmail(text)) return text.toLowerCase();
  problems.add(BureauCode.email, 'O campo email é inválido: informe usuario@dominio com sufixo (por exemplo .com.br).', 'consulta.email');
  return null;
}

const digitsOf = (value: string | null | undefined): string | null => textOf(value)?.replace(PHONE_SEPARATORS_RE, '') ?? null;

function brazilianMobile(problems: Problems, ddd: string | null, numero: string, at: string): PhoneNumber | null {
  const area = ddd?.replace(/^0(?=\d{2}$)/, '') ?? null; // "011": the long-distance prefix written in front
  let ok = true;
  if (area === null || !BRAZIL_DDD_RE.test(area) || getAreaCodeInfo(area) === null) {
    problems.add(BureauCode.celular, area === null ? 'O DDD do celular é obrigatório.' : 'O DDD do celular é inválido: informe um DDD brasileiro existente (2 dígitos).', `${at}.ddd`);
    ok = false;
  }
  if (!BRAZIL_MOBILE_RE.test(numero)) {
    problems.add(BureauCode.celular, 'O número do celular é inválido: informe 9 dígitos começando por 9, sem o DDD.', `${at}.numero`);
    ok = false;
  }
  return ok ? { codigoPais: BRAZIL_COUNTRY_CODE, ddd: area as string, numero } : null;
}

function foreignPhone(problems: Problems, codigoPais: string, ddd: string | null, numero: string, at: string): PhoneNumber | null {
  const area = ddd ?? '';
  const fits = FOREIGN_AREA_RE.test(area) && FOREIGN_NUMBER_RE.test(numero) && codigoPais.length + area.length + numero.length <= E164_DIGITS_MAX;
  if (fits) return { codigoPais, ddd: area, numero };
  problems.add(BureauCode.celular, `O celular é inválido: código do país, código de área e número somam no máximo ${E164_DIGITS_MAX} dígitos (E.164).`, `${at}.numero`);
  return null;
}

function celular(problems: Problems, value: MobileInput | null): PhoneNumber | null {
  const at = 'consulta.celularUsuario';
  const country = digitsOf(value?.countryCode)?.replace(/^\+/, '') ?? null;
  const ddd = digitsOf(value?.areaCode);
  const numero = digitsOf(value?.number);
  if (country === null && ddd === null && numero === null) return null; // not sent
  const codigoPais = country ?? BRAZIL_COUNTRY_CODE;
  if (!COUNTRY_CODE_RE.test(codigoPais)) {
    problems.add(BureauCode.celular, 'O código do país do celular é inválido: de 1 a 3 dígitos (55 para o Brasil).', `${at}.codigoPais`);
    return null;
  }
  if (numero === null) {
    problems.add(BureauCode.celular, 'O número do celular é obrigatório quando celularUsuario é informado.', `${at}.numero`);
    return null;
  }
  return codigoPais === BRAZIL_COUNTRY_CODE ? brazilianMobile(problems, ddd, numero, at) : foreignPhone(problems, codigoPais, ddd, numero, at);
}

/** Bureau/ConsultaFraudeBureauBase: BUR001, BUR020–BUR022. Returns null exactly when a problem was added. */
export function validateFraudConsulta(input: FraudRequest, problems: Problems): FraudQuery | null {
  const before = problems.count;
  const document = consultedDocument(problems, input.document);
  const query = { chavePix: chavePix(problems, input.pixKey), email: email(problems, input.email), phone: celular(problems, input.mobile) };
  if (problems.count > before || document === null) return null;
  return { document, ...query };
}

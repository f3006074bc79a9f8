// Pix BR Code (EMV® QRCPS merchant-presented mode) as specified by the BCB "Manual de Padrões para
// Iniciação do Pix": a string of TLV fields (id 2 digits, length 2 digits, value) closed by a
// CRC16-CCITT-FALSE (poly 0x1021, init 0xFFFF) computed over everything up to and including "6304".
import { type Decimal, toCents } from '../../../../platform/money.js';
import { PIX_KEY_LENGTH_MAX } from '../../../banking/index.js';
import { crc16CcittFalse, parseTlvs, tlv } from './tlv.js';
import { PIX_URL_LENGTH_MAX, MERCHANT_NAME_LENGTH_MAX, MERCHANT_CITY_LENGTH_MAX, TXID_LENGTH_MAX, AMOUNT_FIELD_LENGTH_MAX } from '../../limits.js';

export const PIX_GUI = 'br.gov.bcb.pix';
/** "***" is the txid of a static code that does not identify the payment. */
export const TXID_ABSENT = '***';

const ID = {
  payloadFormat: '00',
  pointOfInitiation: '01',
  merchantAccount: '26',
  category: '52',
  currency: '53',
  amount: '54',
  country: '58',
  name: '59',
  city: '60',
  postalCode: '61',
  additionalData: '62',
  crc: '63',
} as const;
const ACCOUNT_ID = { gui: '00', key: '01', url: '25' } as const;
const ADDITIONAL_TXID_ID = '05';
/** Point of initiation 12: the code may be paid once only (a charge for given installments). */
const SINGLE_USE = '12';

export type MerchantAccount = { key: string } | { url: string };

export interface BrCodeInput {
  merchantAccount: MerchantAccount;
  merchantName: string;
  merchantCity: string;
  /** CEP, 8 digits. */
  postalCode?: string;
  /** Whole centavos; absent lets the payer type the amount. */
  amount?: Decimal;
  txid?: string;
  singleUse?: boolean;
}

export interface ParsedBrCode {
  pointOfInitiation: string | null;
  key: string | null;
  url: string | null;
  amount: string | null;
  merchantName: string;
  merchantCity: string;
  postalCode: string | null;
  txid: string;
}

export type BrCodeParse = { ok: true; code: ParsedBrCode } | { ok: false; problem: string };

export function buildBrCode(input: BrCodeInput): string {
  const fields = [
    tlv(ID.payloadFormat, '01'),
    input.singleUse === true ? tlv(ID.pointOfInitiation, SINGLE_USE) : '',
    tlv(ID.merchantAccount, tlv(ACCOUNT_ID.gui, PIX_GUI) + merchantAccountField(input.merchantAccount)),
    tlv(ID.category, '0000'),
    tlv(ID.currency, '986'),
    input.amount === undefined ? '' : tlv(ID.amount, amountText(input.amount)),
    tlv(ID.country, 'BR'),
    tlv(ID.name, toEmvText(input.merchantName, MERCHANT_NAME_LENGTH_MAX)),
    tlv(ID.city, toEmvText(input.merchantCity, MERCHANT_CITY_LENGTH_MAX)),
    input.postalCode === undefined ? '' : tlv(ID.postalCode, postalCodeText(input.postalCode)),
    tlv(ID.additionalData, tlv(ADDITIONAL_TXID_ID, txidText(input.txid))),
  ];
  const withoutCrc = `${fields.join('')}${ID.crc}04`;
  return withoutCrc + crc16CcittFalse(withoutCrc);
}

/**
 * Names and cities travel as ASCII: diacritics removed ("São Paulo" → "Sao Paulo"), any other
 * non-printable or non-ASCII character becomes a space, then the text is cut to the field limit.
 * Case is kept (the BCB example carries "Fulano de Tal").
 */
export function toEmvText(text: string, lengthMax: number): string {
  const ascii = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7E]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const cut = ascii.slice(0, lengthMax).trim();
  if (cut === '') throw new Error(`assertion: "${text}" has no printable ASCII text for the BR Code`);
  return cut;
}

export function parseBrCode(payload: string): BrCodeParse {
  const fields = parseTlvs(payload);
  if (fields === null) return fail('O código Pix não é uma sequência válida de campos EMV.');
  const last = fields[fields.length - 1];
  if (fields[0]?.id !== ID.payloadFormat || fields[0].value !== '01') return fail('O código Pix deve começar pelo campo 00 com valor 01.');
  if (last?.id !== ID.crc || !/^[0-9A-F]{4}$/.test(last.value)) return fail('O código Pix deve terminar pelo campo 63 (CRC) com 4 dígitos hexadecimais.');
  if (crc16CcittFalse(payload.slice(0, -4)) !== last.value) return fail('O CRC do código Pix não confere.');
  const byId = new Map(fields.map((f) => [f.id, f.value]));
  const account = parseTlvs(byId.get(ID.merchantAccount) ?? '');
  const accountById = new Map((account ?? []).map((f) => [f.id, f.value]));
  if (accountById.get(ACCOUNT_ID.gui)?.toLowerCase() !== PIX_GUI) return fail('O campo 26 deve identificar o arranjo br.gov.bcb.pix.');
  const additional = parseTlvs(byId.get(ID.additionalData) ?? '');
  const txid = new Map((additional ?? []).map((f) => [f.id, f.value])).get(ADDITIONAL_TXID_ID);
  const name = byId.get(ID.name);
  const city = byId.get(ID.city);
  if (byId.get(ID.category) === undefined || byId.get(ID.currency) !== '986' || byId.get(ID.country) !== 'BR') {
    return fail('O código Pix deve ter categoria (52), moeda 986 (53) e país BR (58).');
  }
  if (name === undefined || city === undefined || txid === undefined) return fail('O código Pix deve ter nome (59), cidade (60) e txid (62-05).');
  return {
    ok: true,
    code: {
      pointOfInitiation: byId.get(ID.pointOfInitiation) ?? null,
      key: accountById.get(ACCOUNT_ID.key) ?? null,
      url: accountById.get(ACCOUNT_ID.url) ?? null,
      amount: byId.get(ID.amount) ?? null,
      merchantName: name,
      merchantCity: city,
      postalCode: byId.get(ID.postalCode) ?? null,
      txid,
    },
  };
}

function merchantAccountField(account: MerchantAccount): string {
  if ('key' in account) {
    assertAscii(account.key, PIX_KEY_LENGTH_MAX, 'Pix key');
    return tlv(ACCOUNT_ID.key, account.key);
  }
  assertAscii(account.url, PIX_URL_LENGTH_MAX, 'Pix location URL');
  if (/^https?:\/\//i.test(account.url)) throw new Error('assertion: the BR Code URL is written without its scheme');
  return tlv(ACCOUNT_ID.url, account.url);
}

function amountText(amount: Decimal): string {
  if (amount.lte(0)) throw new Error(`assertion: Pix amount must be positive, got ${amount.toString()}`);
  toCents(amount); // asserts whole centavos
  const text = amount.toFixed(2);
  if (text.length > AMOUNT_FIELD_LENGTH_MAX) throw new Error(`assertion: Pix amount ${text} longer than ${AMOUNT_FIELD_LENGTH_MAX}`);
  return text;
}

function txidText(txid: string | undefined): string {
  if (txid === undefined) return TXID_ABSENT;
  if (!/^[A-Za-z0-9]+$/.test(txid) || txid.length > TXID_LENGTH_MAX) throw new Error(`assertion: txid must be 1..${TXID_LENGTH_MAX} letters or digits, got "${txid}"`);
  return txid;
}

function postalCodeText(postalCode: string): string {
  if (!/^\d{8}$/.test(postalCode)) throw new Error(`assertion: CEP must be 8 digits, got "${postalCode}"`);
  return postalCode;
}

function assertAscii(text: string, lengthMax: number, what: string): void {
  if (text.length === 0 || text.length > lengthMax || !/^[\x20-\x7E]+$/.test(text)) {
    throw new Error(`assertion: ${what} must be 1..${lengthMax} printable ASCII characters`);
  }
}

function fail(problem: string): BrCodeParse {
  return { ok: false, problem };
}

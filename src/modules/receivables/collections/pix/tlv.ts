// EMV TLV primitives shared by the BR Code builder and parser. Values are ASCII, so a string's
// length is its byte length (the builder asserts ASCII before calling tlv()).
import { TLV_VALUE_LENGTH_MAX } from '../../limits.js';


export interface Tlv {
  id: string;
  value: string;
}

export function tlv(id: string, value: string): string {
  if (!/^\d{2}$/.test(id)) throw new Error(`assertion: TLV id must be two digits, got "${id}"`);
  if (value.length === 0 || value.length > TLV_VALUE_LENGTH_MAX) throw new Error(`assertion: TLV ${id} value length ${value.length} outside 1..${TLV_VALUE_LENGTH_MAX}`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** The fields of a TLV string, or null when it does not split exactly into fields. */
export function parseTlvs(text: string): Tlv[] | null {
  const fields: Tlv[] = [];
  let at = 0;
  while (at < text.length) {
    const header = text.slice(at, at + 4);
    if (!/^\d{4}$/.test(header)) return null;
    const length = Number(header.slice(2));
    const value = text.slice(at + 4, at + 4 + length);
    if (length === 0 || value.length !== length) return null;
    fields.push({ id: header.slice(0, 2), value });
    at += 4 + length;
  }
  return fields;
}

/** CRC16-CCITT-FALSE: polynomial 0x1021, initial value 0xFFFF, no reflection, no final XOR. */
export function crc16CcittFalse(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

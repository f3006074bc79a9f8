// Favorecido/Consultar receives a key without its type. A key is stored in its canonical DICT form
// (pix-key.ts), so the lookup tries the text as every key type and searches for each canonical
// form it is valid as ('11987654321' is both a national phone number and, maybe, a CPF). Pure.
import { PIX_KEY_TYPE_NAMES, type PixKeyTypeCode, validatePixKey } from './pix-key.js';

const KEY_TYPES = Object.keys(PIX_KEY_TYPE_NAMES).map(Number) as PixKeyTypeCode[];

/** The canonical keys `text` can stand for; empty when it is no valid key of any type. */
export function pixKeyCandidates(text: string): string[] {
  const keys = new Set<string>();
  for (const type of KEY_TYPES) {
    const result = validatePixKey(type, text);
    if (result.ok) keys.add(result.key);
  }
  return [...keys];
}

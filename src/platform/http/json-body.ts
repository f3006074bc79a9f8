// Request bodies are parsed with lossless-json: every number keeps its exact text (a
// LosslessNumber) until the schema compiler decides, per field, whether it is money (decimal.js),
// an integer, or something that is not a number at all. JSON.parse would already have rounded
// 4999999999999999.99 to 5000000000000000.
//
// Hostile shapes are refused here, once, for every operation (issue 12): bytes that are not UTF-8,
// nesting deeper than JSON_DEPTH_MAX, lists or objects with more than BODY_CONTAINER_ENTRIES_MAX
// entries, numbers longer than JSON_NUMBER_CHARS_MAX, keys that differ only by case, and strings
// (values or keys) holding NUL or an unpaired surrogate (safe-text.ts).
import { isLosslessNumber, parse, type LosslessNumber } from 'lossless-json';
import { LIMITS } from '../config/limits.js';
import { DomainError, type MessageInput } from '../errors.js';
import { decodeUtf8, isSafeText, unsafeTextProblem } from './safe-text.js';

export { isLosslessNumber };
export type { LosslessNumber };

function childPath(path: string, key: string, inList: boolean): string {
  if (inList) return `${path}[${key}]`;
  return path === '' ? key : `${path}.${key}`;
}

function problemOf(value: unknown, path: string, textChecked: boolean): MessageInput | null {
  const field = path === '' ? null : path;
  if (typeof value === 'string') return textChecked || isSafeText(value) ? null : unsafeTextProblem(field);
  if (isLosslessNumber(value)) {
    return value.value.length > LIMITS.JSON_NUMBER_CHARS_MAX ? { code: 'REQ005', description: `Número com mais de ${LIMITS.JSON_NUMBER_CHARS_MAX} caracteres`, field } : null;
  }
  if (value === null || typeof value !== 'object') return null;
  if (Object.keys(value).length > LIMITS.BODY_CONTAINER_ENTRIES_MAX) {
    return { code: 'REQ009', description: `Lista ou objeto com mais de ${LIMITS.BODY_CONTAINER_ENTRIES_MAX} itens`, field };
  }
  return null;
}

/**
 * The body's text can hold no NUL and no unpaired surrogate in any string or key: it has no NUL
 * character and no `\u` escape. Strict UTF-8 decoding never yields a surrogate, so an escape is the
 * only way to write one (issue 14: the per-string check is then skipped).
 */
function textIsSafe(text: string): boolean {
  return !text.includes('\\u') && !text.includes('\u0000');
}

/**
 * The first hostile shape of a parsed body, depth first; null when there is none. `textChecked`:
 * the whole text was found safe (textIsSafe), so its strings need no check of their own.
 */
function hostileShape(value: unknown, path: string, depth: number, textChecked: boolean): MessageInput | null {
  if (depth > LIMITS.JSON_DEPTH_MAX) return { code: 'REQ001', description: `JSON com aninhamento acima de ${LIMITS.JSON_DEPTH_MAX} níveis`, field: null };
  const own = problemOf(value, path, textChecked);
  if (own !== null || value === null || typeof value !== 'object' || isLosslessNumber(value)) return own;
  const inList = Array.isArray(value);
  const seen = new Set<string>();
  for (const [key, child] of Object.entries(value)) {
    const at = childPath(path, key, inList);
    if (!inList) {
      if (!textChecked && !isSafeText(key)) return unsafeTextProblem(at);
      const folded = key.toLowerCase();
      if (seen.has(folded)) return { code: 'REQ008', description: 'Campo informado mais de uma vez com grafias diferentes', field: at };
      seen.add(folded);
    }
    const found = hostileShape(child, at, depth + 1, textChecked);
    if (found !== null) return found;
  }
  return null;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const MINUS = 0x2d;
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;

/**
 * The members (key: value pairs) written in a JSON text, or -1 when a number is written outside a
 * string: a text without numbers parses the same with JSON.parse as with lossless-json, which
 * only keeps numbers exact (issue 14: JSON.parse costs ~1/3). Not a validator: the parse is.
 */
function membersWithoutNumbers(text: string): number {
  let members = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i += 1;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (code === COLON) members += 1;
    else if (code === MINUS || (code >= DIGIT_0 && code <= DIGIT_9)) return -1;
  }
  return members;
}

/** The members of every object in a parsed value; -1 past JSON_DEPTH_MAX (lossless-json then answers). */
function membersOf(value: unknown, depth: number): number {
  if (value === null || typeof value !== 'object') return 0;
  if (depth > LIMITS.JSON_DEPTH_MAX) return -1;
  let members = 0;
  if (Array.isArray(value)) {
    for (const item of value) {
      const inner = membersOf(item, depth + 1);
      if (inner < 0) return -1;
      members += inner;
    }
    return members;
  }
  for (const key in value) {
    const inner = membersOf((value as Record<string, unknown>)[key], depth + 1);
    if (inner < 0) return -1;
    members += 1 + inner;
  }
  return members;
}

/**
 * JSON.parse when that gives what lossless-json would: no number in the text, and every member
 * kept (a key written twice: lossless-json refuses it unless both values are equal); undefined
 * otherwise, also for a text JSON.parse refuses (lossless-json's own message is the answer's).
 */
function parsedWithoutNumbers(text: string): unknown {
  const members = membersWithoutNumbers(text);
  if (members < 0) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return membersOf(value, 0) === members ? value : undefined;
}

export function parseJsonBody(body: Buffer | string): unknown {
  const text = typeof body === 'string' ? body : decodeUtf8(body);
  let value = parsedWithoutNumbers(text);
  if (value === undefined) {
    try {
      value = parse(text);
    } catch (error) {
      const reason = (error as Error).message.replace(/\s+/g, ' ').slice(0, 200);
      throw new DomainError('validation', [{ code: 'REQ001', description: `JSON inválido: ${reason}`, field: null }]);
    }
  }
  // A string given by the caller was not decoded here, so it may hold a raw surrogate: checked in full.
  const problem = hostileShape(value, '', 0, typeof body !== 'string' && textIsSafe(text));
  if (problem !== null) throw new DomainError('validation', [problem]);
  return value;
}

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

function problemOf(value: unknown, path: string): MessageInput | null {
  const field = path === '' ? null : path;
  if (typeof value === 'string') return isSafeText(value) ? null : unsafeTextProblem(field);
  if (isLosslessNumber(value)) {
    return value.value.length > LIMITS.JSON_NUMBER_CHARS_MAX ? { code: 'REQ005', description: `Número com mais de ${LIMITS.JSON_NUMBER_CHARS_MAX} caracteres`, field } : null;
  }
  if (value === null || typeof value !== 'object') return null;
  if (Object.keys(value).length > LIMITS.BODY_CONTAINER_ENTRIES_MAX) {
    return { code: 'REQ009', description: `Lista ou objeto com mais de ${LIMITS.BODY_CONTAINER_ENTRIES_MAX} itens`, field };
  }
  return null;
}

/** The first hostile shape of a parsed body, depth first; null when there is none. */
function hostileShape(value: unknown, path: string, depth: number): MessageInput | null {
  if (depth > LIMITS.JSON_DEPTH_MAX) return { code: 'REQ001', description: `JSON com aninhamento acima de ${LIMITS.JSON_DEPTH_MAX} níveis`, field: null };
  const own = problemOf(value, path);
  if (own !== null || value === null || typeof value !== 'object' || isLosslessNumber(value)) return own;
  const inList = Array.isArray(value);
  const seen = new Set<string>();
  for (const [key, child] of Object.entries(value)) {
    const at = childPath(path, key, inList);
    if (!inList && !isSafeText(key)) return unsafeTextProblem(at);
    if (!inList && seen.has(key.toLowerCase())) return { code: 'REQ008', description: 'Campo informado mais de uma vez com grafias diferentes', field: at };
    seen.add(key.toLowerCase());
    const found = hostileShape(child, at, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

export function parseJsonBody(body: Buffer | string): unknown {
  const text = typeof body === 'string' ? body : decodeUtf8(body);
  let value: unknown;
  try {
    value = parse(text);
  } catch (error) {
    const reason = (error as Error).message.replace(/\s+/g, ' ').slice(0, 200);
    throw new DomainError('validation', [{ code: 'REQ001', description: `JSON inválido: ${reason}`, field: null }]);
  }
  const problem = hostileShape(value, '', 0);
  if (problem !== null) throw new DomainError('validation', [problem]);
  return value;
}

// Text the service can store and echo (issue 12). PostgreSQL refuses NUL in text and both NUL and
// unpaired UTF-16 surrogates in json/jsonb, so such a string must never get past the edge: bodies
// are decoded as strict UTF-8 and every string (value or key) is checked here, once, where bodies
// are parsed (json-body.ts, the token form), never in each module.
import { DomainError } from '../errors.js';

/** NUL, or a high surrogate not followed by a low one, or a low one not preceded by a high one. */
const UNSAFE_TEXT_RE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSAFE_TEXT_CODE = 'REQ014';

export function isSafeText(text: string): boolean {
  return !UNSAFE_TEXT_RE.test(text);
}

/** The 400 problem naming the field whose text (or name) holds NUL or an unpaired surrogate. */
export function unsafeTextProblem(field: string | null) {
  return { code: UNSAFE_TEXT_CODE, description: 'Texto com caractere nulo (U+0000) ou surrogate UTF-16 isolado', field };
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The body as text; bytes that are not UTF-8 are a 400 (REQ001), never silently replaced. */
export function decodeUtf8(body: Buffer): string {
  try {
    return strictUtf8.decode(body);
  } catch {
    throw new DomainError('validation', [{ code: 'REQ001', description: 'Corpo da requisição não é UTF-8 válido', field: null }]);
  }
}

/** The first string of a decoded value (claims, headers) that is unsafe, as its path; null if none. */
export function findUnsafeText(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return isSafeText(value) ? null : path;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    const childPath = Array.isArray(value) ? `${path}[${key}]` : path === '' ? key : `${path}.${key}`;
    if (!isSafeText(key)) return childPath;
    const found = findUnsafeText(child, childPath);
    if (found !== null) return found;
  }
  return null;
}

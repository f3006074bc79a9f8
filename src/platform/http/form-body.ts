// application/x-www-form-urlencoded bodies (the token endpoint). Refused with a 400 DomainError,
// like JSON bodies (json-body.ts): bytes or percent-escapes that are not UTF-8, more than
// BODY_CONTAINER_ENTRIES_MAX fields, and names or values holding NUL or an unpaired surrogate.
import { LIMITS } from '../config/limits.js';
import { DomainError } from '../errors.js';
import { decodeUtf8, isSafeText, unsafeTextProblem } from './safe-text.js';

const badEncoding = () => new DomainError('validation', [{ code: 'REQ001', description: 'Formulário com codificação inválida', field: null }]);

/** A `%` not followed by two hex digits; and a run of escapes (one UTF-8 sequence or more). */
const LONE_PERCENT_RE = /%(?![0-9A-Fa-f]{2})/;
const ESCAPE_RUNS_RE = /(?:%[0-9A-Fa-f]{2})+/g;

/**
 * URLSearchParams replaces a bad percent-escape with U+FFFD; decodeURIComponent refuses it. It
 * refuses exactly a lone `%` or a run of escapes that is not UTF-8 (`&`, `=` and `+` are plain text
 * to it), so only the runs are decoded (issue 14: decoding each field cost ~19 µs per token request).
 */
export function assertPercentEncoding(text: string): void {
  if (!text.includes('%')) return;
  if (LONE_PERCENT_RE.test(text)) throw badEncoding();
  for (const run of text.match(ESCAPE_RUNS_RE) ?? []) {
    try {
      decodeURIComponent(run);
    } catch {
      throw badEncoding();
    }
  }
}

export function parseFormBody(body: Buffer | string): URLSearchParams {
  const text = typeof body === 'string' ? body : decodeUtf8(body);
  assertPercentEncoding(text);
  const form = new URLSearchParams(text);
  let entries = 0;
  for (const [name, value] of form) {
    entries += 1;
    if (entries > LIMITS.BODY_CONTAINER_ENTRIES_MAX) {
      throw new DomainError('validation', [{ code: 'REQ009', description: `Formulário com mais de ${LIMITS.BODY_CONTAINER_ENTRIES_MAX} campos`, field: null }]);
    }
    if (!isSafeText(name)) throw new DomainError('validation', [unsafeTextProblem(null)]);
    if (!isSafeText(value)) throw new DomainError('validation', [unsafeTextProblem(name)]);
  }
  return form;
}

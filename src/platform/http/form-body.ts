// application/x-www-form-urlencoded bodies (the token endpoint). Refused with a 400 DomainError,
// like JSON bodies (json-body.ts): bytes or percent-escapes that are not UTF-8, more than
// BODY_CONTAINER_ENTRIES_MAX fields, and names or values holding NUL or an unpaired surrogate.
import { LIMITS } from '../config/limits.js';
import { DomainError } from '../errors.js';
import { decodeUtf8, isSafeText, unsafeTextProblem } from './safe-text.js';

const badEncoding = () => new DomainError('validation', [{ code: 'REQ001', description: 'Formulário com codificação inválida', field: null }]);

/** URLSearchParams replaces a bad percent-escape with U+FFFD; decodeURIComponent refuses it. */
function assertPercentEncoding(text: string): void {
  for (const part of text.split(/[&=]/)) {
    try {
      decodeURIComponent(part.replace(/\+/g, ' '));
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

// The header a partner authenticates our callbacks with (seen in the wild: `Api-Key: ...`),
// configured as one "Name: value" text (`caas partner create --callback-header`).
import { CALLBACK_HEADER_NAME_CHARS_MAX, CALLBACK_HEADER_VALUE_CHARS_MAX } from './limits.js';

export interface PartnerHeader {
  name: string;
  value: string;
}

// RFC 9110 token characters.
const TOKEN_RE = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// Visible ASCII, spaces and tabs: never CR, LF or NUL (header injection), and no non-ASCII,
// whose encoding on the wire is not agreed between HTTP implementations.
const VALUE_RE = /^[\t\x20-\x7e]*$/;

/** Headers the delivery sets itself; a partner header must not replace them. */
const RESERVED = new Set(['host', 'content-type', 'content-length', 'transfer-encoding', 'connection', 'user-agent', 'webhook-id', 'webhook-timestamp', 'webhook-signature']);

export type PartnerHeaderProblem = 'missing_colon' | 'invalid_name' | 'reserved_name' | 'invalid_value' | 'too_long';

export function parsePartnerHeader(text: string): { ok: true; value: PartnerHeader } | { ok: false; problem: PartnerHeaderProblem } {
  const colon = text.indexOf(':');
  if (colon < 0) return { ok: false, problem: 'missing_colon' };
  return checkPartnerHeader({ name: text.slice(0, colon).trim(), value: text.slice(colon + 1).trim() });
}

export function checkPartnerHeader(h: PartnerHeader): { ok: true; value: PartnerHeader } | { ok: false; problem: PartnerHeaderProblem } {
  if (h.name.length > CALLBACK_HEADER_NAME_CHARS_MAX || h.value.length > CALLBACK_HEADER_VALUE_CHARS_MAX) return { ok: false, problem: 'too_long' };
  if (!TOKEN_RE.test(h.name)) return { ok: false, problem: 'invalid_name' };
  if (RESERVED.has(h.name.toLowerCase())) return { ok: false, problem: 'reserved_name' };
  if (!VALUE_RE.test(h.value)) return { ok: false, problem: 'invalid_value' };
  return { ok: true, value: h };
}

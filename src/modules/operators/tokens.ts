// Random tokens (sessions, CSRF, set-password links) and the SHA-256 under which they are stored:
// the database never holds a token that opens anything.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { TOKEN_BYTES } from './limits.js';

export function newToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Constant-time comparison of two tokens (CSRF). */
export function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

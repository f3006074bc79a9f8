// TOTP second factor (RFC 6238) with the otpauth library: SHA-1, 6 digits, 30-second steps, one
// step of drift either way (limits.ts). Pure given the instant: the caller passes `now`.
import { Secret, TOTP } from 'otpauth';
import { TOTP_DIGITS, TOTP_PERIOD_S, TOTP_SECRET_BYTES, TOTP_WINDOW_STEPS } from './limits.js';

const ISSUER = 'caas';

export function newTotpSecret(): string {
  return new Secret({ size: TOTP_SECRET_BYTES }).base32;
}

function totp(secret: string, label = 'operator'): TOTP {
  return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_S, secret: Secret.fromBase32(secret) });
}

/** The otpauth:// URI an authenticator app reads (shown as text and a QR code at enrolment). */
export function totpUri(secret: string, email: string): string {
  return totp(secret, email).toString();
}

/** The current code (tests, the enrolment check). */
export function totpCode(secret: string, now: Date): string {
  return totp(secret).generate({ timestamp: now.getTime() });
}

/**
 * The time step a code belongs to when it is valid at `now` (within the window), else null.
 * The caller refuses a step not later than the last one used (a code works once).
 */
export function totpStep(secret: string, code: string, now: Date): number | null {
  const token = code.replace(/\s+/g, '');
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(token)) return null;
  const delta = totp(secret).validate({ token, timestamp: now.getTime(), window: TOTP_WINDOW_STEPS });
  return delta === null ? null : Math.floor(now.getTime() / 1000 / TOTP_PERIOD_S) + delta;
}

// Every bound of operators and their console sessions, with its unit in its name.

/** A session unused this long is over (idle timeout). */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
/** A session is over this long after its login, however busy (absolute timeout). */
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** last_seen_at is written at most this often (a page load is not a write each time). */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;

/** Failed logins counted over this sliding window, per account and per IP. */
export const LOGIN_THROTTLE_WINDOW_MS = 15 * 60 * 1000;
/** Failures of one account (email) in the window after which its logins are refused. */
export const LOGIN_FAILURES_PER_ACCOUNT_MAX = 5;
/** Failures from one IP (any account) in the window after which its logins are refused. */
export const LOGIN_FAILURES_PER_IP_MAX = 20;

/** Passwords: NIST SP 800-63B asks at least 8; we ask 12. The maximum bounds the KDF's input. */
export const PASSWORD_LENGTH_MIN = 12;
export const PASSWORD_LENGTH_MAX = 256;

export const OPERATOR_EMAIL_LENGTH_MAX = 254;
export const OPERATOR_NAME_LENGTH_MAX = 120;

/** A one-time set-password link is valid this long. */
export const PASSWORD_LINK_TTL_MS = 24 * 60 * 60 * 1000;

/** Random bytes of a session token, a CSRF token and a set-password token. */
export const TOKEN_BYTES = 32;

/** TOTP (RFC 6238): 30-second steps, 6 digits, SHA-1; a code of the step before or after is accepted. */
export const TOTP_PERIOD_S = 30;
export const TOTP_DIGITS = 6;
export const TOTP_WINDOW_STEPS = 1;
/** Bytes of a TOTP secret (RFC 4226 recommends 160 bits). */
export const TOTP_SECRET_BYTES = 20;

/** argon2id parameters (OWASP Password Storage Cheat Sheet: m=19 MiB, t=2, p=1). */
export const ARGON2_MEMORY_KIB = 19_456;
export const ARGON2_TIME_COST = 2;
export const ARGON2_PARALLELISM = 1;

/** Pending four-eyes confirmations listed on one page. */
export const CONFIRMATIONS_LISTED_MAX = 200;

/** Checked at start-up (see index.ts): a bad edit fails fast. */
export function assertOperatorLimits(): void {
  const positive = { SESSION_IDLE_MS, SESSION_ABSOLUTE_MS, LOGIN_THROTTLE_WINDOW_MS, LOGIN_FAILURES_PER_ACCOUNT_MAX, LOGIN_FAILURES_PER_IP_MAX, PASSWORD_LINK_TTL_MS, TOKEN_BYTES, ARGON2_MEMORY_KIB, ARGON2_TIME_COST, ARGON2_PARALLELISM };
  for (const [name, value] of Object.entries(positive)) if (!(Number.isInteger(value) && value > 0)) throw new Error(`assertion: ${name} must be a positive integer`);
  if (SESSION_IDLE_MS > SESSION_ABSOLUTE_MS) throw new Error('assertion: SESSION_IDLE_MS must not exceed SESSION_ABSOLUTE_MS');
  if (PASSWORD_LENGTH_MIN < 8 || PASSWORD_LENGTH_MIN > PASSWORD_LENGTH_MAX) throw new Error('assertion: PASSWORD_LENGTH_MIN must be from 8 to PASSWORD_LENGTH_MAX');
  if (TOKEN_BYTES < 16) throw new Error('assertion: TOKEN_BYTES must be at least 16');
}

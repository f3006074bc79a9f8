// Limits of the operator console (a face), each named with its unit (issue 13; test/architecture/limits.test.ts).

// Used by session-cookie.ts (characters of a flash message kept in its cookie).
export const FLASH_TEXT_MAX = 500;

// Used by pages/parceiros.ts.
export const PEM_CHARS_MAX = 16_384;

// Used by pages/relogio.ts.
export const DAYS_MAX = 3_660;

// Every limit of the bureau module, each named with its unit and kept in this one file (issue 13;
// test/architecture/limits.test.ts). Checked at start-up with the others (src/all-limits.ts).

// Used by settings.ts.
/** A month of reuse is already far beyond any bureau's freshness promise. */
export const CACHE_TTL_HOURS_MAX = 24 * 30;

export const CONSENT_VALIDITY_DAYS_MAX = 365;

export const PUBLICATION_LAG_MONTHS_MAX = 6;

/** Day 28 exists in every month. */
export const PUBLICATION_DAY_MAX = 28;

/** The SCR keeps five years of data-bases. */
export const HISTORY_MONTHS_MAX = 60;

// Used by providers/http-adapter.ts.
/** Largest answer read from the provider; a bigger one is treated as malformed. */
export const RESPONSE_BYTES_MAX = 2 * 1024 * 1024;

// Used by providers/geo.ts.
/** Suffixes 000–899 are street CEPs; 900 and up are reserved for large users and post boxes. */
export const CEP_STREET_SUFFIX_MAX = 899;

// Used by providers/sandbox-common.ts.
export const SCORE_MAX = 1000;

export const PD_PERCENT_MAX = '99.99';

// Used by providers/state-registration.ts.
export const IE_DRAWS_MAX = 5_000;

// Used by providers/http-config.ts.
/** Upper bounds that keep a misconfiguration from holding a partner's request for minutes. */
export const TIMEOUT_MS_MAX = 60_000;

export const RETRIES_MAX_MAX = 5;

// Used by providers/sandbox-scr.ts.
export const INSTITUTIONS_MAX = 6;

// Used by query-bureau.schema.ts.
export const PRODUCT_CODE_LENGTH_MAX = 20;

// Used by query-scr.schema.ts.
/** Month '1'..'12' (not zero-padded accepted) and a four-digit year, as strings (compatibility-notes). */
export const MONTH_TEXT_LENGTH_MAX = 2;

export const YEAR_TEXT_LENGTH_MAX = 4;

// Used by list-consultations.ts.
/** One listing never prints more than this; narrow with --document or --partner. */
export const AUDIT_LIST_ROWS_MAX = 1_000;

// Used by fraud-rules.ts.
/** E.164: at most 15 digits, country code included. */
export const E164_DIGITS_MAX = 15;

// Used by query-fraud-base.schema.ts.
/** RFC 5321 path limit. */
export const EMAIL_LENGTH_MAX = 254;

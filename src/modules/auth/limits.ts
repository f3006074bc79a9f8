// Every limit of the auth module, each named with its unit and kept in this one file (issue 13;
// test/architecture/limits.test.ts). Checked at start-up with the others (src/all-limits.ts).

// Used by access-token.ts.
export const ACCESS_TOKEN_LENGTH_MAX = 4_096; // characters; ours are ~600

export const VERIFIED_TOKEN_CACHE_ENTRIES_MAX = 10_000;

// Used by assertion-checks.ts.
export const CLIENT_ASSERTION_LENGTH_MAX = 8_192; // characters; an RS256 assertion is ~700

export const JTI_LENGTH_MAX = 256; // characters; jtis are stored until they expire

// Used by auth.plugin.ts.
export const PARTNER_STATUS_ENTRIES_MAX = 10_000;

// Used by remembered-partners.ts.
/** Partners whose credentials the token endpoint keeps (one entry per client id found, ~2 KB each). */
export const PARTNER_CREDENTIALS_ENTRIES_MAX = 10_000;

// Used by partner-key-cache.ts.
/** Entries kept: a few keys per active partner; an entry is one KeyObject (~1 KB). */
export const PARTNER_KEY_CACHE_ENTRIES_MAX = 1_000;

// Used by scopes.ts.
export const SCOPE_LENGTH_MAX = 300; // characters, the interface's Limits table

// Used by settings.ts (CAAS_ASSERTION_LIFETIME_MAX_S).
// A client assertion is signed right before use; a day is already generous for a legacy signer,
// and every accepted jti is stored until its exp.
export const ASSERTION_LIFETIME_S_MIN = 60;

export const ASSERTION_LIFETIME_S_MAX = 86_400;
/** The smallest RSA key a JWS signature is checked with (RFC 7518 §3.3, as jose enforces it). */
export const JWS_RSA_MODULUS_BITS_MIN = 2048;

// Used by postgres-stores.ts (the jtis' group commit, group-commit.ts).
/** Jtis recorded by one statement when requests wait for one in flight (one row ~100 bytes of parameters). */
export const JTI_ROWS_PER_STATEMENT_MAX = 64;

/** Jti statements in flight at once per process; more requests wait and go together in the next. */
export const JTI_STATEMENTS_IN_FLIGHT_MAX = 2;

/**
 * Copies of one (client, jti) waiting while another copy's statement is in flight; a copy past
 * them is refused as a replay without a statement (at most one copy is ever granted). A flood of
 * one assertion costs one list entry per copy up to here, and nothing past it.
 */
export const JTI_COPIES_PER_KEY_MAX = 64;

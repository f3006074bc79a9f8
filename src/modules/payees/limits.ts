// Every limit of the payees module, each named with its unit and kept in this one file (issue 13;
// test/architecture/limits.test.ts). Checked at start-up with the others (src/all-limits.ts).
import { REASON_LENGTH_MAX } from '../../platform/config/limits.js';

// Used by list-payees.ts.
/** One listing never prints more than this; the rest waits for the next page of decisions. */
export const PAYEE_LIST_ROWS_MAX = 1_000;

// Used by register-payee.ts.
/**
 * A conflicting insert means a live payee holds the identity; it can only stop being live if the
 * team rejects it between our insert and our read, after which the next insert succeeds. Two
 * attempts cover that race; a third would mean a broken invariant.
 */
export const REGISTER_ATTEMPTS_MAX = 2;

// Used by payee-status.ts.
export const REVIEWER_LENGTH_MAX = 100;

export const REJECTION_REASON_LENGTH_MAX = REASON_LENGTH_MAX;

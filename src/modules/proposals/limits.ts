// Every limit of the proposals module, each named with its unit and kept in this one file (issue 13;
// test/architecture/limits.test.ts). Checked at start-up with the others (src/all-limits.ts).

// Used by settings.ts.
/** An operator cap is a share of the financed amount: above 0 and at most this, in percent. */
export const IOF_CAP_PERCENT_MAX = 100;

/** Digits after the point of an operator cap (2.993 = 0.0082% × 365 needs three). */
export const IOF_CAP_PERCENT_DECIMALS_MAX = 6;

// Used by update-payment-account.schema.ts.
/** The interface types numeroProposta as a string here (an integer in Recusar). */
export const PROPOSAL_NUMBER_TEXT_LENGTH_MAX = 20;

// Used by refuse-proposal.schema.ts.
/** Rejection-reason codes: an auxiliary table the interface does not show. */
export const REJECTION_REASON_MAX = 9_999;

// Used by pricing/cet.ts.
/** Newton converges quadratically from the contract rate; 100 steps is a wide margin. */
export const CET_SOLVER_ITERATIONS_MAX = 100;

/** The exact check's boundary logarithms remembered (one per rounded CET and side); cleared whole when full (a pure cache). */
export const CET_BOUND_LOGS_ENTRIES_MAX = 10_000;

// Used by pricing/iof.ts.
/** Art. 7 I b: the daily rate applies to at most 365 days, however long the installment runs. */
export const IOF_DAYS_MAX = 365;

/** The financed IOF converges in a handful of steps (each multiplies the error by ~3.4%). */
export const GROSS_UP_ITERATIONS_MAX = 50;

// Used by pricing/price.ts.
/**
 * The last installment absorbs rounding differences, which compound over long terms at high
 * rates (a centavo of installment rounding grows like an annuity). Beyond 10% of the regular
 * installment the plan is no longer a fixed-installment loan and is refused (wellFormed false);
 * a 35-year loan at 1% a month deviates by at most ~R$ 32.
 */
export const LAST_INSTALLMENT_DEVIATION_PERCENT_MAX = 10;

// Used by the pricing maths (pricing/input-checks.ts, price.ts).
/** 35 years: the longest term of Brazilian housing finance (SFH); nothing longer is a loan we price. */
export const TERM_MONTHS_MAX = 420;

/** The first due date is after the contract date and at most one year later (grace period). */
export const FIRST_PERIOD_DAYS_MIN = 1;

export const FIRST_PERIOD_DAYS_MAX = 365;

/** 100% a month: far above any legal consumer rate, low enough that the CET solver stays exact. */
export const MONTHLY_RATE_PERCENT_MAX = 100;

/** Amounts are centavos: at most two decimal places. */
export const MONEY_SCALE_MAX = 2;

// Used by operator-lifecycle.ts.
/** A disbursement may be dated ahead (the transfer lands on a later business day), at most this far. */
export const DISBURSEMENT_AHEAD_DAYS_MAX = 30;

// Used by proposal-blocks.ts.
/** Internal bank codes (a reference table the interface does not show): small non-negative ids. */
export const BANK_CODE_MAX = 99_999;

/** The boleto's beneficiary (nomeCedente). */
export const BOLETO_BENEFICIARY_NAME_LENGTH_MAX = 150;

/** 47/48 digits, up to 54 characters when punctuated. */
export const DIGITABLE_LINE_LENGTH_MAX = 60;

export const LAUNCHES_MAX = 100;

export const NOTES_LENGTH_MAX = 1000;

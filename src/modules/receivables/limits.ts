// Every limit of the receivables module, each named with its unit and kept in this one file (issue 13;
// test/architecture/limits.test.ts). Checked at start-up with the others (src/all-limits.ts).

// Used by settings.ts.
export const BENEFICIARY_NAME_LENGTH_MAX = 100;

// Used by collections/boleto/due-date-factor.ts.
export const FACTOR_MIN = 1000;

export const FACTOR_MAX = 9999;

// Used by collections/boleto/barcode.ts.
/** The amount field has 10 digits of centavos: at most R$ 99.999.999,99 on one boleto. */
export const AMOUNT_CENTS_MAX = 9_999_999_999n;

// Used by collections/pix/qr.ts.
export const PAYLOAD_CHARS_MAX = 512;

/** The largest QR symbol (version 40) encodeModulesPng draws: with the two below, the bound of its scratch arrays. */
export const QR_SYMBOL_MODULES_MAX = 177;

export const QR_SCALE_PIXELS_PER_MODULE_MAX = 16;

/** The quiet zone's ISO/IEC 18004 minimum, the one drawn. */
export const QR_MARGIN_MODULES_MAX = 4;

// Used by collections/pix/tlv.ts.
export const TLV_VALUE_LENGTH_MAX = 99; // the length is two decimal digits

// Used by schedule/charges-math/charges-config.ts. Rates as exact decimal text (compared with decimal.js values).
/** CDC art. 52 §1: the late fine may not exceed 2% of the installment. */
export const FINE_RATE_MAX = '0.02';

/** STJ Súmula 379: in bank contracts late interest may be agreed up to 1% a month. */
export const LATE_INTEREST_MONTHLY_RATE_MAX = '0.01';

/** Sanity bound on a contract rate (100% a month): anything above is corrupt data. */
export const CONTRACT_MONTHLY_RATE_MAX = '1';

// Used by receivables-blocks.ts.
/** descricaoBoleto: 1 to 200 characters (interface Limits); charges' descricaoLiquidacao follows it. */
export const CHARGE_DESCRIPTION_LENGTH_MAX = 200;

// Used by payments/add-installment-launches.schema.ts.
/** descricaoLancamento: at most 255 characters (interface Limits). */
export const LAUNCH_DESCRIPTION_LENGTH_MAX = 255;

// Used by collections/collection-input.ts.
/** A boleto due more than ten years ahead: the due-date factor repeats every 9000 days (~24.6 y). */
export const DUE_DATE_AHEAD_DAYS_MAX = 3_650;

// Used by collections/pix/br-code.ts (the Pix BR Code fields, in characters).
export const PIX_URL_LENGTH_MAX = 77; // the location URL, without "https://"

export const MERCHANT_NAME_LENGTH_MAX = 25;

export const MERCHANT_CITY_LENGTH_MAX = 15;

export const TXID_LENGTH_MAX = 25;

export const AMOUNT_FIELD_LENGTH_MAX = 13;

// Used by collections/boleto-expiry.ts.
/** Expired boletos written off by one run of the daily job; more are left to a run right after. */
export const BOLETO_EXPIRY_BATCH_MAX = 500;

/** How often each instance makes sure the daily expiry job is scheduled (1 h). */
export const BOLETO_EXPIRY_SCHEDULE_INTERVAL_MS = 3_600_000;

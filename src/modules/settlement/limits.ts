// Every bound of the settlement module, with its unit in its name.

/** How often the inbox worker looks at CAAS_CNAB_INBOX (default of CAAS_CNAB_INBOX_POLL_MS). */
export const CNAB_INBOX_POLL_MS_DEFAULT = 10_000;
export const CNAB_INBOX_POLL_MS_MIN = 100;
export const CNAB_INBOX_POLL_MS_MAX = 3_600_000;

/** A return file larger than this is refused unread (a day of a large lender is well under 10 MiB). */
export const CNAB_FILE_BYTES_MAX = 64 * 1024 * 1024;

/** One request to the Pix provider, connect to last byte. */
export const PIX_HTTP_TIMEOUT_MS = 15_000;

/** The provider's answers are read up to this size. */
export const PIX_RESPONSE_BYTES_MAX = 1024 * 1024;

/** A webhook body (the provider batches pix notifications). */
export const PIX_WEBHOOK_BODY_BYTES_MAX = 1024 * 1024;

/** An access token is renewed this long before the expiry the provider announced. */
export const PIX_TOKEN_EARLY_RENEWAL_MS = 60_000;

/**
 * A pix notification that could not be confirmed (GET /pix failed) is retried by a job this many
 * times (the platform backoff doubles from 5 s up to 15 min: about 6 hours in all); after that it
 * stays pending, listed by `caas reconcile`, until the provider delivers it again.
 */
export const PIX_CONFIRM_ATTEMPTS_MAX = 30;

// Used by pix/webhook.ts.
export const PIX_PER_NOTIFICATION_MAX = 1000;
/** Retry-After (seconds) of the 503 answered when the Pix provider fails to register a charge. */
export const PIX_PROVIDER_RETRY_AFTER_S = 30;

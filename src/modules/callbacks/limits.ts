// Every bound of partner callbacks, with its unit in its name. Kept in one file so the lead can
// move them into the central limits file and the config schema can override the *_MS ones.

/** One delivery attempt, from connect to the last byte read. The issue fixes 10 s by default. */
export const CALLBACK_TIMEOUT_MS = 10_000;

/** Attempts per event (the first one included) before it is marked failed. */
export const CALLBACK_MAX_ATTEMPTS = 50;

/** Age of an event (from its creation) after which no further attempt is scheduled: one day. */
export const CALLBACK_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** Backoff: the ceiling of the n-th retry delay is min(cap, base · 2^(n-1)). */
export const CALLBACK_BACKOFF_BASE_MS = 5_000;
export const CALLBACK_BACKOFF_CAP_MS = 60 * 60 * 1000;

/** Full jitter can draw a delay near zero; a floor keeps a failing partner from a hot loop. */
export const CALLBACK_BACKOFF_FLOOR_MS = 1_000;

/** Response bodies are read (so the connection ends cleanly) up to this size, then dropped. */
export const CALLBACK_RESPONSE_BYTES_MAX = 64 * 1024;

/** A body holds at most a QR-code image (Imagem) and short lists; anything larger is a bug. */
export const CALLBACK_BODY_BYTES_MAX = 256 * 1024;

/** Installment numbers listed in one event (a schedule never has more installments). */
export const CALLBACK_INSTALLMENTS_MAX = 1_000;

export const CALLBACK_URL_CHARS_MAX = 2_048;
export const CALLBACK_HEADER_NAME_CHARS_MAX = 64;
export const CALLBACK_HEADER_VALUE_CHARS_MAX = 1_024;

/** Standard Webhooks: symmetric secrets are 24 to 64 random bytes; we generate 32. */
export const CALLBACK_SECRET_BYTES = 32;
export const CALLBACK_SECRET_BYTES_MIN = 24;
export const CALLBACK_SECRET_BYTES_MAX = 64;

/** Secrets that sign at once: the current one and, during a rotation, the previous one. */
export const CALLBACK_SECRETS_ACTIVE_MAX = 2;

/** Verifier side: how far webhook-timestamp may be from the receiver's clock (replay window). */
export const CALLBACK_TIMESTAMP_TOLERANCE_MS = 5 * 60 * 1000;

/** A Retry-After longer than the backoff cap is clamped to it (a partner cannot park an event). */
export const CALLBACK_RETRY_AFTER_MAX_MS = CALLBACK_BACKOFF_CAP_MS;

/** webhook-id: `msg_` + outbox id; short and without '.', which the signed content uses as a separator. */
export const CALLBACK_WEBHOOK_ID_CHARS_MAX = 64;

/** last_error kept on an outbox row (and shown by `caas callbacks list`). */
export const CALLBACK_ERROR_CHARS_MAX = 500;

// The delivery worker (delivery-worker.ts).

/** Attempts in flight at once per process (each is one outgoing connection, one claimed event). */
export const CALLBACK_DELIVERY_CONCURRENCY_MAX = 16;

/**
 * Added to a claim's lease beyond the attempt itself (bounded by the timeout): the outcome write
 * and scheduling delays. A claim lasts timeout + this margin; after that, a crashed worker's
 * events are taken by another worker.
 */
export const CALLBACK_CLAIM_MARGIN_MS = 5_000;

/** The longest pause between two claims when nothing wakes the worker earlier (an attempt ending). */
export const CALLBACK_POLL_INTERVAL_MS = 1_000;

/** How often events that cannot be sent (no URL, disabled partner) are checked against the age bound. */
export const CALLBACK_SWEEP_INTERVAL_MS = 60_000;
export const CALLBACK_SWEEP_BATCH_MAX = 1_000;

/** `caas callbacks list`: rows shown by default and at most. */
export const CALLBACK_LIST_ROWS_DEFAULT = 50;
export const CALLBACK_LIST_ROWS_MAX = 1_000;

// Used by settings.ts (CAAS_CALLBACKS_TIMEOUT_MS).
// A callback attempt shorter than this cannot even connect across a continent; longer than the
// maximum holds worker slots (and leases) hostage to one slow partner.
export const CALLBACK_TIMEOUT_MS_MIN = 100;

export const CALLBACK_TIMEOUT_MS_MAX = 60_000;

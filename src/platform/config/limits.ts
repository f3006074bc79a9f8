// Every limit of the service, in one place, named with its unit. Checked at start-up
// (assertLimits) so a bad edit fails fast instead of misbehaving under load.

export const LIMITS = {
  // Wire bounds from the interface ("magnitude bounds of 5000000000000 for the percentage fields
  // and 5000000000000000 for the monetary fields"), kept as exact decimal text.
  MONEY_MAX: '5000000000000000',
  PERCENT_MAX: '5000000000000',
  /** Percentages may carry up to 8 decimals (IOF daily rates such as 0.0082). */
  PERCENT_SCALE_MAX: 8,
  INT32_MIN: -2_147_483_648,
  INT32_MAX: 2_147_483_647,
  TEXT_LENGTH_MAX: 255,
  LIST_ITEMS_MAX: 420,
  PARAMETROS_MAX: 50,
  /** Messages in one error answer: enough for a whole bad proposal, bounded for a hostile one. */
  ERROR_MESSAGES_MAX: 100,
  JSON_DEPTH_MAX: 32,
  BODY_BYTES_MAX: 1_048_576,
  /** Hostile bodies (issue 12): entries of one JSON list or object, or fields of one form. */
  BODY_CONTAINER_ENTRIES_MAX: 1_000,
  /** Characters of one JSON number as written (money needs 19; more is never a real amount). */
  JSON_NUMBER_CHARS_MAX: 40,
  /** Unread body bytes discarded before an early answer (401, 413…) so the client reads it whole. */
  BODY_DRAIN_BYTES_MAX: 8 * 1_048_576,
  /** Longest wait for that unread body; past it the answer is sent and the connection closed. */
  BODY_DRAIN_TIME_MS: 5_000,
  IDEMPOTENCY_KEY_LENGTH_MAX: 255,
  IDEMPOTENCY_RETENTION_MS: 24 * 60 * 60 * 1000,
  IDEMPOTENCY_PURGE_INTERVAL_MS: 10 * 60 * 1000,
  IDEMPOTENCY_PURGE_BATCH_ROWS: 5_000,
  /** Batches per purge run: up to 1 M records per interval, far above the rate limit's traffic. */
  IDEMPOTENCY_PURGE_BATCHES_PER_RUN_MAX: 200,
  /** Requests per second per partner (token bucket, per instance). */
  RATE_LIMIT_REQUESTS_PER_SECOND: 200,
  RATE_LIMIT_BURST_REQUESTS: 400,
  RATE_LIMIT_BUCKETS_MAX: 100_000,
  DB_POOL_CONNECTIONS_MAX: 10,
  /**
   * How long a pool connection may sit idle before it is closed (issue 14): node-postgres's default
   * of 10 s closed connections between bursts, and the next burst paid a new connection, its SCRAM
   * authentication and every statement prepared again, inside requests. Idle connections do not
   * keep a process alive (pool.ts: allowExitOnIdle).
   */
  DB_POOL_IDLE_TIMEOUT_MS: 5 * 60 * 1000,
  /**
   * TCP keepalive on pool connections, first probe after this much silence: a connection kept idle
   * for minutes behind a NAT or load balancer that drops quiet flows (often after ~4-6 min) is
   * found dead by the kernel instead of swallowing the next statement for ~15 min of retransmits.
   */
  DB_KEEPALIVE_INITIAL_DELAY_MS: 30_000,
  DB_STATEMENT_TIMEOUT_MS: 15_000,
  DB_CONNECT_TIMEOUT_MS: 10_000,
  /** Distinct statement texts prepared by name per process (and so per connection); more run unnamed. */
  DB_PREPARED_STATEMENTS_MAX: 2_000,
  /** Operator queries (issue 15): rows one listing prints; rows one export batch reads (keyset). */
  OPERATOR_LIST_ROWS_MAX: 1_000,
  EXPORT_BATCH_ROWS: 1_000,
  SHUTDOWN_GRACE_MS: 10_000,
  REQUEST_TIMEOUT_MS: 30_000,
  EMBEDDED_PG_START_TIMEOUT_MS: 60_000,
  /** Background jobs (platform/jobs.ts): poll interval, jobs per tick, attempts and backoff. */
  JOBS_POLL_INTERVAL_MS: 1_000,
  JOBS_PER_TICK_MAX: 50,
  JOBS_ATTEMPTS_MAX: 8,
  JOBS_BACKOFF_BASE_MS: 5_000,
  JOBS_BACKOFF_CAP_MS: 15 * 60 * 1000,
  /** No retry of a job is scheduled later than this after its creation (8 attempts take ~21 min). */
  JOBS_MAX_AGE_MS: 30 * 24 * 60 * 60 * 1000,
  JOBS_ERROR_CHARS_MAX: 500,
  /** Sandbox clock (platform/sandbox-clock): how stale an instance's copy of the offset may be. */
  SANDBOX_CLOCK_TTL_MS: 1_000,
  /** One `caas clock advance`/`set` moves at most this far (ten years). */
  SANDBOX_CLOCK_MOVE_DAYS_MAX: 3_660,
  /** Catch-up after a move: one step per day; rounds of one phase in one step (bounded loop). */
  SANDBOX_CLOCK_STEP_MS: 24 * 60 * 60 * 1000,
  SANDBOX_CLOCK_PHASE_ROUNDS_MAX: 1_000,
  /** The read model (platform/answer-cache.ts): stored answers kept at most (~16-80 KB each), purged oldest first. */
  ANSWER_CACHE_ROWS_MAX: 100_000,
  ANSWER_CACHE_PURGE_BATCH_ROWS: 5_000,
  ANSWER_CACHE_PURGE_BATCHES_PER_RUN_MAX: 20,
  /** Hit statement texts kept, one per cached query's scope select (a handful); past it, built per request. */
  ANSWER_CACHE_READ_TEXTS_MAX: 100,
} as const;

export type Limits = typeof LIMITS;

/** Fails fast on a limit that cannot be right. */
export function assertLimits(limits: Limits = LIMITS): void {
  for (const [name, value] of Object.entries(limits)) {
    if (typeof value === 'number' && !(Number.isFinite(value) && (value > 0 || name.endsWith('_MIN')))) {
      throw new Error(`limit ${name} must be a positive finite number, got ${value}`);
    }
  }
  if (limits.RATE_LIMIT_BURST_REQUESTS < limits.RATE_LIMIT_REQUESTS_PER_SECOND) {
    throw new Error('limit RATE_LIMIT_BURST_REQUESTS must be at least RATE_LIMIT_REQUESTS_PER_SECOND');
  }
}

/** A limit's value as a number: numbers, bigints and exact decimal text ('0.02'); null for anything else. */
function numericValue(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  return null;
}

/**
 * Fails fast on a limits file (a module's limits.ts, as a namespace) that cannot be right: every
 * `*_MAX` is a positive finite number (or exact decimal text), every `*_MIN` a finite one, and a
 * `X_MIN` never exceeds its `X_MAX`. `source` names the file in the message.
 */
export function assertLimitValues(source: string, values: Readonly<Record<string, unknown>>): void {
  for (const [name, value] of Object.entries(values)) {
    if (!/_(MAX|MIN)$/.test(name)) continue;
    const n = numericValue(value);
    if (n === null || !Number.isFinite(n) || (name.endsWith('_MAX') && !(n > 0))) {
      throw new Error(`limit ${name} (${source}) must be a ${name.endsWith('_MAX') ? 'positive ' : ''}finite number, got ${String(value)}`);
    }
    const max = name.endsWith('_MIN') ? numericValue(values[name.replace(/_MIN$/, '_MAX')]) : null;
    if (max !== null && n > max) throw new Error(`limit ${name} (${source}) exceeds ${name.replace(/_MIN$/, '_MAX')}: ${n} > ${max}`);
  }
}

// Used by env.ts.
export const RATE_PER_SECOND_MAX = 1_000_000;

export const RETENTION_HOURS_MIN = 24;

export const RETENTION_HOURS_MAX = 24 * 90;

// Used by ../http/operations.ts.
/** How many ignored paths one debug line lists (the count is always complete). */
export const IGNORED_PATHS_LOGGED_MAX = 20;

// Used by ../http/serialize.ts.
/** Nesting levels of an answer the JSON writer accepts (deeper is a bug, not data). */
export const ANSWER_DEPTH_LEVELS_MAX = 64;

/** Field names whose quoted form the JSON writer keeps (answers use a small set); a pure cache. */
export const ANSWER_QUOTED_KEYS_MAX = 4096;

// Used by ../dates.ts.
/** Hours whose São Paulo date brazilDateAt keeps (~14 months); cleared whole when full (a pure cache). */
export const DATE_OF_HOUR_ENTRIES_MAX = 10_000;

// Used by ../http/request-log.ts.
export const PATH_LOGGED_LENGTH_MAX = 200; // characters of an unmatched path kept in the log

// Used by ../money.ts.
/** Distinct (rate, days, period) factors remembered; cleared whole when full (a pure cache). */
export const GROWTH_CACHE_ENTRIES_MAX = 100_000;

// Used by ../calendar.ts.
/** Years the calendar answers for; outside them a date is a programmer error, not data. */
export const CALENDAR_YEAR_MIN = 1990;

export const CALENDAR_YEAR_MAX = 2199;

// Used by ../http/wire-blocks.ts.
/** Installment numbers: a term never exceeds 420 months (35 years), so neither does a number. */
export const INSTALLMENT_NUMBER_MAX = 420;

/** Batch inputs (addresses, charge codes, boleto numbers) stay small: one call, one customer/proposal. */
export const BATCH_ITEMS_MAX = 100;

/** CPF/CNPJ with punctuation: '12.345.678/0001-95' is 18 characters. */
export const DOCUMENT_LENGTH_MAX = 18;

/** codigoOperacao is the partner's own id: a UUID (36) in some clients, a numeric string in others. */
export const OPERATION_CODE_LENGTH_MAX = 64;

/** Free-text reasons and notes. */
export const REASON_LENGTH_MAX = 500;

/** Proposal numbers live in an `integer` column (proposals.numero). */
export const PROPOSAL_NUMBER_MAX = 2_147_483_647;

// Used by ../idempotency.ts.
/** Races lost in a row before giving up (each one means another request stored a record). */
export const LOST_RACES_MAX = 3;

// Used by ../db/fixed-text.ts.
/** Renumbered fixed statement texts kept (a handful in practice: each is a fixed text); a pure cache. */
export const SHIFTED_TEXTS_MAX = 256;
/** Statement shapes a ShapedStatements keeps compiled (the cancellation: one per reference column); past it, built each time. */
export const SHAPED_STATEMENTS_MAX = 256;

// The query layer: Kysely over node-postgres. Type parsers keep values exact:
// numeric stays text (turned into decimal.js by repositories), date stays 'YYYY-MM-DD' text
// (a calendar date, never a JS Date at some midnight), int8 becomes a safe JS integer.
import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { LIMITS } from '../config/limits.js';
import { PipelinedPostgresDialect } from './pipelined-driver.js';
import { prepareStatementsOf, statementCount } from './prepared.js';
import type { Database } from './schema.js';

const PG_DATE_OID = 1082;
const PG_INT8_OID = 20;
const PG_NUMERIC_OID = 1700;

pg.types.setTypeParser(PG_DATE_OID, (text: string) => text);
pg.types.setTypeParser(PG_NUMERIC_OID, (text: string) => text);
pg.types.setTypeParser(PG_INT8_OID, (text: string) => {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new Error(`assertion: int8 value ${text} exceeds the safe integer range`);
  return n;
});

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
/** Either the pool or an open transaction: repositories accept both. */
export type Executor = Db | Tx;

const POOLS = new WeakMap<object, pg.Pool>();

/** Connections of the pool behind `db` (for /metrics and tests); null for a Db not made by createDb. */
export function poolStats(db: Db): { total: number; idle: number; waiting: number; statements: number; idleTimeout_ms: number; keepAliveDelay_ms: number | null } | null {
  const pool = POOLS.get(db);
  if (!pool) return null;
  const options = (pool as unknown as { options: { idleTimeoutMillis: number; keepAlive?: boolean; keepAliveInitialDelayMillis?: number } }).options;
  const keepAliveDelay_ms = options.keepAlive === true ? (options.keepAliveInitialDelayMillis ?? 0) : null;
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, statements: statementCount(), idleTimeout_ms: options.idleTimeoutMillis, keepAliveDelay_ms };
}

/**
 * `pipelined` (default true): the pool's clients run in pipeline mode and transactions go through
 * pipelined-driver.ts (begin sent with the first statement, the closing statement with commit).
 * False: kysely's own driver, every statement its own round trip (the bench's baseline server).
 */
export function createDb(url: string, options: { maxConnections?: number; applicationName?: string; pipelined?: boolean } = {}): Db {
  const pipelined = options.pipelined ?? true;
  const pool = new pg.Pool({
    pipeline: pipelined,
    connectionString: url,
    max: options.maxConnections ?? LIMITS.DB_POOL_CONNECTIONS_MAX,
    idleTimeoutMillis: LIMITS.DB_POOL_IDLE_TIMEOUT_MS,
    // Idle connections kept warm must not hold a finished script or test open until they time out.
    allowExitOnIdle: true,
    // Connections kept idle for minutes: keepalive probes find a flow a middlebox dropped.
    keepAlive: true,
    keepAliveInitialDelayMillis: LIMITS.DB_KEEPALIVE_INITIAL_DELAY_MS,
    connectionTimeoutMillis: LIMITS.DB_CONNECT_TIMEOUT_MS,
    statement_timeout: LIMITS.DB_STATEMENT_TIMEOUT_MS,
    application_name: options.applicationName ?? 'caas',
  });
  // An idle client that errors (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  // Statements are prepared once per connection (prepared.ts), not parsed and planned every time.
  pool.on('connect', (client) => prepareStatementsOf(client));
  const db = new Kysely<Database>({ dialect: pipelined ? new PipelinedPostgresDialect(pool) : new PostgresDialect({ pool }) });
  POOLS.set(db, pool);
  return db;
}

/**
 * Runs `work` in one transaction (read committed). Every state change goes through here. Given an
 * open transaction (a use case called by the command runner, src/platform/commands.ts), `work`
 * joins it, so the effect commits together with the runner's idempotency record and audit row.
 */
export function inTransaction<T>(db: Executor, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Tx) : db.transaction().execute(work);
}

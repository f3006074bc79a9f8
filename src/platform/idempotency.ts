// Exactly-once commands. The IdempotencyKey is scoped to (partner, operation). The runner's own
// statements cost no round trip of their own on the success path (issue 14; they took seven): the
// pipelined driver (db/pipelined-driver.ts) sends `begin` and the claim with the work's first
// statement, and the stored outcome with `commit`:
//   1. claim, ONE statement: take a transaction-scoped advisory lock on the key without waiting
//      and look for a live stored outcome. It RAISES (migration 0056) when the lock is not taken
//      (another request with the key is still running: 409 at once, it will do the work, once) or
//      when an outcome is found (read again after the rollback and replayed byte for byte if the
//      request is the same, 422 otherwise). Its answer is read after the work has started: the
//      work's statements travel behind it and all fail if it raised, so nothing of them remains;
//   2. run the work in the transaction;
//   3. store the outcome (status + body) with `insert … on conflict … do update … where expired`,
//      so an expired record is replaced in the same statement, and commit it together with the
//      effect. The claim's snapshot is taken as its statement starts, before the lock is granted,
//      so a request that committed in between is not seen there; its record is, by the primary
//      key, when we store ours: the statement raises (its answer is read with the commit's, so it
//      cannot just return no row), the commit turns into a rollback of our effect, and we replay
//      its record;
//   4. a business error rolls the whole transaction back (no savepoint on the success path) and
//      its answer is stored in one statement of its own; if a record got there first (a retry
//      that ran meanwhile), that record is the answer.
// A crash before commit leaves nothing behind, so a retry with the key runs the command again.
import { createHash } from 'node:crypto';
import { CompiledQuery, sql } from 'kysely';
import type { Clock } from './clock.js';
import { LIMITS, LOST_RACES_MAX } from './config/limits.js';
import { shiftParameters, type FixedSql } from './db/fixed-text.js';
import { answerOf, ignore, withCommit } from './db/pipelined-driver.js';
import type { Db, Tx } from './db/pool.js';
import { DomainError } from './errors.js';
import { stringify } from './http/serialize.js';

export interface IdempotencyScope {
  partnerId: string;
  operation: string;
  key: string;
  requestHash: string;
}

export interface StoredOutcome {
  statusCode: number;
  body: string;
  replayed: boolean;
}

/**
 * What the work produced: the answer to store and, optionally, more writes that commit with it,
 * as common table expressions (`name as (insert …)`, comma-separated; names other than those of
 * this statement). They run in the statement storing the record (step 3), so they cost no round
 * trip of their own (the command runner's audit row and outbox rows).
 */
export interface WorkOutcome {
  body: string;
  alongside?: FixedSql;
}

/** Renders a business error into the answer to store (status and body). */
export type ErrorRenderer = (error: DomainError) => { statusCode: number; body: string };

export function hashRequest(body: unknown): string {
  return createHash('sha256').update(stringify(body, { sortKeys: true })).digest('hex');
}

/** A signed 64-bit advisory-lock key for the scope (collisions only cause a spurious 409). */
function lockKeyOf(scope: IdempotencyScope): string {
  const digest = createHash('sha256').update(`${scope.partnerId}\u0000${scope.operation}\u0000${scope.key}`).digest();
  return digest.readBigInt64BE(0).toString();
}

const inFlight = () =>
  new DomainError('conflict', [{ code: 'IDEM409', description: 'Uma requisição com esta IdempotencyKey ainda está em processamento; tente novamente em instantes', field: 'IdempotencyKey' }], { 'retry-after': '1' });

const mismatch = () =>
  new DomainError('idempotency_mismatch', [{ code: 'IDEM422', description: 'Esta IdempotencyKey já foi usada com outro conteúdo nesta operação', field: 'IdempotencyKey' }]);

interface Stored {
  request_hash: string;
  status_code: number;
  body: string;
}

// The statements' texts are fixed (issue 14: kysely built them on every command, ~200 µs of a write's server CPU).
const CLAIM = `
    select idempotency_key_free(pg_try_advisory_xact_lock($1::bigint), exists (
      select 1 from idempotency_records r
      where r.partner_id = $2 and r.operation = $3 and r.key = $4 and r.expires_at > $5)) as free`;

const STORE = `insert into idempotency_records (partner_id, operation, key, request_hash, status_code, body, created_at, expires_at)
    values ($1, $2, $3, $4, $5, $6, $7, $8)
    on conflict (partner_id, operation, key) do update
      set request_hash = excluded.request_hash, status_code = excluded.status_code, body = excluded.body, created_at = excluded.created_at, expires_at = excluded.expires_at
      where idempotency_records.expires_at <= excluded.created_at
    returning 1 as stored`;
const STORE_PARAMETERS = 8;

/** SQLSTATEs of migration 0056: a live record holds the key (found by the claim, or a lost race when storing); a running request holds it. */
const KEY_ANSWERED = 'CI200';
const KEY_HELD = 'CI409';
const STORED_OR_RAISE = `stored as (${STORE}) select idempotency_record_stored((select count(*) from stored)) as stored`;

const LIVE_RECORD = `select request_hash, status_code, body from idempotency_records
    where partner_id = $1 and operation = $2 and key = $3 and expires_at > $4`;

/**
 * Step 1: the advisory lock and the look-up, in one statement sent ahead of the work (its answer
 * read when awaited): throws KEY_HELD or KEY_ANSWERED.
 */
async function claim(tx: Tx, scope: IdempotencyScope, now: Date): Promise<void> {
  const query = withCommit(CompiledQuery.raw(CLAIM, [lockKeyOf(scope), scope.partnerId, scope.operation, scope.key, now]));
  await answerOf(query, await tx.executeQuery(query));
}

/** STORE's parameters, in order. */
function storeValues(scope: IdempotencyScope, outcome: { statusCode: number; body: string }, now: Date, retention_ms: number): unknown[] {
  return [scope.partnerId, scope.operation, scope.key, scope.requestHash, outcome.statusCode, outcome.body, now, new Date(now.getTime() + retention_ms)];
}

/** Step 4: stores a business error's outcome unless a live record exists; false when one did. */
async function store(db: Db, scope: IdempotencyScope, outcome: { statusCode: number; body: string }, now: Date, retention_ms: number): Promise<boolean> {
  const { rows } = await db.executeQuery<{ stored: number }>(CompiledQuery.raw(STORE, storeValues(scope, outcome, now, retention_ms)));
  return rows.length === 1;
}

/**
 * Step 3 on the success path: the record and the work's companion writes, sent with the commit
 * (pipelined-driver.ts withCommit: one round trip for both). Its answer is not read before the
 * commit, so a live record under the key (a lost race) raises KEY_ANSWERED inside the statement and
 * the commit turns into a rollback (migration 0056).
 */
async function storeWithCommit(tx: Tx, scope: IdempotencyScope, body: string, now: Date, retention_ms: number, alongside?: FixedSql): Promise<void> {
  const values = storeValues(scope, { statusCode: 200, body }, now, retention_ms);
  const text = `with ${alongside === undefined ? '' : `${shiftParameters(alongside.text, STORE_PARAMETERS)}, `}${STORED_OR_RAISE}`;
  await tx.executeQuery(withCommit(CompiledQuery.raw(text, alongside === undefined ? values : [...values, ...alongside.values])));
}

function raised(error: unknown, sqlstate: string): boolean {
  return error instanceof Error && (error as { code?: unknown }).code === sqlstate;
}

async function liveRecord(db: Db, scope: IdempotencyScope, now: Date): Promise<Stored | undefined> {
  const { rows } = await db.executeQuery<Stored>(CompiledQuery.raw(LIVE_RECORD, [scope.partnerId, scope.operation, scope.key, now]));
  return rows[0];
}

function replay(stored: Stored, scope: IdempotencyScope): StoredOutcome {
  if (stored.request_hash !== scope.requestHash) throw mismatch();
  return { statusCode: stored.status_code, body: stored.body, replayed: true };
}

function isStorable(error: unknown): error is DomainError {
  return error instanceof DomainError && (error.kind === 'business' || error.kind === 'validation');
}

/** Thrown inside the transaction to roll it back; carries the business error out of it. */
class RolledBack extends Error {
  constructor(readonly businessError: DomainError) {
    super('rolled back');
  }
}

export async function executeIdempotent(
  db: Db,
  clock: Clock,
  scope: IdempotencyScope,
  work: (tx: Tx) => Promise<string | WorkOutcome>,
  renderError: ErrorRenderer,
  retention_ms: number = LIMITS.IDEMPOTENCY_RETENTION_MS,
): Promise<StoredOutcome> {
  for (let attempt = 1; ; attempt += 1) {
    const now = clock.now();
    try {
      return await db.transaction().execute(async (tx) => {
        // The work starts behind the claim, before its answer: the claim's verdict comes first.
        const claimed = claim(tx, scope, now);
        claimed.catch(ignore);
        let done: WorkOutcome;
        try {
          const result = await work(tx);
          done = typeof result === 'string' ? { body: result } : result;
        } catch (error) {
          await claimed;
          if (isStorable(error)) throw new RolledBack(error);
          throw error;
        }
        await claimed;
        const body = done.body;
        // Lost race: the statement raises, and the rollback also undoes the companion writes.
        await storeWithCommit(tx, scope, body, now, retention_ms, done.alongside);
        return { statusCode: 200, body, replayed: false };
      });
    } catch (error) {
      if (raised(error, KEY_HELD)) throw inFlight();
      if (error instanceof RolledBack) {
        const outcome = renderError(error.businessError);
        if (await store(db, scope, outcome, now, retention_ms)) return { ...outcome, replayed: false };
      } else if (!raised(error, KEY_ANSWERED)) throw error;
      const winner = await liveRecord(db, scope, now);
      if (winner) return replay(winner, scope);
      if (attempt >= LOST_RACES_MAX) throw inFlight();
    }
  }
}

/**
 * Deletes expired records in bounded batches (each its own short statement) until none is left or
 * `batches_max` ran; returns how many went. One batch per run would fall behind any traffic above
 * batch_rows per purge interval, and the table would grow without end.
 */
export async function purgeExpiredIdempotency(
  db: Db,
  now: Date,
  batch_rows: number = LIMITS.IDEMPOTENCY_PURGE_BATCH_ROWS,
  batches_max: number = LIMITS.IDEMPOTENCY_PURGE_BATCHES_PER_RUN_MAX,
): Promise<number> {
  let purged = 0;
  for (let batch = 0; batch < batches_max; batch += 1) {
    const result = await sql`delete from idempotency_records where ctid in (
      select ctid from idempotency_records where expires_at <= ${now} limit ${batch_rows})`.execute(db);
    const deleted = Number(result.numAffectedRows ?? 0);
    purged += deleted;
    if (deleted < batch_rows) break;
  }
  return purged;
}

// Exactly-once commands. The IdempotencyKey is scoped to (partner, operation). In ONE database
// transaction we:
//   1. take a transaction-scoped advisory lock on the key without waiting: if another request
//      with the key is still running, answer 409 at once (it will do the work, once);
//   2. look for the stored outcome: same body → replay it byte for byte; other body → 422;
//   3. run the command under a savepoint; a business error rolls back to the savepoint, so its
//      answer is stored while none of its partial effects are;
//   4. store the outcome (status + body) and commit it together with the effect.
// A crash before commit leaves nothing behind, so a retry with the key runs the command again.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Clock } from './clock.js';
import { LIMITS } from './config/limits.js';
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

async function findStored(tx: Tx, scope: IdempotencyScope, now: Date) {
  await tx
    .deleteFrom('idempotency_records')
    .where('partner_id', '=', scope.partnerId)
    .where('operation', '=', scope.operation)
    .where('key', '=', scope.key)
    .where('expires_at', '<=', now)
    .execute();
  return tx
    .selectFrom('idempotency_records')
    .select(['request_hash', 'status_code', 'body'])
    .where('partner_id', '=', scope.partnerId)
    .where('operation', '=', scope.operation)
    .where('key', '=', scope.key)
    .executeTakeFirst();
}

async function runUnderSavepoint(tx: Tx, work: (tx: Tx) => Promise<string>, renderError: ErrorRenderer): Promise<{ statusCode: number; body: string }> {
  await sql`savepoint idempotent_command`.execute(tx);
  try {
    const body = await work(tx);
    return { statusCode: 200, body };
  } catch (error) {
    if (!(error instanceof DomainError) || (error.kind !== 'business' && error.kind !== 'validation')) throw error;
    await sql`rollback to savepoint idempotent_command`.execute(tx);
    return renderError(error);
  }
}

export async function executeIdempotent(
  db: Db,
  clock: Clock,
  scope: IdempotencyScope,
  work: (tx: Tx) => Promise<string>,
  renderError: ErrorRenderer,
  retention_ms: number = LIMITS.IDEMPOTENCY_RETENTION_MS,
): Promise<StoredOutcome> {
  return db.transaction().execute(async (tx) => {
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(${lockKeyOf(scope)}::bigint) as locked`.execute(tx);
    if (!rows[0]?.locked) throw inFlight();
    const now = clock.now();
    const stored = await findStored(tx, scope, now);
    if (stored) {
      if (stored.request_hash !== scope.requestHash) throw mismatch();
      return { statusCode: stored.status_code, body: stored.body, replayed: true };
    }
    const outcome = await runUnderSavepoint(tx, work, renderError);
    await tx
      .insertInto('idempotency_records')
      .values({
        partner_id: scope.partnerId,
        operation: scope.operation,
        key: scope.key,
        request_hash: scope.requestHash,
        status_code: outcome.statusCode,
        body: outcome.body,
        created_at: now,
        expires_at: new Date(now.getTime() + retention_ms),
      })
      .execute();
    return { ...outcome, replayed: false };
  });
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

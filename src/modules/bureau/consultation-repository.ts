// Data access for the stored answers (bureau_cache) and the audit trail (bureau_consultations).
// Partner-facing reads take the partner id and filter by it: partner B never sees, nor is served,
// partner A's stored answer. The audit listing is the service team's, across partners on purpose.
import { sql, type Insertable, type Selectable } from 'kysely';
import type { Executor } from '../../platform/db/pool.js';
import { clientIdOf } from '../partners/index.js';
import type { BureauCacheTable, BureauConsultationsTable, ConsultationOperation } from './tables.js';

export type CacheRow = Selectable<BureauCacheTable>;
export type AuditRow = Insertable<BureauConsultationsTable>;
export type AuditRecord = Selectable<BureauConsultationsTable> & { client_id: string };

/** Expired stored answers removed per fresh consultation: bounded work, the table stays small. */
export const CACHE_PURGE_BATCH_ROWS = 100;

/** The partner's stored answer for this request, if obtained at or after `freshSince`. */
export async function findFreshAnswer(db: Executor, partnerId: string, operation: ConsultationOperation, requestKey: string, freshSince: Date): Promise<CacheRow | null> {
  const row = await db
    .selectFrom('bureau_cache')
    .selectAll()
    .where('partner_id', '=', partnerId)
    .where('operation', '=', operation)
    .where('request_key', '=', requestKey)
    .where('consulted_at', '>=', freshSince)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * What a fresh answer leaves, in ONE statement (so it needs no transaction: the bureau operations are
 * queries, issue 13): the partner's answer for this request stored (or replaced), up to
 * CACHE_PURGE_BATCH_ROWS answers older than `staleBefore` removed (personal data kept no longer than
 * useful; the row being stored is left to the upsert, so one statement never touches a row twice),
 * and the consultation recorded.
 */
export async function storeAnswerAndRecord(db: Executor, row: CacheRow, staleBefore: Date, audit: AuditRow): Promise<void> {
  const store = db
    .insertInto('bureau_cache')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['partner_id', 'operation', 'request_key']).doUpdateSet({ outcome: row.outcome, provider: row.provider, msg: row.msg, body: row.body, consulted_at: row.consulted_at }),
    );
  await sql`
    with stored as (${store}),
    purged as (
      delete from bureau_cache
      where (partner_id, operation, request_key) in (
        select partner_id, operation, request_key from bureau_cache
        where consulted_at < ${staleBefore}
          and (partner_id, operation, request_key) <> (${row.partner_id}, ${row.operation}, ${row.request_key})
        limit ${CACHE_PURGE_BATCH_ROWS}))
    ${db.insertInto('bureau_consultations').values(audit)}`.execute(db);
}

export async function recordConsultation(db: Executor, row: AuditRow): Promise<void> {
  await db.insertInto('bureau_consultations').values(row).execute();
}

export interface AuditFilter {
  /** Bare document (11 or 14 characters); null = any. */
  readonly document: string | null;
  readonly partnerId: string | null;
}

/** Operator: newest first, at most `limit` rows. */
export async function listConsultations(db: Executor, filter: AuditFilter, limit: number): Promise<AuditRecord[]> {
  let query = db
    .selectFrom('bureau_consultations as c')
    .selectAll('c')
    .select(clientIdOf('c.partner_id').as('client_id'));
  if (filter.document !== null) query = query.where('c.document', '=', filter.document);
  if (filter.partnerId !== null) query = query.where('c.partner_id', '=', filter.partnerId);
  return query.orderBy('c.consulted_at', 'desc').orderBy('c.id', 'desc').limit(limit).execute();
}

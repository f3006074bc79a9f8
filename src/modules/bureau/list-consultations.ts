// `caas audit bureau`: the service team's view of the consultation audit trail, across partners.
import type { Db } from '../../platform/db/pool.js';
import { listConsultations, type AuditFilter, type AuditRecord } from './consultation-repository.js';
import { AUDIT_LIST_ROWS_MAX } from './limits.js';

export const AUDIT_LIST_ROWS_DEFAULT = 100;

export interface AuditEntry {
  id: number;
  consultedAt: string;
  clientId: string;
  operation: string;
  document: string;
  documentKind: string;
  productCode: string | null;
  consultaCompleta: boolean | null;
  referenceMonth: string | null;
  consentAt: string | null;
  identifiers: string[] | null;
  outcome: string;
  provider: string;
  failureReason: string | null;
  failureDetail: string | null;
  cachedConsultedAt: string | null;
  requestId: string;
}

export interface AuditListing {
  entries: AuditEntry[];
  /** True when more consultations match than were listed. */
  truncated: boolean;
}

function entryOf(r: AuditRecord): AuditEntry {
  return {
    id: Number(r.id),
    consultedAt: r.consulted_at.toISOString(),
    clientId: r.client_id,
    operation: r.operation,
    document: r.document,
    documentKind: r.document_kind,
    productCode: r.product_code,
    consultaCompleta: r.consulta_completa,
    referenceMonth: r.reference_month,
    consentAt: r.consent_at?.toISOString() ?? null,
    identifiers: r.identifiers,
    outcome: r.outcome,
    provider: r.provider,
    failureReason: r.failure_reason,
    failureDetail: r.failure_detail,
    cachedConsultedAt: r.cached_consulted_at?.toISOString() ?? null,
    requestId: r.request_id,
  };
}

/** Newest first. `limit` is 1..AUDIT_LIST_ROWS_MAX. */
export async function listBureauAudit(db: Db, filter: AuditFilter, limit: number = AUDIT_LIST_ROWS_DEFAULT): Promise<AuditListing> {
  if (!Number.isInteger(limit) || limit < 1 || limit > AUDIT_LIST_ROWS_MAX) throw new Error(`assertion: audit limit must be 1..${AUDIT_LIST_ROWS_MAX}`);
  const rows = await listConsultations(db, filter, limit + 1);
  return { entries: rows.slice(0, limit).map(entryOf), truncated: rows.length > limit };
}

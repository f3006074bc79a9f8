// Row types of the bureau tables (migration 0006-bureau.sql).
import type { Generated } from 'kysely';

export type ConsultationOperation = 'bureau' | 'scr' | 'fraud';
export type StoredOutcome = 'found' | 'no_record';
export type AuditOutcome = StoredOutcome | 'failure' | 'cached';

export interface BureauCacheTable {
  partner_id: string;
  operation: ConsultationOperation;
  request_key: string;
  outcome: StoredOutcome;
  provider: string;
  msg: string;
  body: string;
  consulted_at: Date;
}

export interface BureauConsultationsTable {
  id: Generated<number>;
  partner_id: string;
  operation: ConsultationOperation;
  document: string;
  document_kind: 'CPF' | 'CNPJ';
  product_code: string | null;
  consulta_completa: boolean | null;
  reference_month: string | null;
  consent_at: Date | null;
  identifiers: string[] | null;
  outcome: AuditOutcome;
  provider: string;
  failure_reason: string | null;
  failure_detail: string | null;
  cached_consulted_at: Date | null;
  request_id: string;
  consulted_at: Date;
}

export interface BureauTables {
  bureau_cache: BureauCacheTable;
  bureau_consultations: BureauConsultationsTable;
}

// Registers these tables in the one Database type (platform/db/schema.ts): platform imports no module.
declare module '../../platform/db/schema.js' {
  interface Database extends BureauTables {}
}

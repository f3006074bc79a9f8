// Row types of every table, for Kysely. Platform declares its own tables here; each module owns its
// tables' interfaces in its tables.ts and adds them to the one Database type there (TypeScript
// declaration merging: `declare module '…/platform/db/schema.js' { interface Database extends … }`),
// so platform imports no module. Column types follow pool.ts's parsers: numeric → string,
// date → 'YYYY-MM-DD' string, timestamptz → Date, int8 → number.
import type { ColumnType, Generated } from 'kysely';

export interface IdempotencyRecordsTable {
  partner_id: string;
  operation: string;
  key: string;
  request_hash: string;
  status_code: number;
  body: string;
  created_at: Date;
  expires_at: Date;
}

export interface JobsTable {
  id: Generated<number>;
  kind: string;
  payload: ColumnType<unknown, string, string>;
  status: Generated<'pending' | 'done' | 'failed'>;
  run_at: Date;
  attempts: Generated<number>;
  max_attempts: number;
  locked_until: Date | null;
  last_error: string | null;
  created_at: Date;
  finished_at: Date | null;
  /** A key's pending jobs run one at a time, in creation order (seq); null: unordered. */
  ordering_key: string | null;
  seq: Generated<number>;
  /** The last HTTP status of a job that calls out (callback delivery). */
  last_status: number | null;
  fail_reason: 'max_attempts' | 'max_age' | 'permanent' | 'undeliverable' | 'internal' | null;
}

export interface SandboxClockTable {
  id: number;
  offset_ms: number;
  updated_at: Date;
}

/** One command that ran through the runner (src/platform/commands.ts). */
export interface CommandAuditTable {
  id: Generated<number>;
  command: string;
  actor_kind: 'partner' | 'operator' | 'system';
  actor_id: string;
  idempotency_key: string | null;
  summary: string;
  created_at: Date;
  /** Where from: the face, e.g. "cli", "console 203.0.113.7" (null before migration 0032). */
  source: Generated<string | null>;
}

export interface PlatformTables {
  idempotency_records: IdempotencyRecordsTable;
  command_audit: CommandAuditTable;
  sandbox_clock: SandboxClockTable;
  jobs: JobsTable;
}

/** Every table: platform's, and each module's (added by its tables.ts). */
export interface Database extends PlatformTables {}

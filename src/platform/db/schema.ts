// Row types of every table, for Kysely. Each module owns its tables' interfaces; this file joins
// them into the one Database type. Column types follow pool.ts's parsers: numeric → string,
// date → 'YYYY-MM-DD' string, timestamptz → Date, int8 → number.
import type { ColumnType, Generated } from 'kysely';
import type { CallbacksTables } from '../../modules/callbacks/tables.js';
import type { PayeesTables } from '../../modules/payees/tables.js';
import type { CustomersTables } from '../../modules/customers/tables.js';
import type { GuaranteesTables } from '../../modules/guarantees/tables.js';
import type { ReceivablesTables } from '../../modules/receivables/tables.js';
import type { ProposalsTables } from '../../modules/proposals/tables.js';
import type { BureauTables } from '../../modules/bureau/tables.js';
import type { SettlementTables } from '../../modules/settlement/tables.js';
import type { PartnersTables } from '../../modules/partners/tables.js';
import type { OperatorsTables } from '../../modules/operators/tables.js';

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

export interface AssertionJtisTable {
  client_id: string;
  jti: string;
  expires_at: Date;
}

export interface SigningKeysTable {
  kid: string;
  alg: string;
  private_jwk: ColumnType<unknown, string, string>;
  public_jwk: ColumnType<unknown, string, string>;
  created_at: Date;
  retired_at: Date | null;
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
  assertion_jtis: AssertionJtisTable;
  signing_keys: SigningKeysTable;
}

// Modules add their table interfaces here as they land.
export interface Database extends PlatformTables, PartnersTables, CallbacksTables, PayeesTables, CustomersTables, GuaranteesTables, ReceivablesTables, ProposalsTables, BureauTables, SettlementTables, OperatorsTables {}

// Row types of the operators tables (migrations 0021-operators.sql, 0022-operator-confirmations.sql).
import type { ColumnType, Generated } from 'kysely';
import type { Role } from './permissions.js';

export interface OperatorsTable {
  id: string;
  email: string;
  name: string;
  role: Role;
  password_hash: string | null;
  totp_secret: string | null;
  totp_last_step: number | null;
  enabled: Generated<boolean>;
  password_token_hash: string | null;
  password_token_expires: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface OperatorSessionsTable {
  token_hash: string;
  operator_id: string;
  csrf_token: string;
  ip: string;
  created_at: Date;
  last_seen_at: Date;
}

export interface OperatorLoginFailuresTable {
  id: Generated<number>;
  email: string;
  ip: string;
  at: Date;
}

export type ConfirmationStatus = 'pending' | 'confirmed' | 'rejected' | 'failed';

export interface OperatorConfirmationsTable {
  id: string;
  kind: string;
  command: string;
  permission: string;
  input: ColumnType<unknown, string, string>;
  summary: string;
  idempotency_key: string;
  requested_by: string;
  requested_at: Date;
  status: ConfirmationStatus;
  decided_by: string | null;
  decided_at: Date | null;
  outcome: string | null;
}

export interface OperatorsTables {
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  operator_login_failures: OperatorLoginFailuresTable;
  operator_confirmations: OperatorConfirmationsTable;
}

// Registers these tables in the one Database type (platform/db/schema.ts): platform imports no module.
declare module '../../platform/db/schema.js' {
  interface Database extends OperatorsTables {}
}

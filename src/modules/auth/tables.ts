// Row types of the auth tables: assertion ids remembered until they expire (replay refusal) and
// the service's own signing keys (migration 0002-partners.sql).
import type { ColumnType } from 'kysely';

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

export interface AuthTables {
  assertion_jtis: AssertionJtisTable;
  signing_keys: SigningKeysTable;
}

// Registers these tables in the one Database type (platform/db/schema.ts): platform imports no module.
declare module '../../platform/db/schema.js' {
  interface Database extends AuthTables {}
}

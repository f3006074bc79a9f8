// Row types of the partner tables: partners with their flags and callback settings, their public
// keys and their callback signing secrets. Only this module reads or writes them; the others go
// through its read interface (index.ts).
import type { Generated } from 'kysely';

export interface PartnersTable {
  id: string;
  client_id: string;
  name: string;
  enabled: Generated<boolean>;
  scopes: string[] | null;
  can_refuse: Generated<boolean>;
  auto_approve_payees: Generated<boolean>;
  strict_fields: Generated<boolean>;
  callback_url: string | null;
  callback_header_name: string | null;
  callback_header_value: string | null;
  created_at: Date;
  updated_at: Date;
  /** Bumped by triggers on any change of the row or of its keys (migration 0050): the token endpoint's cache check. */
  credentials_version: Generated<number>;
}

export interface PartnerKeysTable {
  kid: string;
  partner_id: string;
  public_key_pem: string;
  created_at: Date;
  revoked_at: Date | null;
}

export interface PartnerCallbackSecretsTable {
  id: Generated<number>;
  partner_id: string;
  secret: string;
  created_at: Date;
  retired_at: Date | null;
}

export interface PartnersTables {
  partners: PartnersTable;
  partner_keys: PartnerKeysTable;
  partner_callback_secrets: PartnerCallbackSecretsTable;
}

// Registers these tables in the one Database type (platform/db/schema.ts): platform imports no module.
declare module '../../platform/db/schema.js' {
  interface Database extends PartnersTables {}
}

// Row types of the customers module's tables (migration 0008-customers-guarantees.sql).

export interface CustomerAddressesTable {
  id: string;
  partner_id: string;
  /** Bare CPF (11 digits) or CNPJ (14 characters, letters upper-case). */
  customer_document: string;
  /** 8 digits, no dash. */
  cep: string;
  logradouro: string;
  nro_logradouro: string | null;
  bairro: string | null;
  complemento: string | null;
  cidade: string;
  uf: string;
  tipo_endereco: number | null;
  tipo_residencia: number | null;
  /** Calendar date 'YYYY-MM-DD'. */
  endereco_desde: string | null;
  principal: boolean;
  correspondencia: boolean;
  created_at: Date;
  updated_at: Date;
}

export interface CustomersTables {
  customer_addresses: CustomerAddressesTable;
}

// Registers these tables in the one Database type (platform/db/schema.ts): platform imports no module.
declare module '../../platform/db/schema.js' {
  interface Database extends CustomersTables {}
}

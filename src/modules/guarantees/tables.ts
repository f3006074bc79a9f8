// Row types of the guarantees module's tables (migration 0008-customers-guarantees.sql).

export interface GuaranteeAssetsTable {
  partner_id: string;
  /** The partner's `codigoPropostaGarantiaBem`. */
  id: string;
  created_at: Date;
}

export interface GuaranteeDocumentsTable {
  id: string;
  partner_id: string;
  asset_id: string;
  /** Sequential per asset, from 1, kept when the record is updated. */
  numero: number;
  tipo_documento: number;
  nome_arquivo: string;
  extensao: string;
  /** Calendar date 'YYYY-MM-DD'. */
  dt_validade: string | null;
  conferido: boolean;
  dt_conferido: Date | null;
  codigo_usuario_conferido: number | null;
  created_at: Date;
  updated_at: Date;
}

export interface GuaranteesTables {
  guarantee_assets: GuaranteeAssetsTable;
  guarantee_documents: GuaranteeDocumentsTable;
}

// Registers these tables in the one Database type (platform/db/schema.ts): platform imports no module.
declare module '../../platform/db/schema.js' {
  interface Database extends GuaranteesTables {}
}

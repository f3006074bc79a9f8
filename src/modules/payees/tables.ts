// Row types of the payee tables (migration 0007-payees.sql).
import type { Generated } from 'kysely';

export interface PayeesTable {
  id: string;
  partner_id: string;
  situacao: number;
  nome: string;
  documento_tipo: 'CPF' | 'CNPJ';
  documento: string;
  tipo_cadastro_pix: number;
  tipo_chave: number | null;
  chave: string | null;
  numero_participante_spi: string | null;
  numero_banco: string | null;
  agencia: string | null;
  agencia_digito: string | null;
  conta: string | null;
  conta_digito: string | null;
  conta_pagamento: string | null;
  tipo_conta: number | null;
  modelo_conta: number | null;
  motivo_rejeicao: string | null;
  created_at: Date;
  situacao_at: Date | null;
}

export interface PayeeReviewsTable {
  id: Generated<number>;
  payee_id: string;
  partner_id: string;
  decision: number;
  reviewed_by: string;
  reason: string | null;
  decided_at: Date;
  callback_event_id: string;
}

export interface PayeesTables {
  payees: PayeesTable;
  payee_reviews: PayeeReviewsTable;
}

// Registers these tables in the one Database type (platform/db/schema.ts): platform imports no module.
declare module '../../platform/db/schema.js' {
  interface Database extends PayeesTables {}
}

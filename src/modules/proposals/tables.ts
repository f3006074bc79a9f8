// Row types of the proposals tables (migration 0004-proposals.sql). Column types follow pool.ts's
// parsers: numeric → string, date → 'YYYY-MM-DD' string, timestamptz → Date.
import type { ColumnType, Generated } from 'kysely';

type Json = ColumnType<unknown, string, string>;
type NullableJson = ColumnType<unknown, string | null, string | null>;

export interface ProposalsTable {
  id: string;
  numero: Generated<number>;
  partner_id: string;
  codigo_operacao: string | null;
  status: number;
  person_type: 'PF' | 'PJ';
  customer_document: string;
  contract_type: string | null;
  contract_date: string;
  first_due_date: string;
  term_months: number;
  monthly_rate_percent: string;
  requested_amount: string;
  iof_exempt: boolean;
  financed_costs: string;
  financed_amount: string;
  monthly_charges: string;
  installment_amount: string;
  installment_source: 'sent' | 'computed';
  iof_amount: string;
  iof_source: 'sent' | 'computed' | 'exempt';
  tac_amount: string | null;
  cet_annual_percent: string;
  cet_monthly_percent: string;
  dto: Json;
  parametros: Json;
  payment_account: NullableJson;
  launches: Json;
  finalized_on: string | null;
  approved_on: string | null;
  disbursed_on: string | null;
  assigned_on: string | null;
  refused_on: string | null;
  cancelled_on: string | null;
  settled_on: string | null;
  refusal_reason_code: number | null;
  refusal_reason: string | null;
  cancellation_reason: string | null;
  refund_amount: string | null;
  refund_boleto_id: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface ProposalHistoryTable {
  id: Generated<number>;
  proposal_id: string;
  partner_id: string;
  event: string;
  from_status: number | null;
  to_status: number;
  occurred_on: string;
  recorded_at: Date;
  actor_kind: 'partner' | 'operator' | 'system';
  actor: string;
  reason: string | null;
  details: NullableJson;
}

export interface ProposalInstallmentsTable {
  proposal_id: string;
  numero: number;
  due_date: string;
  amount: string;
  interest: string;
  amortization: string;
  monthly_charges: string;
  balance_after: string;
}

export interface ProposalsTables {
  proposals: ProposalsTable;
  proposal_history: ProposalHistoryTable;
  proposal_installments: ProposalInstallmentsTable;
}

// Registers these tables in the one Database type (platform/db/schema.ts): platform imports no module.
declare module '../../platform/db/schema.js' {
  interface Database extends ProposalsTables {}
}

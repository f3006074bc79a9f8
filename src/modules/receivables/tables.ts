// Row types of the receivables tables (migration 0005-receivables.sql). numeric → string,
// date → 'YYYY-MM-DD' string, timestamptz → Date, bigint → number (platform/db/pool.ts).
import type { Generated } from 'kysely';

export interface ReceivableSchedulesTable {
  id: string;
  partner_id: string;
  proposal_id: string;
  proposal_number: number;
  codigo_operacao: string | null;
  customer_document: string;
  customer_name: string | null;
  contract_type: string | null;
  financed_amount: string;
  monthly_rate: string;
  disbursed_on: string;
  situacao: Generated<number>;
  created_at: Date;
  paid_off_on: string | null;
  cancelled_on: string | null;
  cancelled_at: Date | null;
  cancel_description: string | null;
}

export interface ReceivableInstallmentsTable {
  id: string;
  schedule_id: string;
  partner_id: string;
  number: number;
  due_date: string;
  amount: string;
  planned_principal: string;
  planned_interest: string;
  planned_balance_after: string;
  principal: string;
  unpaid_fine: Generated<string>;
  unpaid_late_interest: Generated<string>;
  unpaid_contract_interest: Generated<string>;
  fine_assessed: Generated<boolean>;
  charges_accrued_until: string;
  last_launch_date: string | null;
  total_paid: Generated<string>;
  total_discount: Generated<string>;
  cancelled: Generated<boolean>;
  paid_on: string | null;
}

export type ChargeStatus = 'active' | 'cancelling' | 'cancelled' | 'paid';

export interface ReceivableChargesTable {
  id: string;
  partner_id: string;
  schedule_id: string;
  via_boleto: boolean;
  via_pix: boolean;
  settlement: boolean;
  description: string;
  due_date: string;
  expires_on: string;
  amount: string;
  discount: string;
  permite_descapitalizacao: boolean;
  notify_customer: boolean;
  pix_txid: string | null;
  pix_emv: string | null;
  pix_image: string | null;
  status: ChargeStatus;
  created_at: Date;
  cancel_requested_at: Date | null;
  cancelled_at: Date | null;
  paid_on: string | null;
  amount_paid: string | null;
}

export interface ReceivableChargeInstallmentsTable {
  charge_id: string;
  installment_id: string;
  installment_number: number;
  discount: string;
  live: boolean;
}

export interface ReceivableBoletosTable {
  id: string;
  numero: Generated<number>;
  partner_id: string;
  schedule_id: string;
  charge_id: string | null;
  purpose: 'installments' | 'refund';
  settlement: boolean;
  description: string;
  notify_customer: boolean;
  due_date: string;
  expires_on: string;
  document_amount: string;
  discount: string;
  amount: string;
  permite_descapitalizacao: boolean;
  bank_code: string;
  nosso_numero_seq: number;
  nosso_numero: string;
  barcode: string;
  linha_digitavel: string;
  pix_txid: string;
  pix_emv: string;
  pix_image: string;
  print_token: string;
  registration_mode: number;
  registration_status: number;
  created_at: Date;
  registered_at: Date | null;
  cancel_requested_at: Date | null;
  cancelled_at: Date | null;
  paid_on: string | null;
  amount_paid: string | null;
}

export interface ReceivableBoletoInstallmentsTable {
  boleto_id: string;
  installment_id: string;
  installment_number: number;
  discount: string;
  live: boolean;
}

export interface ReceivableLaunchesTable {
  id: string;
  seq: Generated<number>;
  launch_group_id: string;
  partner_id: string;
  schedule_id: string;
  installment_id: string;
  installment_number: number;
  permite_descapitalizacao: boolean;
  via_boleto: boolean;
  boleto_id: string | null;
  charge_id: string | null;
  dt_vencimento: string;
  dt_lancamento: string;
  vlr_parcela: string;
  vlr_multa: string;
  vlr_juros: string;
  vlr_mora: string;
  vlr_iof: string;
  vlr_tarifas: string;
  vlr_abatimento: string;
  vlr_parcela_atualizado: string;
  vlr_pagamento: string;
  vlr_saldo_parcela: string;
  vlr_desconto: string;
  informar_fundo: Generated<boolean>;
  descricao: string | null;
  created_at: Date;
}

export interface ReceivablesTables {
  receivable_schedules: ReceivableSchedulesTable;
  receivable_installments: ReceivableInstallmentsTable;
  receivable_charges: ReceivableChargesTable;
  receivable_charge_installments: ReceivableChargeInstallmentsTable;
  receivable_boletos: ReceivableBoletosTable;
  receivable_boleto_installments: ReceivableBoletoInstallmentsTable;
  receivable_launches: ReceivableLaunchesTable;
}

// Registers these tables in the one Database type (platform/db/schema.ts): platform imports no module.
declare module '../../platform/db/schema.js' {
  interface Database extends ReceivablesTables {}
}

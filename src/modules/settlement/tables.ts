import type { Generated } from 'kysely';
// Row types of the settlement tables (migration 0019-settlement.sql).

export interface SettlementFilesTable {
  id: string;
  direction: 'remittance' | 'return';
  bank_code: string;
  name: string;
  sha256: string;
  file_sequence: number;
  entries: number;
  created_at: Date;
}

export interface SettlementRemittanceItemsTable {
  boleto_id: string;
  kind: 'register' | 'writeOff';
  file_id: string;
  created_at: Date;
}

export type SettlementChannel = 'boleto' | 'pix';
export type SettlementEventKind = 'registered' | 'rejected' | 'settled' | 'writtenOff' | 'informational' | 'unmatched';

export interface SettlementEventsTable {
  id: string;
  source_key: string;
  channel: SettlementChannel;
  actor: string;
  kind: SettlementEventKind;
  file_id: string | null;
  partner_id: string | null;
  boleto_id: string | null;
  charge_id: string | null;
  reference: string;
  amount_paid: string | null;
  charges: string | null;
  discount: string | null;
  amount_due: string | null;
  excess: string | null;
  outcome: 'full' | 'partial' | 'overpaid' | null;
  late: boolean | null;
  paid_on: string | null;
  credited_on: string | null;
  reasons: string | null;
  created_at: Date;
}

export interface SettlementUnmatchedTable {
  id: string;
  source_key: string;
  channel: SettlementChannel;
  actor: string;
  reference: string;
  amount: string;
  paid_on: string;
  reason: string;
  detail: string;
  created_at: Date;
  resolved_at: Date | null;
}

export interface SettlementPixNotificationsTable {
  end_to_end_id: string;
  txid: string | null;
  amount: string;
  /** `horario` as the provider wrote it (RFC 3339). */
  paid_at: string;
  received_at: Date;
  confirmed_at: Date | null;
  attempts: Generated<number>;
  last_error: string | null;
}

/**
 * A refund of a received pix (migration 0035): the refunds of one pix add up to at most its amount.
 * Recorded as 'requested' (no rtr_id) before the provider is asked (0040), then the provider's answer.
 */
export interface SettlementPixRefundsTable {
  end_to_end_id: string;
  refund_id: string;
  amount: string;
  rtr_id: string | null;
  status: string;
  created_at: Date;
}

export interface SettlementTables {
  settlement_files: SettlementFilesTable;
  settlement_remittance_items: SettlementRemittanceItemsTable;
  settlement_events: SettlementEventsTable;
  settlement_unmatched: SettlementUnmatchedTable;
  settlement_pix_notifications: SettlementPixNotificationsTable;
  settlement_pix_refunds: SettlementPixRefundsTable;
}

// Registers these tables in the one Database type (platform/db/schema.ts): platform imports no module.
declare module '../../platform/db/schema.js' {
  interface Database extends SettlementTables {}
}

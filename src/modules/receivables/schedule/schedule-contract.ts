// The contract between proposals and receivables. Proposals decide WHEN a schedule opens
// (disbursement) or closes (cancellation); receivables owns the schedule, its installments and its
// boletos. The implementations live in schedule-lifecycle.ts (receivables); proposals call them
// inside their own transaction so the status change and the schedule change commit together.
import type { Enqueue } from '../../../platform/commands.js';
import type { Executor } from '../../../platform/db/pool.js';
import type { LocalDate } from '../../../platform/dates.js';
import type { Decimal } from '../../../platform/money.js';

export interface PlannedInstallment {
  number: number;
  dueDate: LocalDate;
  /** The installment value (vlrParcela), centavos. */
  amount: Decimal;
  principal: Decimal;
  interest: Decimal;
  balanceAfter: Decimal;
}

/** The account the loan was credited to (event 0's `Conta`). */
export interface CreditAccount {
  /** COMPE number, 3 digits. */
  bankNumber: string;
  /** The bank's name when it is in the reference table. */
  bankName: string | null;
  branch: string;
  account: string;
  accountDigit: string;
}

export interface ScheduleOpening {
  proposalId: string;
  partnerId: string;
  proposalNumber: number;
  /** The partner's own id of the proposal (codigoOperacao). */
  operationCode: string | null;
  customerDocument: string;
  customerName: string | null;
  contractType: string | null;
  financedAmount: Decimal;
  /** Contract monthly rate as a fraction (0.0199 = 1.99% a month). */
  monthlyRate: Decimal;
  /** The proposal's contract date (event 0's DtFinanciado). */
  contractDate: LocalDate;
  disbursedOn: LocalDate;
  creditAccount: CreditAccount;
  installments: readonly PlannedInstallment[];
}

export interface ScheduleClosing {
  proposalId: string;
  partnerId: string;
  cancelledOn: LocalDate;
  /** What the customer must return (null or zero: nothing to return, no boleto). */
  refundAmount: Decimal | null;
  refundDueDate: LocalDate;
  description: string;
}

/** The schedule as Proposta/Consultar's `agenda` block summarizes it (proposal-view.ts maps the wire). */
export interface ScheduleSummary {
  /** ScheduleStatus. */
  status: number;
  statusText: string;
  installmentCount: number;
  paidInstallmentCount: number;
  totalPaid: Decimal;
  /** Face value still owed (principal + unpaid charges), without charges accrued since; 0 unless open. */
  outstandingBalance: Decimal;
  paidOffOn: LocalDate | null;
}

/** Opens the schedule of a disbursed proposal and enqueues event 0 (schedule created) with the command's `enqueue`. */
export type OpenSchedule = (tx: Executor, enqueue: Enqueue, opening: ScheduleOpening, now: Date) => Promise<void>;

/**
 * Cancels the schedule (status cancelled, 0), cancels its live boletos/charges, enqueues event 1,
 * and when refundAmount > 0 issues a boleto for it; returns that boleto's id (uuid) or null.
 */
export type CancelSchedule = (tx: Executor, enqueue: Enqueue, closing: ScheduleClosing, now: Date) => Promise<{ refundBoletoId: string | null }>;

/**
 * For Proposta/Consultar: the schedule's summary, or null when the proposal has none. 'nowait'
 * (CancelarProposta) also locks the schedule row for the caller's transaction, failing at once
 * (SQLSTATE 55P03) when a receivables command holds it: the summary then stays true until the
 * schedule is closed, and the caller never waits on the schedule while holding the proposal
 * (receivables lock schedule → proposal when a payment settles the loan).
 */
export type SummarizeSchedule = (db: Executor, partnerId: string, proposalId: string, lock?: 'none' | 'nowait') => Promise<ScheduleSummary | null>;

/** A boleto as Proposta/Consultar shows it (the refund boleto of a cancellation, `cancelamentoFGTS`). */
export interface BoletoSummary {
  number: number;
  barcode: string;
  digitableLine: string;
  /** The Pix BR Code (copia e cola) of a hybrid boleto. */
  pixCode: string;
  amount: Decimal;
  dueDate: LocalDate;
  printUrl: string;
}

/** The partner's boleto by id, or null; `publicUrl` builds its print address. */
export type DescribeBoleto = (db: Executor, partnerId: string, boletoId: string, publicUrl: string) => Promise<BoletoSummary | null>;

// Settlement rules, pure: whether reported money can be applied to what it names, and how the
// amount paid compares with the amount due on the payment date (fine and interest recalculated
// to that date by receivables' charges-math, the same function as launches and ConsultarParcelas).
import type { LocalDate } from '../../platform/dates.js';
import { dec, sum, ZERO, type Decimal } from '../../platform/money.js';
import { isSettled, updateBalance, type ChargesConfig, type InstallmentState } from '../receivables/index.js';

export type UnmatchedReason = 'unknownReference' | 'cancelledCharge' | 'alreadySettled' | 'scheduleClosed' | 'notPayable';

export const UNMATCHED_TEXT: Readonly<Record<UnmatchedReason, string>> = {
  unknownReference: 'referência desconhecida (nosso número ou txid sem cobrança)',
  cancelledCharge: 'pagamento de cobrança cancelada ou baixada',
  alreadySettled: 'pagamento de cobrança ou parcelas já liquidadas',
  scheduleClosed: 'agenda de recebíveis encerrada (liquidada ou cancelada)',
  notPayable: 'pagamento recusado pelas regras de lançamento',
};

export interface TargetState {
  /** cancelled or written off at the bank / removed at the PSP */
  cancelled: boolean;
  /** the boleto or charge already paid */
  paid: boolean;
  scheduleOpen: boolean;
  /** every installment it covers already settled (by other launches) */
  installmentsSettled: boolean;
}

/** What identifies one event of a CNAB return, whatever file or line carries it. */
export interface CnabEventContent {
  sequence: bigint;
  movement: string;
  occurredOn: LocalDate | null;
  /** Amount paid as the file has it (decimal text). */
  paid: string;
}

/**
 * The key of a CNAB event by its content (bank, nosso número sequence, movement, occurrence date,
 * amount paid), never by file and line: the same event in a reprocessed, consolidated or re-encoded
 * file is the same event (a duplicate), not new money.
 */
export function cnabEventKey(bank: string, e: CnabEventContent): string {
  return `cnab:${bank}:${e.sequence}:${e.movement}:${e.occurredOn ?? '-'}:${dec(e.paid === '' ? 0 : e.paid).toFixed(2)}`;
}

/** Why the money cannot be applied, or null when it can. */
export function unmatchedReason(target: TargetState | null): UnmatchedReason | null {
  if (target === null) return 'unknownReference';
  if (target.paid) return 'alreadySettled';
  if (target.cancelled) return 'cancelledCharge';
  if (!target.scheduleOpen) return 'scheduleClosed';
  if (target.installmentsSettled) return 'alreadySettled';
  return null;
}

export interface CoveredState {
  state: InstallmentState;
  discount: Decimal;
}

export interface AmountDue {
  amount: Decimal;
  /** Some installment carries fine or late interest on that date. */
  late: boolean;
}

/** What the covered open installments ask on `date`: updated balance minus each one's discount. */
export function amountDueOn(covered: readonly CoveredState[], date: LocalDate, allowDecapitalization: boolean, config: ChargesConfig): AmountDue {
  const open = covered.filter((c) => !c.state.cancelled && !isSettled(c.state));
  const updated = open.map((c) => ({ c, u: updateBalance(c.state, date, allowDecapitalization, config, 'dtPagamento') }));
  const amount = sum(updated.map(({ c, u }) => (u.net.minus(c.discount).isNegative() ? ZERO : u.net.minus(c.discount))));
  return { amount, late: updated.some(({ u }) => u.late) };
}

export type Outcome = 'full' | 'partial' | 'overpaid';

export interface Comparison {
  outcome: Outcome;
  /** Paid beyond what was due (0 unless overpaid). */
  excess: Decimal;
  /** What is still owed after the payment (0 unless partial). */
  shortfall: Decimal;
}

export function comparePaid(paid: Decimal, due: Decimal): Comparison {
  if (paid.greaterThan(due)) return { outcome: 'overpaid', excess: paid.minus(due), shortfall: ZERO };
  if (paid.lessThan(due)) return { outcome: 'partial', excess: ZERO, shortfall: due.minus(paid) };
  return { outcome: 'full', excess: ZERO, shortfall: ZERO };
}

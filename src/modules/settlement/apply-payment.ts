// Applies one payment reported by a bank (a settled CNAB line) or a Pix provider (a confirmed pix)
// to the boleto or charge it names, through receivables' launch use case, in the caller's
// transaction: the launches, event 3, the history row with the bank/provider as actor. Money that
// cannot be applied (unknown reference, cancelled charge, settled installments, a launch refusal)
// becomes an unmatched receipt instead: never lost, never applied twice (source_key).
import { sql } from 'kysely';
import type { Enqueue, OutboxEvent } from '../../platform/commands.js';
import type { Tx } from '../../platform/db/pool.js';
import type { LocalDate } from '../../platform/dates.js';
import { DomainError } from '../../platform/errors.js';
import { dec, type Decimal } from '../../platform/money.js';
import { boletoById, boletoInstallments, boletoOfCharge, BoletoStatus, chargeById, chargeInstallments, installmentsOf, isSettled, monthlyRateOf, scheduleById, settleReported, ScheduleStatus, stateOf, type BoletoRow, type ChargeRow, type ScheduleRow } from '../receivables/index.js';
import type { SettlementDeps } from './settlement-deps.js';
import { eventRecorded, recordEvent, recordUnmatched } from './ledger.js';
import { amountDueOn, comparePaid, unmatchedReason, type TargetState, type UnmatchedReason } from './rules.js';
import type { SettlementChannel } from './tables.js';


export interface ReportedPayment {
  sourceKey: string;
  channel: SettlementChannel;
  /** 'bank:001', 'psp:<host>'. */
  actor: string;
  /** Nosso número or txid, as the reporter named it. */
  reference: string;
  amount: Decimal;
  paidOn: LocalDate;
  creditedOn: LocalDate | null;
  fileId: string | null;
  /** What the bank says it charged as fine/interest and granted as discount (CNAB segment U). */
  reportedCharges: Decimal | null;
  reportedDiscount: Decimal | null;
}

/** Where the money goes: found by the caller (nosso número → boleto, txid → charge). */
export interface PaymentTarget {
  partnerId: string;
  scheduleId: string;
  boletoId: string | null;
  chargeId: string | null;
}

export type ApplyOutcome = 'settled' | 'unmatched' | 'duplicate';

interface Locked {
  schedule: ScheduleRow;
  boleto: BoletoRow | null;
  charge: ChargeRow | null;
}

/** Schedule, then charge, then boleto: the order every command on a schedule locks in. */
async function lockTarget(tx: Tx, t: PaymentTarget): Promise<Locked> {
  const schedule = await scheduleById(tx, t.partnerId, t.scheduleId, true);
  let charge = t.chargeId === null ? null : ((await chargeById(tx, t.partnerId, t.chargeId, true)) ?? null);
  const boleto = t.boletoId !== null ? ((await boletoById(tx, t.partnerId, t.boletoId, true)) ?? null) : charge === null ? null : ((await boletoOfCharge(tx, t.partnerId, charge.id, true)) ?? null);
  if (charge === null && boleto?.charge_id) charge = (await chargeById(tx, t.partnerId, boleto.charge_id, true)) ?? null;
  return { schedule, boleto, charge };
}

const CANCELLED_BOLETO: readonly number[] = [BoletoStatus.cancelPending, BoletoStatus.cancelled, BoletoStatus.failed];

async function covered(tx: Tx, l: Locked) {
  return l.boleto !== null && l.boleto.purpose === 'installments' ? boletoInstallments(tx, [l.boleto.id]) : l.charge !== null ? chargeInstallments(tx, [l.charge.id]) : [];
}

async function stateOfTarget(tx: Tx, l: Locked): Promise<TargetState> {
  const rows = await covered(tx, l);
  const installments = await installmentsOf(tx, l.schedule);
  const rate = monthlyRateOf(l.schedule);
  const mine = installments.filter((i) => rows.some((r) => r.installment_id === i.id));
  return {
    cancelled: (l.boleto !== null && CANCELLED_BOLETO.includes(l.boleto.registration_status)) || l.charge?.status === 'cancelled' || l.charge?.status === 'cancelling',
    paid: l.boleto?.registration_status === BoletoStatus.paid || l.charge?.status === 'paid',
    scheduleOpen: l.schedule.situacao === ScheduleStatus.open,
    installmentsSettled: mine.length > 0 && mine.every((i) => isSettled(stateOf(i, rate)) || i.cancelled),
  };
}

async function amountDue(tx: Tx, deps: SettlementDeps, l: Locked, date: LocalDate) {
  const rows = await covered(tx, l);
  const installments = await installmentsOf(tx, l.schedule);
  const rate = monthlyRateOf(l.schedule);
  const allowsDecapitalization = l.boleto?.permite_descapitalizacao ?? l.charge?.permite_descapitalizacao ?? false;
  const states = rows.map((r) => ({ state: stateOf(installments.find((i) => i.id === r.installment_id)!, rate), discount: dec(r.discount) }));
  return amountDueOn(states, date, allowsDecapitalization, deps.settings.charges);
}

async function unmatched(tx: Tx, p: ReportedPayment, reason: UnmatchedReason, detail: string, l: Locked | null, now: Date): Promise<ApplyOutcome> {
  await recordUnmatched(tx, { sourceKey: p.sourceKey, channel: p.channel, actor: p.actor, reference: p.reference, amount: p.amount, paidOn: p.paidOn, reason, detail }, now);
  await recordEvent(tx, { ...eventBase(p, l), kind: 'unmatched', reasons: detail }, now);
  return 'unmatched';
}

function eventBase(p: ReportedPayment, l: Locked | null) {
  return {
    source_key: p.sourceKey,
    channel: p.channel,
    actor: p.actor,
    file_id: p.fileId,
    partner_id: l?.schedule.partner_id ?? null,
    boleto_id: l?.boleto?.id ?? null,
    charge_id: l?.charge?.id ?? null,
    reference: p.reference,
    amount_paid: p.amount.toFixed(2),
    charges: p.reportedCharges?.toFixed(2) ?? null,
    discount: p.reportedDiscount?.toFixed(2) ?? null,
    paid_on: p.paidOn,
    credited_on: p.creditedOn,
  };
}

export async function applyReportedPayment(tx: Tx, enqueue: Enqueue, deps: SettlementDeps, target: PaymentTarget | null, p: ReportedPayment, now: Date): Promise<ApplyOutcome> {
  if (await eventRecorded(tx, p.sourceKey)) return 'duplicate';
  if (target === null) return unmatched(tx, p, 'unknownReference', `${p.reference} não corresponde a nenhuma cobrança`, null, now);
  const locked = await lockTarget(tx, target);
  const reason = unmatchedReason(await stateOfTarget(tx, locked));
  if (reason !== null) return unmatched(tx, p, reason, `${p.reference}: ${reason}`, locked, now);
  await sql`savepoint settle_reported`.execute(tx);
  // Held until the savepoint is released: a settlement rolled back to it enqueues nothing.
  const held: OutboxEvent[] = [];
  try {
    const due = await amountDue(tx, deps, locked, p.paidOn);
    const receipt = await settleReported(tx, (event) => held.push(event), deps, locked.schedule, { boleto: locked.boleto, charge: locked.charge, viaPix: p.channel === 'pix' }, p.amount, p.paidOn, now);
    const comparison = comparePaid(p.amount, due.amount);
    await recordEvent(tx, { ...eventBase(p, locked), kind: 'settled', amount_due: due.amount.toFixed(2), excess: receipt.excess.toFixed(2), outcome: receipt.excess.isZero() ? comparison.outcome : 'overpaid', late: due.late }, now);
    await sql`release savepoint settle_reported`.execute(tx);
    for (const event of held) enqueue(event);
    return 'settled';
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    await sql`rollback to savepoint settle_reported`.execute(tx);
    return unmatched(tx, p, 'notPayable', error.messages.map((m) => `${m.code} ${m.description}`).join('; '), locked, now);
  }
}

// Money arriving from outside for a boleto (`caas boleto pay`) or a Pix charge (`caas pix pay`):
// the bank or PSP tells us it was paid, and the payment is posted through the same launch use
// case as IncluirLancamentoMultiplasParcelas (viaBoleto true for a boleto, false for Pix).
import type { Enqueue } from '../../../platform/commands.js';
import type { Clock } from '../../../platform/clock.js';
import { inTransaction, type Db, type Executor } from '../../../platform/db/pool.js';
import { brazilDateAt, compareDates, type LocalDate } from '../../../platform/dates.js';
import { businessError } from '../../../platform/errors.js';
import { dec, type Decimal } from '../../../platform/money.js';
import { BoletoStatus, boletoStatusText } from '../collections/boleto-status.js';
import { boletoById, boletoByNumber, boletoInstallments, boletoOfCharge, chargeByCode, chargeById, chargeInstallments, setBoletoStatus, setChargeStatus, type BoletoRow, type ChargeRow } from '../collections/collection-repository.js';
import { postLaunches, type LaunchSource } from './launch-post.js';
import { allocatePayment } from './payment-allocation.js';
import { launchFieldPaths } from './launch-wire.js';
import { ReceivablesErrorCode as C, scheduleNotOpen } from '../receivables-errors.js';
import type { ReceivablesDeps } from '../receivables-deps.js';
import { installmentsOf, monthlyRateOf, scheduleById, scheduleStatusText, ScheduleStatus, stateOf, type ScheduleRow } from '../schedule/schedule-repository.js';

type PayDeps = Pick<ReceivablesDeps, 'settings' | 'proposals'>;

export interface PaymentInput {
  /** Absent: the amount the boleto/charge asks for. */
  amount: Decimal | null;
  /** Absent: today in São Paulo. */
  at: LocalDate | null;
}

export interface PaymentReceipt {
  proposalNumber: number;
  amount: Decimal;
  date: LocalDate;
  launches: number;
  paidOff: boolean;
}

interface Collected {
  schedule: ScheduleRow;
  covered: ReadonlyArray<{ installment_id: string; discount: string }>;
  expiresOn: LocalDate;
  allowsDecapitalization: boolean;
  source: LaunchSource;
  description: string;
}

function paymentDate(input: PaymentInput, now: Date, collected: Collected): LocalDate {
  const today = brazilDateAt(now);
  const date = input.at ?? today;
  if (compareDates(date, today) > 0) throw businessError(C.paymentDateInFuture, `Data de pagamento (${date}) não pode ser posterior à data atual (${today})`, 'at');
  if (compareDates(date, collected.expiresOn) > 0) throw businessError(C.collectionExpired, `Pagamento após a data de expiração (${collected.expiresOn})`, 'at');
  return date;
}

async function settle(tx: Executor, enqueue: Enqueue, deps: PayDeps, collected: Collected, amount: Decimal, date: LocalDate, now: Date, keepExcess = false): Promise<PaymentReceipt & { excess: Decimal }> {
  const { schedule } = collected;
  const receipt = { proposalNumber: schedule.proposal_number, amount, date, launches: 0, paidOff: false, excess: dec(0) };
  if (collected.covered.length === 0) return receipt; // a refund boleto: money back, no installment
  if (schedule.situacao !== ScheduleStatus.open) throw scheduleNotOpen(scheduleStatusText(schedule.situacao));
  const installments = await installmentsOf(tx, schedule, true);
  const rate = monthlyRateOf(schedule);
  const rows = collected.covered.map((c) => installments.find((row) => row.id === c.installment_id)!);
  const allocation = allocatePayment(
    rows.map((row, i) => ({ state: stateOf(row, rate), discount: dec(collected.covered[i]!.discount) })),
    amount,
    date,
    collected.allowsDecapitalization,
    deps.settings.charges,
  );
  if (!allocation.excess.isZero() && !keepExcess) {
    throw businessError(C.overpayment, `Valor pago (${amount.toFixed(2)}) é superior ao saldo das parcelas (${amount.minus(allocation.excess).toFixed(2)})`, 'amount');
  }
  const items = allocation.parts.map((part) => ({
    installment: rows[part.index]!,
    payment: { paymentDate: date, amount: part.payment, discount: part.discount, allowDecapitalization: collected.allowsDecapitalization },
    description: collected.description,
    fieldPaths: launchFieldPaths('pagamento'),
  }));
  if (items.length === 0) return { ...receipt, excess: amount };
  const posted = await postLaunches(tx, enqueue, deps, schedule, installments, items, collected.source, now);
  return { ...receipt, launches: items.length, paidOff: posted.paidOff, excess: allocation.excess };
}

function refuseUnpayable(what: string, payable: boolean, state: string): void {
  if (!payable) throw businessError(C.collectionNotPayable, `${what} não pode ser pago (situação: ${state})`, null);
}

async function markPaid(tx: Executor, boleto: BoletoRow | null, charge: ChargeRow | null, date: LocalDate, amount: Decimal): Promise<void> {
  if (boleto !== null) await setBoletoStatus(tx, boleto, BoletoStatus.paid, { paid_on: date, amount_paid: amount.toFixed(2) });
  if (charge !== null) await setChargeStatus(tx, charge, 'paid', { paid_on: date, amount_paid: amount.toFixed(2) });
}

async function boletoCollected(tx: Executor, schedule: ScheduleRow, boleto: BoletoRow, charge: ChargeRow | null): Promise<Collected> {
  const covered = await boletoInstallments(tx, [boleto.id]);
  return { schedule, covered, expiresOn: boleto.expires_on as LocalDate, allowsDecapitalization: boleto.permite_descapitalizacao, source: { viaBoleto: true, boletoId: boleto.id, chargeId: charge?.id ?? null }, description: `Pagamento do boleto nº ${boleto.numero}` };
}

async function chargeCollected(tx: Executor, schedule: ScheduleRow, charge: ChargeRow): Promise<Collected> {
  const covered = await chargeInstallments(tx, [charge.id]);
  return { schedule, covered, expiresOn: charge.expires_on as LocalDate, allowsDecapitalization: charge.permite_descapitalizacao, source: { viaBoleto: false, boletoId: null, chargeId: charge.id }, description: `Pagamento Pix da cobrança ${charge.id}` };
}

/** What a settlement reported by the bank or the Pix provider posted; `excess` is what could not be placed. */
export interface ReportedReceipt extends PaymentReceipt {
  excess: Decimal;
}

/**
 * A payment the bank or the PSP reports (settlement module), in the caller's transaction, the
 * schedule then the boleto and charge rows locked by the caller. Never refused for its date or an
 * excess: the money has arrived; what cannot be placed is returned as `excess`. The caller has
 * checked that the collection and its schedule can still be paid.
 */
export async function settleReported(tx: Executor, enqueue: Enqueue, deps: PayDeps, schedule: ScheduleRow, target: { boleto: BoletoRow | null; charge: ChargeRow | null; viaPix: boolean }, amount: Decimal, date: LocalDate, now: Date): Promise<ReportedReceipt> {
  // A hybrid charge paid by its Pix is a Pix launch (viaBoleto false) even though it has a boleto.
  const byBoleto = target.boleto !== null && !(target.viaPix && target.charge !== null);
  const collected = byBoleto ? await boletoCollected(tx, schedule, target.boleto!, target.charge) : await chargeCollected(tx, schedule, target.charge!);
  const receipt = await settle(tx, enqueue, deps, collected, amount, date, now, true);
  await markPaid(tx, target.boleto, target.charge, date, amount);
  return receipt;
}

/**
 * A boleto paid at the bank (by its number). A refusal names the command's input field
 * (`boletoNumber`, like `amount` and `at`): each face shows it as its own argument.
 */
export async function payBoleto(db: Executor, enqueue: Enqueue, clock: Clock, deps: PayDeps, boletoNumber: number, input: PaymentInput): Promise<PaymentReceipt> {
  return inTransaction(db, async (tx) => {
    const now = clock.now();
    const found = await boletoByNumber(tx, boletoNumber);
    if (found === undefined) throw businessError(C.collectionNotFound, `Boleto nº ${boletoNumber} não encontrado`, 'boletoNumber');
    const schedule = await scheduleById(tx, found.partner_id, found.schedule_id, true);
    const charge = found.charge_id === null ? null : ((await chargeById(tx, found.partner_id, found.charge_id, true)) ?? null);
    const boleto = (await boletoById(tx, found.partner_id, found.id, true))!;
    refuseUnpayable(`Boleto nº ${boletoNumber}`, boleto.registration_status === BoletoStatus.registered, boletoStatusText(boleto.registration_status));
    const collected = await boletoCollected(tx, schedule, boleto, charge);
    const amount = input.amount ?? dec(boleto.amount);
    const { excess: _none, ...receipt } = await settle(tx, enqueue, deps, collected, amount, paymentDate(input, now, collected), now);
    await markPaid(tx, boleto, charge, receipt.date, amount);
    return receipt;
  });
}

/** A Pix charge paid (by its code). A refusal names the command's input field (`code`). */
export async function payCharge(db: Executor, enqueue: Enqueue, clock: Clock, deps: PayDeps, code: string, input: PaymentInput): Promise<PaymentReceipt> {
  return inTransaction(db, async (tx) => {
    const now = clock.now();
    const found = await chargeByCode(tx, code.toLowerCase());
    if (found === undefined) throw businessError(C.collectionNotFound, `Cobrança ${code} não encontrada`, 'code');
    const schedule = await scheduleById(tx, found.partner_id, found.schedule_id, true);
    const charge = (await chargeById(tx, found.partner_id, found.id, true))!;
    if (!charge.via_pix) throw businessError(C.chargeWithoutPix, `Cobrança ${charge.id} não tem Pix`, 'code');
    refuseUnpayable(`Cobrança ${charge.id}`, charge.status === 'active', charge.status);
    const boleto = (await boletoOfCharge(tx, charge.partner_id, charge.id, true)) ?? null;
    // The Pix of a hybrid boleto exists at the bank once the boleto is registered.
    if (boleto !== null) refuseUnpayable(`Cobrança ${charge.id}`, boleto.registration_status === BoletoStatus.registered, 'boleto não registrado');
    const collected = await chargeCollected(tx, schedule, charge);
    const amount = input.amount ?? dec(charge.amount);
    const { excess: _none, ...receipt } = await settle(tx, enqueue, deps, collected, amount, paymentDate(input, now, collected), now);
    await markPaid(tx, boleto, charge, receipt.date, amount);
    return receipt;
  });
}

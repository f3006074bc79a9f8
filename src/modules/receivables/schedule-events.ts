// The callback events of receivables, built from rows and put in the outbox inside the caller's
// transaction (they commit with the change or not at all).
import type { Executor } from '../../platform/db/pool.js';
import type { LocalDate } from '../../platform/dates.js';
import { dec } from '../../platform/money.js';
import { boletoCancelledEvent, boletoCreatedEvent, chargeCancelledEvent, chargeRegisteredEvent, enqueueCallback, EventType, scheduleCreatedEvent, scheduleEvent, type ProposalRef } from '../callbacks/index.js';
import type { ScheduleOpening } from './schedule/schedule-contract.js';
import type { ScheduleRow } from './schedule/schedule-repository.js';
import type { Selectable } from 'kysely';
import type { ReceivableBoletosTable, ReceivableChargesTable } from './tables.js';

type BoletoRow = Selectable<ReceivableBoletosTable>;
type ChargeRow = Selectable<ReceivableChargesTable>;

export function proposalRefOf(schedule: ScheduleRow): ProposalRef {
  // A proposal created without codigoOperacao has none: the body says null rather than inventing one.
  return { nroProposta: schedule.proposal_number, codigoProposta: schedule.proposal_id, codigoOperacao: schedule.codigo_operacao };
}

/** Event 0: the schedule as opened (flat body), with the credit date and account. */
export async function enqueueScheduleCreated(tx: Executor, schedule: ScheduleRow, opening: ScheduleOpening, now: Date): Promise<void> {
  const a = opening.creditAccount;
  const event = scheduleCreatedEvent(proposalRefOf(schedule), {
    contractDate: opening.contractDate,
    disbursedOn: opening.disbursedOn,
    account: { numeroBanco: a.numeroBanco, nomeBanco: a.nomeBanco, agencia: a.agencia, conta: a.conta, contaDigito: a.contaDigito },
    parcelas: opening.installments.map((p) => ({
      nroParcela: p.number,
      dtVencimento: p.dueDate,
      vlrParcela: p.amount,
      vlrPrincipal: p.principal,
      // The monthly charges (fees, insurance) the installment carries besides principal and interest.
      vlrDespesas: p.amount.minus(p.principal).minus(p.interest),
      vlrSaldoDevedor: p.balanceAfter,
    })),
  });
  await enqueueCallback(tx, schedule.partner_id, event, now);
}

/** Events 1 (cancelled) and 7 (paid off): no sub-object. */
export async function enqueueScheduleEvent(tx: Executor, type: typeof EventType.scheduleCancelled | typeof EventType.schedulePaidOff, schedule: ScheduleRow, now: Date): Promise<void> {
  await enqueueCallback(tx, schedule.partner_id, scheduleEvent(type, proposalRefOf(schedule), now), now);
}

/** Event 5. A refund boleto covers no installment and has no event. */
export async function enqueueBoletoCreated(tx: Executor, schedule: ScheduleRow, boleto: BoletoRow, parcelas: readonly number[], now: Date): Promise<void> {
  if (parcelas.length === 0) return;
  const event = boletoCreatedEvent(proposalRefOf(schedule), now, {
    codigoBoleto: boleto.id,
    nroBoleto: boleto.numero,
    vlrBoleto: dec(boleto.amount),
    dtVencimento: boleto.due_date as LocalDate,
    liquidacao: boleto.settlement,
  });
  await enqueueCallback(tx, schedule.partner_id, event, now);
}

/** Event 6. A refund boleto covers no installment and has no event. */
export async function enqueueBoletoCancelled(tx: Executor, schedule: ScheduleRow, boleto: BoletoRow, parcelas: readonly number[], now: Date): Promise<void> {
  if (parcelas.length === 0) return;
  const event = boletoCancelledEvent(proposalRefOf(schedule), now, { codigoBoleto: boleto.id, nroBoleto: boleto.numero, parcelas: ascending(parcelas) });
  await enqueueCallback(tx, schedule.partner_id, event, now);
}

function chargeInput(charge: ChargeRow, boleto: BoletoRow | null, parcelas: readonly number[]) {
  return { codigoLiquidacao: charge.id, codigoBoleto: boleto?.id ?? null, nroBoleto: boleto?.numero ?? null, emv: charge.pix_emv, parcelas: ascending(parcelas) };
}

/** Event 8: the charge can be paid (its boleto registered, or its Pix code issued). */
export async function enqueueChargeRegistered(tx: Executor, schedule: ScheduleRow, charge: ChargeRow, boleto: BoletoRow | null, parcelas: readonly number[], now: Date): Promise<void> {
  const event = chargeRegisteredEvent(proposalRefOf(schedule), now, { ...chargeInput(charge, boleto, parcelas), imagem: charge.pix_image });
  await enqueueCallback(tx, schedule.partner_id, event, now);
}

/** Event 9: the cancellation of the charge has completed. */
export async function enqueueChargeCancelled(tx: Executor, schedule: ScheduleRow, charge: ChargeRow, boleto: BoletoRow | null, parcelas: readonly number[], now: Date): Promise<void> {
  const event = chargeCancelledEvent(proposalRefOf(schedule), now, { ...chargeInput(charge, boleto, parcelas), estornoLancamento: false });
  await enqueueCallback(tx, schedule.partner_id, event, now);
}

function ascending(numbers: readonly number[]): number[] {
  return [...new Set(numbers)].sort((a, b) => a - b);
}

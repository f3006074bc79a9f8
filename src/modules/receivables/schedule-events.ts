// The callback events of receivables, built from rows and put in the outbox inside the caller's
// transaction (they commit with the change or not at all).
import type { Executor } from '../../platform/db/pool.js';
import type { LocalDate } from '../../platform/dates.js';
import { dec, sum } from '../../platform/money.js';
import { enqueueCallback } from '../callbacks/outbox.js';
import { boletoEvent, chargeCancelledEvent, chargeRegisteredEvent, EventType, scheduleEvent, type ProposalRef } from '../callbacks/events.js';
import type { InstallmentRow, ScheduleRow } from './schedule-repository.js';
import type { Selectable } from 'kysely';
import type { ReceivableBoletosTable, ReceivableChargesTable } from './tables.js';

type BoletoRow = Selectable<ReceivableBoletosTable>;
type ChargeRow = Selectable<ReceivableChargesTable>;

export function proposalRefOf(schedule: ScheduleRow): ProposalRef {
  return {
    nroProposta: schedule.proposal_number,
    codigoProposta: schedule.proposal_id,
    // A proposal created without codigoOperacao has none: the body says null rather than inventing
    // one (the builder's type says string; it writes what it is given).
    codigoOperacao: schedule.codigo_operacao ?? (null as unknown as string),
  };
}

function isPaid(row: InstallmentRow): boolean {
  return dec(row.principal).isZero() && dec(row.unpaid_fine).isZero() && dec(row.unpaid_late_interest).isZero() && dec(row.unpaid_contract_interest).isZero();
}

type ScheduleEventType = typeof EventType.scheduleCreated | typeof EventType.scheduleCancelled | typeof EventType.schedulePaidOff;

/** Events 0, 1 and 7: the schedule as it stands after the change. */
export async function enqueueScheduleEvent(tx: Executor, type: ScheduleEventType, schedule: ScheduleRow, installments: readonly InstallmentRow[], now: Date): Promise<void> {
  const snapshot = {
    vlrFinanciado: dec(schedule.financed_amount),
    vlrTotalPago: sum(installments.map((i) => i.total_paid)),
    parcelas: installments.map((i) => ({ nroParcela: i.number, dtVencimento: i.due_date as LocalDate, vlrParcela: dec(i.amount), situacao: isPaid(i) ? (1 as const) : (0 as const) })),
  };
  await enqueueCallback(tx, schedule.partner_id, scheduleEvent(type, proposalRefOf(schedule), now, snapshot), now);
}

type BoletoEventType = typeof EventType.boletoCreated | typeof EventType.boletoCancelled;

/** Events 5 and 6. A refund boleto covers no installment and has no event. */
export async function enqueueBoletoEvent(tx: Executor, type: BoletoEventType, schedule: ScheduleRow, boleto: BoletoRow, parcelas: readonly number[], now: Date): Promise<void> {
  if (parcelas.length === 0) return;
  const event = boletoEvent(type, proposalRefOf(schedule), now, { codigoBoleto: boleto.id, nroBoleto: boleto.numero, parcelas: ascending(parcelas) });
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

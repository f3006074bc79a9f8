// The callback events of receivables, built from rows and handed to the command runner's outbox
// hook (`enqueue`, the context's): the runner stores them in the command's transaction, so they
// commit with the change or not at all.
import type { Enqueue } from '../../platform/commands.js';
import type { LocalDate } from '../../platform/dates.js';
import { dec } from '../../platform/money.js';
import { boletoCancelledEvent, boletoCreatedEvent, chargeCancelledEvent, chargeRegisteredEvent, emitCallback, EventType, scheduleCreatedEvent, scheduleEvent, type ProposalRef } from '../callbacks/index.js';
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
export function enqueueScheduleCreated(enqueue: Enqueue, schedule: ScheduleRow, opening: ScheduleOpening, now: Date): void {
  const a = opening.creditAccount;
  const event = scheduleCreatedEvent(proposalRefOf(schedule), {
    contractDate: opening.contractDate,
    disbursedOn: opening.disbursedOn,
    account: { numeroBanco: a.bankNumber, nomeBanco: a.bankName, agencia: a.branch, conta: a.account, contaDigito: a.accountDigit },
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
  emitCallback(enqueue, schedule.partner_id, event);
}

/** Events 1 (cancelled) and 7 (paid off): no sub-object. */
export function enqueueScheduleEvent(enqueue: Enqueue, type: typeof EventType.scheduleCancelled | typeof EventType.schedulePaidOff, schedule: ScheduleRow, now: Date): void {
  emitCallback(enqueue, schedule.partner_id, scheduleEvent(type, proposalRefOf(schedule), now));
}

/** Event 5. A refund boleto covers no installment and has no event. */
export function enqueueBoletoCreated(enqueue: Enqueue, schedule: ScheduleRow, boleto: BoletoRow, parcelas: readonly number[], now: Date): void {
  if (parcelas.length === 0) return;
  const event = boletoCreatedEvent(proposalRefOf(schedule), now, {
    codigoBoleto: boleto.id,
    nroBoleto: boleto.numero,
    vlrBoleto: dec(boleto.amount),
    dtVencimento: boleto.due_date as LocalDate,
    liquidacao: boleto.settlement,
  });
  emitCallback(enqueue, schedule.partner_id, event);
}

/** Event 6. A refund boleto covers no installment and has no event. */
export function enqueueBoletoCancelled(enqueue: Enqueue, schedule: ScheduleRow, boleto: BoletoRow, parcelas: readonly number[], now: Date): void {
  if (parcelas.length === 0) return;
  const event = boletoCancelledEvent(proposalRefOf(schedule), now, { codigoBoleto: boleto.id, nroBoleto: boleto.numero, parcelas: ascending(parcelas) });
  emitCallback(enqueue, schedule.partner_id, event);
}

function chargeInput(charge: ChargeRow, boleto: BoletoRow | null, parcelas: readonly number[]) {
  return { codigoLiquidacao: charge.id, codigoBoleto: boleto?.id ?? null, nroBoleto: boleto?.numero ?? null, emv: charge.pix_emv, parcelas: ascending(parcelas) };
}

/** Event 8: the charge can be paid (its boleto registered, or its Pix code issued). */
export function enqueueChargeRegistered(enqueue: Enqueue, schedule: ScheduleRow, charge: ChargeRow, boleto: BoletoRow | null, parcelas: readonly number[], now: Date): void {
  const event = chargeRegisteredEvent(proposalRefOf(schedule), now, { ...chargeInput(charge, boleto, parcelas), imagem: charge.pix_image });
  emitCallback(enqueue, schedule.partner_id, event);
}

/** Event 9: the cancellation of the charge has completed. */
export function enqueueChargeCancelled(enqueue: Enqueue, schedule: ScheduleRow, charge: ChargeRow, boleto: BoletoRow | null, parcelas: readonly number[], now: Date): void {
  const event = chargeCancelledEvent(proposalRefOf(schedule), now, { ...chargeInput(charge, boleto, parcelas), estornoLancamento: false });
  emitCallback(enqueue, schedule.partner_id, event);
}

function ascending(numbers: readonly number[]): number[] {
  return [...new Set(numbers)].sort((a, b) => a - b);
}

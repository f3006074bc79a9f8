// Issuing boletos and charges for installments once the request is read: installments free of
// any live boleto/charge, the amounts (collection-amounts.ts), the rows, registration, events.
import type { Enqueue } from '../../../platform/commands.js';
import { randomUUID } from 'node:crypto';
import type { Executor } from '../../../platform/db/pool.js';
import { DomainError, validationError } from '../../../platform/errors.js';
import { BOLETO_AMOUNT_ERROR_CODE, boletoAmountProblem } from './boleto/barcode.js';
import type { Decimal } from '../../../platform/money.js';
import { issueBoleto, pixCodeFor, type BoletoRequest } from './boleto-issue.js';
import { startRegistration } from './boleto-registration.js';
import { qrPngBase64 } from './pix/qr.js';
import { collectionAmounts, type CollectionAmounts } from './collection-amounts.js';
import type { CollectionDates } from './collection-input.js';
import { insertCharge, liveCollections, type BoletoRow, type ChargeRow, type LiveCollections } from './collection-repository.js';
import { ReceivablesErrorCode as C } from '../receivables-errors.js';
import type { ReceivablesDeps } from '../receivables-deps.js';
import { enqueueChargeRegistered } from '../schedule-events.js';
import { monthlyRateOf, stateOf, type InstallmentRow, type ScheduleRow } from '../schedule/schedule-repository.js';

/** One boleto or charge to issue, as read from the request. */
export interface CollectionOrder {
  installments: readonly InstallmentRow[];
  /** Request field naming each installment (same order). */
  installmentFields: readonly string[];
  dates: CollectionDates;
  settlement: boolean;
  amount: Decimal | null;
  discount: Decimal;
  allowDecapitalization: boolean;
  fields: { amount: string; discount: string; dueDate: string };
}

export interface CollectionCommon {
  description: string;
  notifyCustomer: boolean;
  registrationMode: 1 | 2;
}

/**
 * "Installments must not already carry a live boleto" (nor a live charge): cancel it first.
 * `known`: already read with the installments (installmentsWithLive, the same `drawSequence`).
 */
async function refuseLiveCollections(tx: Executor, order: CollectionOrder, drawSequence: boolean, known: LiveCollections | null): Promise<bigint | null> {
  const { found: live, sequence } = known ?? (await liveCollections(tx, order.installments.map((i) => i.id), drawSequence));
  const messages = order.installments.flatMap((row, i) => {
    const what = live.get(row.id);
    return what === undefined ? [] : [{ code: C.liveCollection, description: `Parcela ${row.number} já possui ${what} em aberto`, field: order.installmentFields[i] ?? null }];
  });
  if (messages.length > 0) throw new DomainError('business', messages);
  return sequence;
}

/** The amounts, and the nosso número when the order issues a boleto (`drawSequence`). */
async function prepare(tx: Executor, deps: ReceivablesDeps, schedule: ScheduleRow, order: CollectionOrder, drawSequence: boolean, known: LiveCollections | null): Promise<CollectionAmounts & { sequence: bigint | null }> {
  const sequence = await refuseLiveCollections(tx, order, drawSequence, known);
  const rate = monthlyRateOf(schedule);
  const amounts = collectionAmounts(
    {
      states: order.installments.map((row) => stateOf(row, rate)),
      dueDate: order.dates.dueDate,
      settlement: order.settlement,
      amount: order.amount,
      discount: order.discount,
      allowDecapitalization: order.allowDecapitalization,
      fields: { ...order.fields, installments: order.installmentFields },
    },
    deps.settings.charges,
  );
  // The barcode's amount field (and so the Pix code's) holds at most R$ 99.999.999,99.
  const problem = boletoAmountProblem(amounts.charged);
  if (problem !== null) throw validationError(BOLETO_AMOUNT_ERROR_CODE, problem, order.fields.amount);
  return { ...amounts, sequence };
}

function boletoRequest(schedule: ScheduleRow, order: CollectionOrder, common: CollectionCommon, amounts: CollectionAmounts & { sequence: bigint | null }, chargeId: string | null): BoletoRequest {
  return {
    schedule,
    purpose: 'installments' as const,
    chargeId,
    settlement: order.settlement,
    description: common.description,
    notifyCustomer: common.notifyCustomer,
    dueDate: order.dates.dueDate,
    expiresOn: order.dates.expiresOn,
    documentAmount: amounts.documentAmount,
    discount: amounts.discount,
    allowDecapitalization: order.allowDecapitalization,
    registrationMode: common.registrationMode,
    installments: order.installments.map((row, i) => ({ row, discount: amounts.shares[i]! })),
    ...(amounts.sequence === null ? {} : { sequence: amounts.sequence }),
  };
}

/** `live`: the order's live collections and nosso número, read with the installments (null: read here). */
export async function issueBoletoOrder(tx: Executor, enqueue: Enqueue, deps: ReceivablesDeps, schedule: ScheduleRow, order: CollectionOrder, common: CollectionCommon, now: Date, live: LiveCollections | null = null): Promise<BoletoRow> {
  const amounts = await prepare(tx, deps, schedule, order, true, live);
  const boleto = await issueBoleto(tx, enqueue, deps.settings, boletoRequest(schedule, order, common, amounts, null), now);
  return startRegistration(tx, enqueue, boleto, now);
}

/** A Pix-only charge's code: the provider's dynamic one when a provider is configured, else the static one. */
async function pixOfCharge(deps: ReceivablesDeps, schedule: ScheduleRow, order: CollectionOrder, amounts: CollectionAmounts, description: string, now: Date) {
  if (deps.pixProvider === undefined) return pixCodeFor(deps.settings, amounts.charged);
  const payer = { document: schedule.customer_document, name: schedule.customer_name ?? schedule.customer_document };
  const { txid, emv } = await deps.pixProvider.register({ dueDate: order.dates.dueDate, expiresOn: order.dates.expiresOn, documentAmount: amounts.documentAmount, discount: amounts.discount, payer, description, now });
  return { txid, emv, image: await qrPngBase64(emv) };
}

export interface PaymentMethods {
  boleto: boolean;
  pix: boolean;
}

/**
 * A charge: with a boleto, the boleto's own Pix QR is the charge's Pix (one code, so the customer
 * cannot pay twice); Pix only, a Pix code of its own. Event 8 when it becomes payable.
 */
export async function issueChargeOrder(tx: Executor, enqueue: Enqueue, deps: ReceivablesDeps, schedule: ScheduleRow, order: CollectionOrder, common: CollectionCommon, via: PaymentMethods, now: Date, live: LiveCollections | null = null): Promise<ChargeRow> {
  if (!via.boleto && !via.pix) throw new Error('assertion: a charge is paid by boleto, Pix or both');
  const amounts = await prepare(tx, deps, schedule, order, via.boleto, live);
  // Pix only: a code of its own (the provider's when one is configured). With a boleto: the
  // boleto's code, made here once for both rows, so the charge is inserted with it instead of
  // updated afterwards (issue 14).
  const pix = via.boleto ? await pixCodeFor(deps.settings, amounts.charged) : await pixOfCharge(deps, schedule, order, amounts, common.description, now);
  const id = randomUUID();
  const charge = await insertCharge(
    tx,
    {
      id,
      partner_id: schedule.partner_id,
      schedule_id: schedule.id,
      via_boleto: via.boleto,
      via_pix: via.pix,
      settlement: order.settlement,
      description: common.description,
      due_date: order.dates.dueDate,
      expires_on: order.dates.expiresOn,
      amount: amounts.charged.toFixed(2),
      discount: amounts.discount.toFixed(2),
      permite_descapitalizacao: order.allowDecapitalization,
      notify_customer: common.notifyCustomer,
      pix_txid: via.pix ? pix.txid : null,
      pix_emv: via.pix ? pix.emv : null,
      pix_image: via.pix ? pix.image : null,
      status: 'active',
      created_at: now,
      cancel_requested_at: null,
      cancelled_at: null,
      paid_on: null,
      amount_paid: null,
    },
    order.installments.map((row, i) => ({ charge_id: id, installment_id: row.id, installment_number: row.number, discount: amounts.shares[i]!.toFixed(2), live: true })),
  );
  if (!via.boleto) {
    await enqueueChargeRegistered(enqueue, schedule, charge, null, order.installments.map((i) => i.number), now);
    return charge;
  }
  const boleto = await issueBoleto(tx, enqueue, deps.settings, boletoRequest(schedule, order, common, amounts, id), now, pix);
  // Online: registered now and event 8 sent from registerBoleto; offline: when the job runs.
  await startRegistration(tx, enqueue, boleto, now, { charge, schedule, installmentNumbers: order.installments.map((i) => i.number).sort((a, b) => a - b) });
  return charge;
}

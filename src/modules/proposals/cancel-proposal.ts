// FGTS/CancelarProposta in domain terms (issue 13): the command `proposal.partner-cancel` (the
// service team's is `proposal.cancel`, operator-commands.ts). The customer withdraws within 7 days
// of the disbursement (CDC art. 49). Request (the interface does not show it): the proposal
// identifiers, an optional customer document that must be the customer's, an optional reason. The
// schedule is closed and, when something is due back, receivables issues the refund boleto: the
// answer's `Boleto` is its id. cancel-proposal.route.ts maps the wire.
//
// Error codes (HTTP 400, PascalCase envelope, the interface's technical message numbers):
//   4  documentoCliente invalid or not the customer's   5  the proposal or its schedule is held; retry
//   10 before the disbursement date                      13 payment (disbursement) still pending
//   27 already cancelled                                  28 not allowed: cedida, not liberada, or past 7 days
//   38 invalid request identifier: nothing identifies the proposal, or it is not found
import type { CommandContext, CommandDefinition } from '../../platform/commands.js';
import { DomainError } from '../../platform/errors.js';
import { addDays, localDate } from '../../platform/dates.js';
import { textOf } from '../../platform/fields.js';
import { ZERO, dec } from '../../platform/money.js';
import { type CancelRefusal, CancelCode, REFUND_DUE_DAYS, cancellationRefusal, customerDocumentRefusal, refundAmountOf } from './cancellation-rules.js';
import { partnerEventContext, partnerIdOf, todayOf } from './proposal-access.js';
import type { ProposalDeps } from './proposal-deps.js';
import { type ProposalIdentifiers, proposalRefOf } from './proposal-ref.js';
import { findProposal, type ProposalRow, updateProposal } from './proposal-repository.js';
import { applyEvent, type EventContext, statusOf } from './proposal-transitions.js';

export interface CancelProposalInput {
  proposal: ProposalIdentifiers;
  /** The customer's document as sent (documentoCliente): when sent, it must be the customer's. */
  customerDocument: string | null;
  /** Why the customer withdrew (motivoCancelamento), as sent. */
  reason: string | null;
}

export interface CancelledProposal {
  proposalId: string;
  number: number;
  /** The refund boleto's id; null when nothing is due back. */
  refundBoletoId: string | null;
}

const LOCK_NOT_AVAILABLE = '55P03';

function fail(r: CancelRefusal): never {
  throw new DomainError(r.kind, [{ code: r.code, description: r.description, field: r.field }]);
}

const invalidIdentifier = (): CancelRefusal => ({ code: CancelCode.invalidIdentifier, description: 'Identificador da solicitação inválido: proposta não encontrada.', field: 'dto', kind: 'business' });

/** Runs a row lock taken without waiting: a row held by another operation in flight answers 5. */
async function withoutWaiting<T>(lock: () => Promise<T>): Promise<T> {
  try {
    return await lock();
  } catch (error) {
    if ((error as { code?: string }).code !== LOCK_NOT_AVAILABLE) throw error;
    return fail({ code: CancelCode.operationInProgress, description: 'Há uma operação em andamento para esta proposta; tente novamente mais tarde.', field: 'dto', kind: 'business' });
  }
}

/** The proposal, locked without waiting. */
async function lockedProposal(input: CancelProposalInput, ctx: CommandContext): Promise<ProposalRow> {
  const ref = proposalRefOf(input.proposal);
  if (ref === null) fail(invalidIdentifier());
  return (await withoutWaiting(() => findProposal(ctx.tx, partnerIdOf(ctx.actor), ref, 'nowait'))) ?? fail(invalidIdentifier());
}

async function cancelProposal(input: CancelProposalInput, ctx: CommandContext, deps: ProposalDeps): Promise<CancelledProposal> {
  const badDocument = customerDocumentRefusal(input.customerDocument, null);
  if (badDocument) fail(badDocument);
  const row = await lockedProposal(input, ctx);
  const mismatch = customerDocumentRefusal(input.customerDocument, row.customer_document);
  if (mismatch) fail(mismatch);
  const events = partnerEventContext(ctx);
  const refundBoletoId = await cancelRow(events, row, deps, textOf(input.reason), 'Cancelamento solicitado pelo parceiro');
  return { proposalId: row.id, number: row.numero, refundBoletoId };
}

/** Bound to the module's dependencies (the schedule's closing and refund boleto). */
export function partnerCancelProposalCommand(deps: ProposalDeps): CommandDefinition<CancelProposalInput, CancelledProposal> {
  return {
    name: 'proposal.partner-cancel',
    summarize: (r) => `proposal ${r.number} cancelled by the customer${r.refundBoletoId === null ? '' : `, refund boleto ${r.refundBoletoId}`}`,
    handler: (input, ctx) => cancelProposal(input, ctx, deps),
  };
}

/**
 * The cancellation itself, for the partner (above) and the service team (operator-lifecycle.ts):
 * the window rules, the refund (what was released less what was already paid), the transition, the
 * schedule closed and the refund boleto. Returns the refund boleto's id (null when nothing is due back).
 */
export async function cancelRow(events: EventContext, row: ProposalRow, deps: ProposalDeps, reason: string | null, defaultReason: string): Promise<string | null> {
  const today = todayOf(events.now);
  const refused = cancellationRefusal(statusOf(row), row.disbursed_on === null ? null : localDate(row.disbursed_on), today);
  if (refused) fail(refused);

  // The schedule is locked (without waiting) before its total paid is read: a launch committing in
  // between would otherwise leave the refund too high.
  const summary = await withoutWaiting(() => deps.schedule.summarizeSchedule(events.tx, row.partner_id, row.id, 'nowait'));
  const refund = refundAmountOf(dec(row.requested_amount), summary?.totalPaid ?? ZERO);
  await applyEvent(events, row, 'cancel', { on: today, reason: reason ?? defaultReason, patch: { cancellation_reason: reason, refund_amount: refund.toFixed(2) }, details: { vlrDevolucao: refund.toFixed(2) } });
  const { refundBoletoId } = await deps.schedule.cancelSchedule(
    events.tx,
    events.enqueue,
    { proposalId: row.id, partnerId: row.partner_id, cancelledOn: today, refundAmount: refund, refundDueDate: addDays(today, REFUND_DUE_DAYS), description: `Devolução do valor liberado - cancelamento da proposta ${row.numero}` },
    events.now,
  );
  if (refundBoletoId !== null) await updateProposal(events.tx, row.partner_id, row.id, { refund_boleto_id: refundBoletoId });
  return refundBoletoId;
}

// Proposta/Recusar in domain terms (issue 13): the command `proposal.partner-refuse` (the service
// team's is `proposal.refuse`, operator-commands.ts): the interface's state-table row and its
// message catalogue. refuse-proposal.route.ts maps the wire.
//
// Error codes, checked in this order (400):
//   C0056/V0001 the partner has no permission to refuse (flag `can_refuse`, set at onboarding)
//   C0185/V0007 no rejection reason (motivoRejeicao or textoMotivoRecusa)
//   PRP008      no proposal identifier in `dto`
//   C0112/V0001 proposal not found            C0112/V0002 it belongs to another partner
//   C0056/V0002 already refused               C0056/V0003 its status ({descricaoSituacao}) does not allow it
import type { CommandContext, CommandDefinition } from '../../platform/commands.js';
import { textOf } from '../../platform/fields.js';
import { ProposalCode, refusal } from './proposal-codes.js';
import { notFound, partnerEventContext, partnerIdOf, todayOf } from './proposal-access.js';
import { ProposalStatus, decideTransition, statusDescription } from './proposal-lifecycle.js';
import { type ProposalIdentifiers, requireProposalRef } from './proposal-ref.js';
import { existsForAnotherPartner, findProposal, partnerCanRefuse, type ProposalRow } from './proposal-repository.js';
import { applyEvent, type EventContext, statusOf } from './proposal-transitions.js';

export interface RefuseProposalInput {
  proposal: ProposalIdentifiers;
  /** The partner's rejection reason code (motivoRejeicao), as sent. */
  reasonCode: number | null;
  /** The reason in words (textoMotivoRecusa), as sent. */
  reasonText: string | null;
}

/** The refused proposal (the answer itself carries nothing). */
export interface RefusedProposal {
  proposalId: string;
  number: number;
}

export interface RefusalReason {
  code: number | null;
  text: string | null;
}

/** The reason the interface requires: a reason code, a text, or both. */
export function refusalReasonOf(input: RefuseProposalInput): RefusalReason {
  const reason = { code: input.reasonCode, text: textOf(input.reasonText) };
  if (reason.code === null && reason.text === null) {
    throw refusal(ProposalCode.reasonRequired, 'O motivo da recusa deve ser informado (motivoRejeicao ou textoMotivoRecusa).', 'propostaRecusaDTO');
  }
  return reason;
}

/** Refuses a locked proposal (Recusar and `caas proposal refuse`): already refused, then the state machine. */
export async function refuseRow(ctx: EventContext, row: ProposalRow, reason: RefusalReason, on = todayOf(ctx.now)): Promise<ProposalRow> {
  const status = statusOf(row);
  if (status === ProposalStatus.refused) throw refusal(ProposalCode.alreadyRefused, 'A proposta já está recusada.', 'dto');
  if (!decideTransition(status, 'refuse').ok) {
    throw refusal(ProposalCode.refuseNotAllowed, `A situação atual ${statusDescription(status)} não permite marcar a proposta como recusada.`, 'dto');
  }
  const text = [reason.code === null ? null : `Motivo ${reason.code}`, reason.text].filter((x) => x !== null).join(': ');
  return applyEvent(ctx, row, 'refuse', { on, reason: text, patch: { refusal_reason_code: reason.code, refusal_reason: reason.text } });
}

async function refuseProposal(input: RefuseProposalInput, ctx: CommandContext): Promise<RefusedProposal> {
  const partnerId = partnerIdOf(ctx.actor);
  if (!(await partnerCanRefuse(ctx.tx, partnerId))) throw refusal(ProposalCode.noRefusePermission, 'O parceiro não tem permissão para recusar propostas.');
  const reason = refusalReasonOf(input);
  const ref = requireProposalRef(input.proposal);
  const row = await findProposal(ctx.tx, partnerId, ref, 'wait');
  if (row === null) {
    // Only this catalogue names "not yours": tell it apart from "not found" by a lookup across partners.
    if (await existsForAnotherPartner(ctx.tx, partnerId, ref)) throw refusal(ProposalCode.notYours, 'A proposta não pertence a esta integração.', 'dto');
    throw notFound(ref);
  }
  await refuseRow(partnerEventContext(ctx), row, reason);
  return { proposalId: row.id, number: row.numero };
}

/** The proposal's row lock orders concurrent steps on it. */
export const partnerRefuseProposal: CommandDefinition<RefuseProposalInput, RefusedProposal> = {
  name: 'proposal.partner-refuse',
  summarize: (r) => `proposal ${r.number} refused by the partner`,
  handler: refuseProposal,
};

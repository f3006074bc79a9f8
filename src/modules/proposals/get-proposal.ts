// Proposta/Consultar: one proposal of this partner, by codigoProposta, codigoOperacao or
// numeroProposta (that precedence when several are sent): the fields partner clients read, and
// our own (plan, schedule summary, history), at the top level of the envelope.
//
// Error codes: PRP008 no identifier sent (or numeroProposta not a number);
//   C0112/V0001 not found (also another partner's proposal: tenant isolation).
import type { Static } from 'typebox';
import type { OperationContext } from '../../platform/http/operations.js';
import type { spec } from './get-proposal.schema.js';
import { proposalOfPartner } from './proposal-access.js';
import type { ProposalDeps } from './proposal-deps.js';
import { listHistory, listInstallments } from './proposal-repository.js';
import { proposalView } from './proposal-view.js';

export type GetProposalInput = Static<(typeof spec)['body']>;

export async function getProposal(input: GetProposalInput, ctx: OperationContext, deps: ProposalDeps) {
  const partnerId = ctx.auth.partnerId;
  const row = await proposalOfPartner(ctx.tx, partnerId, input.dto);
  const [history, installments, schedule, refund] = await Promise.all([
    listHistory(ctx.tx, partnerId, row.id),
    listInstallments(ctx.tx, row.id),
    deps.schedule.summarizeSchedule(ctx.tx, partnerId, row.id),
    row.refund_boleto_id === null ? null : deps.schedule.describeBoleto(ctx.tx, partnerId, row.refund_boleto_id, ctx.config.publicUrl),
  ]);
  return proposalView(row, history, installments, schedule, refund);
}

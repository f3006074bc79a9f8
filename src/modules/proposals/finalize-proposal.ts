// Proposta/Finalizar in domain terms (issue 13): the command `proposal.finalize`. A draft (em
// digitação) is priced again with the inputs and contract date it was created with, its
// installments are generated, and it becomes finalizada. finalize-proposal.route.ts maps the wire.
//
// Error codes: PRP008 no identifier; C0112/V0001 not found; PRP009 status is not em digitação;
//   PRP010 the first due date has already arrived; PRP003/PRP004/C0196/V0004 the pricing refuses
//   the proposal as stored (only after a change of the pricing rules since its creation).
import type { CommandContext, CommandDefinition } from '../../platform/commands.js';
import { compareDates, localDate } from '../../platform/dates.js';
import { DomainError } from '../../platform/errors.js';
import { type IofCaps, priceProposal } from './pricing/index.js';
import { ProposalCode, refusal } from './proposal-codes.js';
import { partnerEventContext, partnerIdOf, proposalOfPartner, todayOf } from './proposal-access.js';
import { finalizeRow, pricingMessages } from './proposal-finalization.js';
import { ProposalStatus, statusDescription } from './proposal-lifecycle.js';
import { pricingInputOf } from './proposal-plan.js';
import { STORED_PRICING_PATHS } from './proposal-application-wire.js';
import type { ProposalIdentifiers } from './proposal-ref.js';
import { statusOf } from './proposal-transitions.js';

export interface FinalizeProposalInput {
  proposal: ProposalIdentifiers;
}

/** The finalized proposal (the answer itself carries nothing). */
export interface FinalizedProposal {
  proposalId: string;
  number: number;
}

async function finalizeProposal(input: FinalizeProposalInput, ctx: CommandContext, iofCaps: IofCaps): Promise<FinalizedProposal> {
  const row = await proposalOfPartner(ctx.tx, partnerIdOf(ctx.actor), input.proposal, 'wait');
  const status = statusOf(row);
  if (status !== ProposalStatus.draft) {
    throw refusal(ProposalCode.statusNotAllowed, `Somente uma proposta em digitação pode ser finalizada; a situação atual é ${statusDescription(status)}.`, 'dto');
  }
  const events = partnerEventContext(ctx);
  const today = todayOf(events.now);
  if (compareDates(today, localDate(row.first_due_date)) >= 0) {
    throw refusal(ProposalCode.firstDueDatePassed, `A data do primeiro vencimento (${row.first_due_date}) já chegou: a proposta não pode ser finalizada; inclua uma nova proposta.`, 'dto');
  }
  const pricing = priceProposal({ ...pricingInputOf(row), iofCaps });
  const problems = pricingMessages(pricing, STORED_PRICING_PATHS);
  if (problems.length > 0) throw new DomainError('business', problems);
  await finalizeRow(events, row, pricing, today);
  return { proposalId: row.id, number: row.numero };
}

/** Bound to the operator's IOF caps (settings.ts). The proposal's row lock orders concurrent steps. */
export function finalizeProposalCommand(iofCaps: IofCaps): CommandDefinition<FinalizeProposalInput, FinalizedProposal> {
  return {
    name: 'proposal.finalize',
    summarize: (r) => `proposal ${r.number} finalized`,
    handler: (input, ctx) => finalizeProposal(input, ctx, iofCaps),
  };
}

// The partner's proposal commands, declared once (issue 13): the partner API runs them through
// defineCommandRoute (the *.route.ts files), and any other face (console, files) may run the same
// definitions through runDefined with a partner actor. Bound to the module's dependencies and
// settings at the composition root. Proposta/Consultar is a query: getProposalQuery.
import type { CommandDefinition } from '../../platform/commands.js';
import { partnerCancelProposalCommand, type CancelProposalInput, type CancelledProposal } from './cancel-proposal.js';
import { createProposalCommand, type CreatedProposal, type CreateProposalInput } from './create-proposal.js';
import { finalizeProposalCommand, type FinalizedProposal, type FinalizeProposalInput } from './finalize-proposal.js';
import type { ProposalDeps } from './proposal-deps.js';
import { partnerRefuseProposal, type RefusedProposal, type RefuseProposalInput } from './refuse-proposal.js';
import type { ProposalsSettings } from './settings.js';
import { updatePaymentAccountCommand, type UpdatedPaymentAccount, type UpdatePaymentAccountInput } from './update-payment-account.js';

export interface ProposalPartnerCommands {
  create: CommandDefinition<CreateProposalInput, CreatedProposal>;
  finalize: CommandDefinition<FinalizeProposalInput, FinalizedProposal>;
  refuse: CommandDefinition<RefuseProposalInput, RefusedProposal>;
  /** The customer's withdrawal within 7 days of the disbursement. */
  cancel: CommandDefinition<CancelProposalInput, CancelledProposal>;
  updatePaymentAccount: CommandDefinition<UpdatePaymentAccountInput, UpdatedPaymentAccount>;
}

export function proposalPartnerCommands(deps: ProposalDeps, settings: ProposalsSettings): ProposalPartnerCommands {
  return {
    create: createProposalCommand(settings.iofCaps),
    finalize: finalizeProposalCommand(settings.iofCaps),
    refuse: partnerRefuseProposal,
    cancel: partnerCancelProposalCommand(deps),
    updatePaymentAccount: updatePaymentAccountCommand,
  };
}

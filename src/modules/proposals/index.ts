// The proposals module's public entry: what other modules and the faces (CLI, console) may use.
// Console (issue 16): the service team's commands and the read side of the book of proposals.
import type { ModuleDescriptor } from '../../platform/module.js';
export { proposalOperatorCommands, type ProposalOperatorCommand, type ProposalOperatorCommands } from './operator-commands.js';
export type { OperatorCommand, OperatorOutcome } from './operator-lifecycle.js';
export { countProposals, listProposals, NO_PROPOSAL_FILTER, pageProposals, type ProposalFilter, type ProposalRecord, type ProposalSearch } from './list-proposals.js';
export { disbursementsOn, proposalsByStatus, type DayTotal, type StatusCount } from './operator-figures.js';
export { showProposal, type ProposalDetails } from './show-proposal.js';
export { decideTransition, isStatusId, Status, statusDescription, type LifecycleEvent, type StatusId } from './proposal-lifecycle.js';
export { parseProposalStatus } from './proposal-status-names.js';
export { proposalDeps } from './proposal-wiring.js';

/** What this module brings to the composition root (src/compose.ts). */
export const descriptor: ModuleDescriptor = {
  name: 'proposals',
  tables: ['proposals', 'proposal_history', 'proposal_installments'],
};

// The proposals module's public entry: what other modules and the faces (CLI, console) may use.
// Console (issue 16): the service team's commands and the read side of the book of proposals.
import type { ModuleDescriptor } from '../../platform/module.js';
import { proposalOperatorCommands as operatorCommands } from './operator-commands.js';
import { proposalMetrics } from './proposal-metrics.js';
import { proposalsRoutes } from './routes.js';
import { parseProposalsEnv } from './settings.js';
import { spec as createProposal } from './create-proposal.schema.js';
import { spec as refuseProposal } from './refuse-proposal.schema.js';
import { spec as updatePaymentAccount } from './update-payment-account.schema.js';
import { spec as cancelProposal } from './cancel-proposal.schema.js';
import { spec as getProposal } from './get-proposal.schema.js';
import { spec as finalizeProposal } from './finalize-proposal.schema.js';
export { proposalOperatorCommands, type ProposalOperatorCommand, type ProposalOperatorCommands } from './operator-commands.js';
export { proposalPartnerCommands, type ProposalPartnerCommands } from './partner-commands.js';
export { getProposalQuery, type GetProposalInput, type ProposalReading } from './get-proposal.js';
export type { OperatorCommand, OperatorOutcome } from './operator-lifecycle.js';
export { countProposals, listProposals, NO_PROPOSAL_FILTER, pageProposals, type ProposalFilter, type ProposalRecord, type ProposalSearch } from './list-proposals.js';
export { disbursementsOn, proposalsByStatus, type DayTotal, type StatusCount } from './operator-figures.js';
export { showProposal, type ProposalDetails } from './show-proposal.js';
export { decideTransition, isProposalStatus, ProposalStatus, statusDescription, type LifecycleEvent } from './proposal-lifecycle.js';
export { parseProposalStatus } from './proposal-status-names.js';
// What receivables takes from proposals, and what proposals take from receivables: bound in src/bindings.ts.
export { proposalsPort } from './receivables-port.js';
export type { ProposalDeps } from './proposal-deps.js';

/** What this module brings to the composition root (src/compose.ts). */
export const descriptor: ModuleDescriptor = {
  name: 'proposals',
  tables: ['proposals', 'proposal_history', 'proposal_installments'],
  settings: { key: 'proposals', parse: parseProposalsEnv },
  operations: [createProposal, refuseProposal, updatePaymentAccount, cancelProposal, getProposal, finalizeProposal],
  routes: (ctx) => proposalsRoutes(ctx.bindings.proposals, ctx.config.proposals, ctx.config.publicUrl),
  commands: (ctx) => Object.values(operatorCommands(ctx.bindings.proposals)),
  metrics: [proposalMetrics],
};

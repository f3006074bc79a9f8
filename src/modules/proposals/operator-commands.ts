// The service team's proposal commands, declared once (issue 13): the CLI (`caas proposal
// approve|disburse|assign|refuse|cancel`) and the console run these same definitions through
// runDefined (src/platform/commands.ts), with the operator as actor. Each use case joins the
// runner's transaction (inTransaction), so the step commits with the idempotency record and audit.
import type { CommandDefinition } from '../../platform/commands.js';
import { approveProposal, assignProposal, cancelProposalAsOperator, disburseProposal, type OperatorCommand, type OperatorOutcome, refuseProposalAsOperator, requestPayment } from './operator-lifecycle.js';
import type { ProposalDeps } from './proposal-deps.js';

export type ProposalOperatorCommand = CommandDefinition<OperatorCommand, OperatorOutcome>;

export interface ProposalOperatorCommands {
  approve: ProposalOperatorCommand;
  /** Only the payment order: aprovada → pendente pagamento (`caas proposal disburse --pending`). */
  requestPayment: ProposalOperatorCommand;
  /** The money left: aprovada/pendente pagamento → liberada, the schedule opens. */
  disburse: ProposalOperatorCommand;
  assign: ProposalOperatorCommand;
  /** Needs a reason. */
  refuse: ProposalOperatorCommand;
  /** The customer withdrew within 7 days (same rules as FGTS/CancelarProposta); needs a reason. */
  cancel: ProposalOperatorCommand;
}

const summarize = (outcome: OperatorOutcome): string => `proposal ${outcome.proposalNumber} is now ${outcome.status}`;

function define(name: string, handler: ProposalOperatorCommand['handler']): ProposalOperatorCommand {
  // resultVersion 2: the outcome's fields in English (proposalNumber, proposalId, status, statusDescription).
  return { name, locks: (input) => [`proposal-number:${input.proposalNumber}`], summarize, resultVersion: 2, handler };
}

/** Bound to the proposals module's dependencies at the composition root (or by the CLI). */
export function proposalOperatorCommands(deps: ProposalDeps): ProposalOperatorCommands {
  return {
    approve: define('proposal.approve', (input, ctx) => approveProposal(ctx, input)),
    requestPayment: define('proposal.request-payment', (input, ctx) => requestPayment(ctx, input)),
    disburse: define('proposal.disburse', (input, ctx) => disburseProposal(ctx, input, deps)),
    assign: define('proposal.assign', (input, ctx) => assignProposal(ctx, input)),
    refuse: define('proposal.refuse', (input, ctx) => refuseProposalAsOperator(ctx, input)),
    cancel: define('proposal.cancel', (input, ctx) => cancelProposalAsOperator(ctx, input, deps)),
  };
}

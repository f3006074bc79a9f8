// Proposta/Consultar in domain terms (issue 13): the query `(db, input, actor) → proposal`. One
// proposal of this partner, by its id, the partner's operation code or its number (that precedence
// when several are sent: proposal-ref.ts), with our own reading of it (plan, schedule summary,
// history). get-proposal.route.ts maps wire and result (proposal-view.ts). Reads the pool only.
//
// Error codes: PRP008 no identifier sent (or the number is not a number);
//   C0112/V0001 not found (also another partner's proposal: tenant isolation).
import type { Actor } from '../../platform/commands.js';
import type { Executor } from '../../platform/db/pool.js';
import type { BoletoSummary, ScheduleSummary } from '../receivables/index.js';
import { partnerIdOf, proposalOfPartner } from './proposal-access.js';
import type { ProposalDeps } from './proposal-deps.js';
import type { ProposalIdentifiers } from './proposal-ref.js';
import { listHistory, listInstallments, type HistoryRow, type InstallmentRow, type ProposalRow } from './proposal-repository.js';

export interface GetProposalInput {
  proposal: ProposalIdentifiers;
}

/** A stored proposal with what is read beside it. */
export interface ProposalReading {
  proposal: ProposalRow;
  history: HistoryRow[];
  installments: InstallmentRow[];
  schedule: ScheduleSummary | null;
  /** The refund boleto of a cancelled proposal, when one was issued. */
  refund: BoletoSummary | null;
}

/** Bound to the module's dependencies and the public address (the refund boleto's print link). */
export function getProposalQuery(deps: ProposalDeps, publicUrl: string) {
  return async (db: Executor, input: GetProposalInput, actor: Actor): Promise<ProposalReading> => {
    const partnerId = partnerIdOf(actor);
    const proposal = await proposalOfPartner(db, partnerId, input.proposal);
    const [history, installments, schedule, refund] = await Promise.all([
      listHistory(db, partnerId, proposal.id),
      listInstallments(db, proposal.id),
      deps.schedule.summarizeSchedule(db, partnerId, proposal.id),
      proposal.refund_boleto_id === null ? null : deps.schedule.describeBoleto(db, partnerId, proposal.refund_boleto_id, publicUrl),
    ]);
    return { proposal, history, installments, schedule, refund };
  };
}

// What receivables asks of proposals (receivables-deps.ts ProposalsPort): the status shown by
// ConsultarDetalhes, and the move to liquidada when a schedule is paid off. Wire it in compose.ts.
import type { Executor } from '../../platform/db/pool.js';
import type { LocalDate } from '../../platform/dates.js';
import { findProposal } from './proposal-repository.js';
import { settleProposal } from './proposal-transitions.js';

export async function proposalStatusOf(db: Executor, partnerId: string, proposalId: string): Promise<number | null> {
  const row = await findProposal(db, partnerId, { by: 'id', value: proposalId });
  return row?.status ?? null;
}

export async function markProposalPaidOff(tx: Executor, partnerId: string, proposalId: string, on: LocalDate, now: Date): Promise<void> {
  await settleProposal(tx, partnerId, proposalId, on, now);
}

export const proposalsPort = { statusOf: proposalStatusOf, markPaidOff: markProposalPaidOff };

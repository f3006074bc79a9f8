// Finalizing a proposal: the installments are generated from its pricing and it becomes
// finalizada. Done at creation (unless the partner keeps a draft) and by Proposta/Finalizar.
import type { LocalDate } from '../../platform/dates.js';
import { MessageType, type MessageInput } from '../../platform/errors.js';
import type { PricingPaths, ProposalPricing } from './pricing/index.js';
import { pricingCode } from './proposal-codes.js';
import { installmentRowsOf, pricingColumnsOf } from './proposal-plan.js';
import { insertProposalWith, type NewHistory, type NewProposalRow, type ProposalRow, replaceInstallments } from './proposal-repository.js';
import { applyEvent, planEvent, type EventContext } from './proposal-transitions.js';

/** The pricing's refusals as messages (business rules on values the schema accepted), each at its wire path. */
export function pricingMessages(pricing: ProposalPricing, paths: PricingPaths): MessageInput[] {
  return pricing.problems.map((p) => ({ code: pricingCode(p.code, p.detail), description: p.description, field: paths[p.field], messageType: MessageType.business }));
}

function finalizeOptions(pricing: ProposalPricing, on: LocalDate) {
  if (pricing.problems.length > 0) throw new Error('assertion: a proposal with pricing problems cannot be finalized');
  return { on, patch: pricingColumnsOf(pricing), details: { parcelas: pricing.schedule.length } };
}

export async function finalizeRow(ctx: EventContext, row: ProposalRow, pricing: ProposalPricing, on: LocalDate): Promise<ProposalRow> {
  const options = finalizeOptions(pricing, on);
  await replaceInstallments(ctx.tx, row.id, installmentRowsOf(row.id, pricing));
  return applyEvent(ctx, row, 'finalize', options);
}

/**
 * A new proposal: stored as a draft, or finalized at once. Finalized, the row is inserted in its
 * finalized state with both history rows (create, finalize) and its installments, in one
 * statement instead of an insert, a delete, inserts and an update (issue 14); the state machine
 * decides the finalize exactly as for a stored draft.
 */
export async function insertNewProposal(ctx: EventContext, draft: Omit<NewProposalRow, 'finalized_on'> & { id: string }, created: NewHistory, finalize: { pricing: ProposalPricing; on: LocalDate } | null): Promise<Pick<ProposalRow, 'id' | 'numero'>> {
  if (finalize === null) return insertProposalWith(ctx.tx, { ...draft, finalized_on: null }, [created], []);
  // planEvent reads the status, the ids and the event dates, which the draft has (nothing else).
  const { patch, history } = planEvent(ctx, draft as unknown as ProposalRow, 'finalize', finalizeOptions(finalize.pricing, finalize.on));
  const row = { ...draft, ...patch } as NewProposalRow;
  return insertProposalWith(ctx.tx, row, [created, history], installmentRowsOf(draft.id, finalize.pricing));
}

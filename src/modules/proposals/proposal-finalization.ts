// Finalizing a proposal: the installments are generated from its pricing and it becomes
// finalizada. Done at creation (unless the partner keeps a draft) and by Proposta/Finalizar.
import type { LocalDate } from '../../platform/dates.js';
import { MessageType, type MessageInput } from '../../platform/errors.js';
import type { ProposalPricing } from './pricing/index.js';
import { pricingCode } from './proposal-codes.js';
import { installmentRowsOf, pricingColumnsOf } from './proposal-plan.js';
import { type ProposalRow, replaceInstallments } from './proposal-repository.js';
import { applyEvent, type EventContext } from './proposal-transitions.js';

/** The pricing's refusals as messages (business rules on values the schema accepted). */
export function pricingMessages(pricing: ProposalPricing): MessageInput[] {
  return pricing.problems.map((p) => ({ code: pricingCode(p.code, p.detail), description: p.description, field: `dto.${p.field}`, messageType: MessageType.business }));
}

export async function finalizeRow(ctx: EventContext, row: ProposalRow, pricing: ProposalPricing, on: LocalDate): Promise<ProposalRow> {
  if (pricing.problems.length > 0) throw new Error('assertion: a proposal with pricing problems cannot be finalized');
  await replaceInstallments(ctx.tx, row.id, installmentRowsOf(row.id, pricing));
  return applyEvent(ctx, row, 'finalize', { on, patch: pricingColumnsOf(pricing), details: { parcelas: pricing.schedule.length } });
}

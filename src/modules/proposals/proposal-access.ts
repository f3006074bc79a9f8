// What every partner operation on an existing proposal starts with: find it by the dto's
// identifiers, for this partner only, or answer "not found" (C0112/V0001).
import { brazilDateAt, type LocalDate } from '../../platform/dates.js';
import type { Executor } from '../../platform/db/pool.js';
import type { OperationContext } from '../../platform/http/operations.js';
import { ProposalCode, refusal } from './proposal-codes.js';
import { describeRef, type ProposalRef, type ProposalRefInput, requireProposalRef } from './proposal-ref.js';
import { findProposal, type LockMode, type ProposalRow } from './proposal-repository.js';
import type { Actor, EventContext } from './proposal-transitions.js';

export function notFound(ref: ProposalRef) {
  return refusal(ProposalCode.notFound, `Proposta não encontrada (${describeRef(ref)}).`, 'dto');
}

export async function proposalOfPartner(db: Executor, partnerId: string, dto: ProposalRefInput | null | undefined, lock: LockMode = 'none'): Promise<ProposalRow> {
  const ref = requireProposalRef(dto);
  const row = await findProposal(db, partnerId, ref, lock);
  if (row === null) throw notFound(ref);
  return row;
}

/** "Today" for a partner: the calendar date in São Paulo at the service clock's instant. */
export function todayOf(now: Date): LocalDate {
  return brazilDateAt(now);
}

export function partnerActor(ctx: OperationContext): Actor {
  return { kind: 'partner', name: ctx.auth.clientId };
}

export function partnerEventContext(ctx: OperationContext): EventContext {
  return { tx: ctx.tx, now: ctx.clock.now(), actor: partnerActor(ctx) };
}

// What every partner operation on an existing proposal starts with: find it by the dto's
// identifiers, for this partner only, or answer "not found" (C0112/V0001).
import { brazilDateAt, type LocalDate } from '../../platform/dates.js';
import type { Executor } from '../../platform/db/pool.js';
import type { Actor as CommandActor, CommandContext } from '../../platform/commands.js';
import { ProposalCode, refusal } from './proposal-codes.js';
import { describeRef, type ProposalIdentifiers, type ProposalRef, requireProposalRef } from './proposal-ref.js';
import { findProposal, type LockMode, type ProposalRow } from './proposal-repository.js';
import type { Actor, EventContext } from './proposal-transitions.js';

export function notFound(ref: ProposalRef) {
  return refusal(ProposalCode.notFound, `Proposta não encontrada (${describeRef(ref)}).`, 'dto');
}

export async function proposalOfPartner(db: Executor, partnerId: string, ids: ProposalIdentifiers | null | undefined, lock: LockMode = 'none'): Promise<ProposalRow> {
  const ref = requireProposalRef(ids);
  const row = await findProposal(db, partnerId, ref, lock);
  if (row === null) throw notFound(ref);
  return row;
}

/** "Today" for a partner: the calendar date in São Paulo at the service clock's instant. */
export function todayOf(now: Date): LocalDate {
  return brazilDateAt(now);
}

/** The partner a partner command runs for (its id scopes every read and write). */
export function partnerIdOf(actor: CommandActor): string {
  if (actor.kind !== 'partner') throw new Error(`assertion: a partner operation run by a ${actor.kind}`);
  return actor.id;
}

/** The runner's actor as the proposal history names it (a partner: the client id that asked). */
export function historyActor(actor: CommandActor): Actor {
  return { kind: actor.kind, name: actor.name ?? actor.id };
}

export function partnerEventContext(ctx: CommandContext): EventContext {
  return { tx: ctx.tx, now: ctx.now, actor: historyActor(ctx.actor), enqueue: ctx.enqueue };
}

// Applying a lifecycle event to a stored proposal: the state machine decides, this writes the new
// status, the event's date column and one history row, in the caller's transaction. HTTP use
// cases, the operator CLI and receivables (settleProposal) all come through here.
import type { Updateable } from 'kysely';
import type { Enqueue } from '../../platform/commands.js';
import type { Executor } from '../../platform/db/pool.js';
import { compareDates, type LocalDate } from '../../platform/dates.js';
import { type LifecycleEvent, ProposalStatus, decideTransition, eventLabel, isProposalStatus, statusDescription } from './proposal-lifecycle.js';
import { findProposal, type NewHistory, type ProposalRow, updateProposalWithHistory } from './proposal-repository.js';
import { ProposalCode, refusal } from './proposal-codes.js';
import type { ProposalsTable } from './tables.js';

export interface Actor {
  kind: 'partner' | 'operator' | 'system';
  /** The partner's client id, the operator's name, or the system component. */
  name: string;
}

export interface EventContext {
  tx: Executor;
  now: Date;
  actor: Actor;
  /** The command's outbox hook (callbacks of the schedule it opens or closes). */
  enqueue: Enqueue;
}

/** The column that records the date each status was reached (pendente pagamento has none). */
const DATE_COLUMN: Partial<Record<ProposalStatus, keyof ProposalsTable>> = {
  [ProposalStatus.finalized]: 'finalized_on',
  [ProposalStatus.approved]: 'approved_on',
  [ProposalStatus.disbursed]: 'disbursed_on',
  [ProposalStatus.assigned]: 'assigned_on',
  [ProposalStatus.refused]: 'refused_on',
  [ProposalStatus.cancelled]: 'cancelled_on',
  [ProposalStatus.settled]: 'settled_on',
};

export function statusOf(row: ProposalRow): ProposalStatus {
  if (!isProposalStatus(row.status)) throw new Error(`assertion: proposal ${row.id} has unknown status ${row.status}`);
  return row.status;
}

/** The date of the proposal's latest status change (creation included): events cannot be dated before it. */
export function lastEventDate(row: ProposalRow): LocalDate {
  const dates = [row.contract_date, row.finalized_on, row.approved_on, row.disbursed_on, row.assigned_on, row.refused_on, row.cancelled_on, row.settled_on];
  return dates.filter((d): d is string => typeof d === 'string').sort().at(-1) as LocalDate;
}

export interface EventOptions {
  on: LocalDate;
  reason?: string | null;
  /** Columns changed together with the status (e.g. the refusal reason). */
  patch?: Updateable<ProposalsTable>;
  details?: unknown;
}

/**
 * Moves `row` (locked by the caller) by `event`. A refused transition is a business error naming
 * the current status; callers check their operation's own catalogue codes before this.
 */
export async function applyEvent(ctx: EventContext, row: ProposalRow, event: LifecycleEvent, options: EventOptions): Promise<ProposalRow> {
  const { patch, history } = planEvent(ctx, row, event, options);
  await updateProposalWithHistory(ctx.tx, row.partner_id, row.id, patch, history);
  return { ...row, ...(patch as Partial<ProposalRow>) };
}

/** What `event` changes on `row` and the history row it writes, without writing (refusals thrown). */
export function planEvent(ctx: Omit<EventContext, 'tx'>, row: ProposalRow, event: LifecycleEvent, options: EventOptions): { patch: Updateable<ProposalsTable>; history: NewHistory } {
  const from = statusOf(row);
  const decision = decideTransition(from, event);
  if (!decision.ok) throw refusal(ProposalCode.statusNotAllowed, `A situação atual da proposta (${statusDescription(from)}) não permite ${eventLabel(event)} a proposta.`);
  if (compareDates(options.on, lastEventDate(row)) < 0) {
    throw refusal(ProposalCode.eventDate, `A data do evento (${options.on}) não pode ser anterior à última movimentação da proposta (${lastEventDate(row)}).`);
  }
  const dateColumn = DATE_COLUMN[decision.to];
  const patch: Updateable<ProposalsTable> = { ...options.patch, status: decision.to, updated_at: ctx.now, ...(dateColumn ? { [dateColumn]: options.on } : {}) };
  const history: NewHistory = {
    proposal_id: row.id,
    partner_id: row.partner_id,
    event,
    from_status: from,
    to_status: decision.to,
    occurred_on: options.on,
    recorded_at: ctx.now,
    actor_kind: ctx.actor.kind,
    actor: ctx.actor.name,
    reason: options.reason ?? null,
    details: options.details === undefined ? null : JSON.stringify(options.details),
  };
  return { patch, history };
}

/** Settling a proposal (inside receivables' pay-off) puts nothing in the outbox of its own. */
const emitsNothing = (): void => {
  throw new Error('assertion: settling a proposal enqueues no outbox event');
};

/**
 * For receivables: the schedule of a disbursed (or assigned) proposal is paid off, so the proposal
 * is liquidada. Idempotent: a proposal already liquidada is left as it is. Returns whether it moved.
 */
export async function settleProposal(tx: Executor, partnerId: string, proposalId: string, settledOn: LocalDate, now: Date): Promise<boolean> {
  const row = await findProposal(tx, partnerId, { by: 'id', value: proposalId }, 'wait');
  if (row === null) throw new Error(`assertion: settling unknown proposal ${proposalId}`);
  if (row.status === ProposalStatus.settled) return false;
  await applyEvent({ tx, now, actor: { kind: 'system', name: 'receivables' }, enqueue: emitsNothing }, row, 'settle', { on: settledOn, reason: 'Agenda de recebíveis quitada' });
  return true;
}

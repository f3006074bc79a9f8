// The service team's review of payees (`caas payee approve|reject`), and the one place a decision
// is recorded: the payee's new status, the history row (who, when, why) and the partner's
// callback event, all in one transaction. Automatic approval (register-payee.ts) comes through
// recordDecision too, with who = 'auto'.
import type { CommandScope, Enqueue } from '../../platform/commands.js';
import { inTransaction, type Executor } from '../../platform/db/pool.js';
import { businessError, validationError } from '../../platform/errors.js';
import { emitCallback, EventType, payeeEvent } from '../callbacks/index.js';
import { insertReview, isUuid, lockPayeeForReview, setPayeeStatus } from './payee-repository.js';
import { checkRejectionReason, checkReviewer, type CheckedText, type Decision, nextPayeeStatus, PayeeReviewCode, PayeeStatus } from './payee-status.js';
import { statusOf, storedPayeeOf, type StoredPayee } from './stored-payee.js';

export interface DecisionRecord {
  payeeId: string;
  partnerId: string;
  status: typeof PayeeStatus.approved | typeof PayeeStatus.rejected;
  by: string;
  reason: string | null;
  at: Date;
}

/**
 * Writes the history row and emits the callback event of a decision whose status is already
 * stored (the runner writes the event after the handler: payee_reviews' reference to it is
 * checked at commit, migration 0037).
 */
export async function recordDecision(tx: Executor, enqueue: Enqueue, d: DecisionRecord): Promise<void> {
  const approved = d.status === PayeeStatus.approved;
  const event = payeeEvent(approved ? EventType.payeeApproved : EventType.payeeRejected, d.at, { payeeId: d.payeeId, reason: d.reason });
  const callbackEventId = emitCallback(enqueue, d.partnerId, event);
  await insertReview(tx, { payee_id: d.payeeId, partner_id: d.partnerId, decision: d.status, reviewed_by: d.by, reason: d.reason, decided_at: d.at, callback_event_id: callbackEventId });
}

export interface ApproveInput {
  payeeId: string;
  /** Who decides (an operator's name, never the automatic reviewer's). */
  by: string;
}

export interface RejectInput extends ApproveInput {
  reason: string;
}

/** Where the payee's id sits in what the face received: the refusals name it (payee-review-wire.ts). */
export interface PayeeReviewPaths {
  payeeId: string;
}

/**
 * Approves a pending payee. Errors: FAV026 (reviewer name), FAV021 (no such payee),
 * FAV022 (already approved), FAV023 (rejected: final).
 */
export function approvePayee(scope: CommandScope, input: ApproveInput, paths: PayeeReviewPaths): Promise<StoredPayee> {
  return decide(scope, { payeeId: input.payeeId, paths }, 'approve', checked(checkReviewer(input.by)), null);
}

/**
 * Rejects a pending or approved payee, with the reason the partner receives. Errors: FAV026
 * (reviewer name), FAV025 (reason missing or too long), FAV021 (no such payee), FAV024 (already
 * rejected).
 */
export function rejectPayee(scope: CommandScope, input: RejectInput, paths: PayeeReviewPaths): Promise<StoredPayee> {
  const by = checked(checkReviewer(input.by));
  return decide(scope, { payeeId: input.payeeId, paths }, 'reject', by, checked(checkRejectionReason(input.reason)));
}

function checked(result: CheckedText): string {
  if (!result.ok) throw validationError(result.code, result.description);
  return result.text;
}

async function decide(scope: CommandScope, target: { payeeId: string; paths: PayeeReviewPaths }, decision: Decision, by: string, reason: string | null): Promise<StoredPayee> {
  const { payeeId, paths } = target;
  const notFound = () => businessError(PayeeReviewCode.notFound, `Favorecido ${payeeId} não encontrado.`, paths.payeeId);
  if (!isUuid(payeeId)) throw notFound();
  return inTransaction(scope.tx, async (tx) => {
    const payee = await lockPayeeForReview(tx, payeeId);
    if (!payee) throw notFound();
    const transition = nextPayeeStatus(statusOf(payee), decision);
    if (!transition.ok) throw businessError(transition.code, transition.description, paths.payeeId, payee.id);
    const status = decidedStatus(transition.status);
    const at = scope.clock.now();
    await setPayeeStatus(tx, payee.id, status, reason, at);
    await recordDecision(tx, scope.enqueue, { payeeId: payee.id, partnerId: payee.partner_id, status, by, reason, at });
    return { ...storedPayeeOf(payee), status, rejectionReason: reason, statusAt: at.toISOString() };
  });
}

function decidedStatus(status: PayeeStatus): DecisionRecord['status'] {
  if (status === PayeeStatus.pending) throw new Error('assertion: a decision never leads back to pending');
  return status;
}

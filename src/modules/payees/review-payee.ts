// The service team's review of payees (`caas payee approve|reject`), and the one place a decision
// is recorded: the payee's new situacao, the history row (who, when, why) and the partner's
// callback event, all in one transaction. Automatic approval (register-payee.ts) comes through
// recordDecision too, with who = 'auto'.
import type { CommandScope, Enqueue } from '../../platform/commands.js';
import { inTransaction, type Executor } from '../../platform/db/pool.js';
import { businessError, validationError } from '../../platform/errors.js';
import { emitCallback, EventType, payeeEvent } from '../callbacks/index.js';
import { insertReview, isUuid, lockPayeeForReview, type PayeeRow, setPayeeStatus } from './payee-repository.js';
import { checkRejectionReason, checkReviewer, type CheckedText, type Decision, nextPayeeStatus, PayeeReviewCode, PayeeStatus } from './payee-status.js';
import { situacaoOf, storedPayeeOf, type StoredPayee } from './stored-payee.js';

export interface DecisionRecord {
  payeeId: string;
  partnerId: string;
  situacao: typeof PayeeStatus.approved | typeof PayeeStatus.rejected;
  by: string;
  reason: string | null;
  at: Date;
}

/**
 * Writes the history row and emits the callback event of a decision whose situacao is already
 * stored (the runner writes the event after the handler: payee_reviews' reference to it is
 * checked at commit, migration 0037).
 */
export async function recordDecision(tx: Executor, enqueue: Enqueue, d: DecisionRecord): Promise<void> {
  const approved = d.situacao === PayeeStatus.approved;
  const event = payeeEvent(approved ? EventType.payeeApproved : EventType.payeeRejected, d.at, { codigoFavorecido: d.payeeId, motivo: d.reason });
  const callbackEventId = emitCallback(enqueue, d.partnerId, event);
  await insertReview(tx, { payee_id: d.payeeId, partner_id: d.partnerId, decision: d.situacao, reviewed_by: d.by, reason: d.reason, decided_at: d.at, callback_event_id: callbackEventId });
}

export interface ApproveInput {
  codigoFavorecido: string;
  by: string;
}

export interface RejectInput extends ApproveInput {
  reason: string;
}

/**
 * Approves a pendente payee. Errors: FAV026 (reviewer name), FAV021 (no such payee),
 * FAV022 (already approved), FAV023 (rejected: final).
 */
export function approvePayee(scope: CommandScope, input: ApproveInput): Promise<StoredPayee> {
  return decide(scope, input.codigoFavorecido, 'approve', checked(checkReviewer(input.by)), null);
}

/**
 * Rejects a pendente or approved payee, with the reason the partner receives. Errors: FAV026
 * (reviewer name), FAV025 (reason missing or too long), FAV021 (no such payee), FAV024 (already
 * rejected).
 */
export function rejectPayee(scope: CommandScope, input: RejectInput): Promise<StoredPayee> {
  const by = checked(checkReviewer(input.by));
  return decide(scope, input.codigoFavorecido, 'reject', by, checked(checkRejectionReason(input.reason)));
}

function checked(result: CheckedText): string {
  if (!result.ok) throw validationError(result.code, result.description);
  return result.text;
}

async function decide(scope: CommandScope, codigo: string, decision: Decision, by: string, reason: string | null): Promise<StoredPayee> {
  const notFound = () => businessError(PayeeReviewCode.notFound, `Favorecido ${codigo} não encontrado.`, 'codigoFavorecido');
  if (!isUuid(codigo)) throw notFound();
  return inTransaction(scope.tx, async (tx) => {
    const payee = await lockPayeeForReview(tx, codigo);
    if (!payee) throw notFound();
    const transition = nextPayeeStatus(situacaoOf(payee), decision);
    if (!transition.ok) throw businessError(transition.code, transition.description, 'codigoFavorecido', payee.id);
    const situacao = decidedStatus(transition.situacao);
    const at = scope.clock.now();
    await setPayeeStatus(tx, payee.id, situacao, reason, at);
    await recordDecision(tx, scope.enqueue, { payeeId: payee.id, partnerId: payee.partner_id, situacao, by, reason, at });
    return storedPayeeOf(afterDecision(payee, situacao, reason, at));
  });
}

function decidedStatus(situacao: PayeeStatus): DecisionRecord['situacao'] {
  if (situacao === PayeeStatus.pending) throw new Error('assertion: a decision never leads back to pendente');
  return situacao;
}

function afterDecision(payee: PayeeRow, situacao: PayeeStatus, reason: string | null, at: Date): PayeeRow {
  return { ...payee, situacao, motivo_rejeicao: reason, situacao_at: at };
}

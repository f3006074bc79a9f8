// A reversal of a received pix through the provider (PUT /pix/{e2eid}/devolucao/{id}): an operator
// command, `settlement.pix.refund`. Only a pix the provider confirmed can be refunded, at most its
// amount; the refund id is the operator's (1 to 35 letters or digits, the API's rule) so a repeat
// of the same refund is the same request at the provider, and the refunds of one pix add up to at
// most its amount (settlement_pix_refunds, migration 0035). The refund is recorded as 'requested'
// in a transaction of its own BEFORE the provider is called (migration 0040): if the provider
// accepts and the command's commit then fails, or the provider fails, the requested row still
// counts against the pix's amount, and the same refund id again resumes it (the provider answers
// the refund it already has). A provider failure is 'unavailable' (retry with the same refund id).
// It returns money to the payer; it does not reverse the launches the pix settled (that is a launch
// correction, outside this command).
import type { CommandDefinition } from '../../../platform/commands.js';
import { businessError, DomainError, validationError } from '../../../platform/errors.js';
import { inTransaction, type Db, type Executor } from '../../../platform/db/pool.js';
import { dec, type Decimal } from '../../../platform/money.js';
import type { PixApiClient } from './api-client.js';

export interface PixRefundInput {
  endToEndId: string;
  refundId: string;
  /** Decimal text with 2 places, e.g. "10.00". */
  amount: string;
}

export interface PixRefundResult {
  endToEndId: string;
  refundId: string;
  amount: string;
  rtrId: string;
  status: string;
}

/** The status of a refund recorded before the provider was asked (then the provider's status). */
export const REFUND_REQUESTED = 'requested';

const REFUND_ID_RE = /^[A-Za-z0-9]{1,35}$/;
const AMOUNT_RE = /^\d{1,16}\.\d{2}$/;

/**
 * The refunds of one pix never add up to more than it brought (DEV004); the same refund id again is
 * the same refund (a retry, not counted twice), so it must carry the same amount (DEV001). The
 * command's lock on the pix serializes concurrent refunds of it.
 */
async function refundable(tx: Executor, endToEndId: string, refundId: string, amount: Decimal, received: Decimal): Promise<void> {
  const earlier = await tx.selectFrom('settlement_pix_refunds').select(['refund_id', 'amount']).where('end_to_end_id', '=', endToEndId).execute();
  const same = earlier.find((r) => r.refund_id === refundId);
  if (same !== undefined && !dec(same.amount).equals(amount)) throw validationError('DEV001', `A devolução ${refundId} já foi pedida com o valor ${dec(same.amount).toFixed(2)}`, 'refundId');
  const others = earlier.filter((r) => r.refund_id !== refundId).reduce((total, r) => total.plus(r.amount), dec(0));
  if (others.plus(amount).greaterThan(received)) {
    throw businessError('DEV004', `A devolução (${amount.toFixed(2)}) somada às anteriores (${others.toFixed(2)}) excede o valor do pix (${received.toFixed(2)})`, 'amount');
  }
}

/**
 * The checks, then the 'requested' row (kept if this refund id is already there), committed in a
 * transaction of its own while the command holds the pix's lock: it counts before the provider moves.
 */
async function recordRequest(db: Db, { endToEndId, refundId, amount }: PixRefundInput, now: Date): Promise<void> {
  await inTransaction(db, async (tx) => {
    const pix = await tx.selectFrom('settlement_pix_notifications').select(['amount', 'confirmed_at']).where('end_to_end_id', '=', endToEndId).executeTakeFirst();
    if (pix === undefined || pix.confirmed_at === null) throw businessError('DEV003', `Pix ${endToEndId} não foi recebido e confirmado pelo provedor`, 'endToEndId');
    await refundable(tx, endToEndId, refundId, dec(amount), dec(pix.amount));
    await tx
      .insertInto('settlement_pix_refunds')
      .values({ end_to_end_id: endToEndId, refund_id: refundId, amount, rtr_id: null, status: REFUND_REQUESTED, created_at: now })
      .onConflict((oc) => oc.columns(['end_to_end_id', 'refund_id']).doNothing())
      .execute();
  });
}

export function pixRefundCommand(client: PixApiClient, db: Db): CommandDefinition<PixRefundInput, PixRefundResult> {
  return {
    name: 'settlement.pix.refund',
    locks: (i) => [`pix:${i.endToEndId}`],
    summarize: (r) => `pix ${r.endToEndId} refund ${r.refundId}: ${r.amount} ${r.status}`,
    handler: async (input, { tx, now }) => {
      const { endToEndId, refundId, amount } = input;
      if (!REFUND_ID_RE.test(refundId)) throw validationError('DEV001', 'O id da devolução deve ter de 1 a 35 letras ou algarismos', 'refundId');
      if (!AMOUNT_RE.test(amount) || dec(amount).isZero()) throw validationError('DEV002', 'O valor da devolução deve ser positivo, com 2 casas decimais', 'amount');
      await recordRequest(db, input, now);
      let answer;
      try {
        answer = await client.refund(endToEndId, refundId, amount);
      } catch (error) {
        const description = `O provedor Pix não registrou a devolução: ${(error as Error).message}. Ela fica pedida: repita com o mesmo id ${refundId}`;
        throw new DomainError('unavailable', [{ code: 'DEV005', description, messageType: 3 }]);
      }
      await tx.updateTable('settlement_pix_refunds').set({ rtr_id: answer.rtrId, status: answer.status }).where('end_to_end_id', '=', endToEndId).where('refund_id', '=', refundId).execute();
      return { endToEndId, refundId, amount, rtrId: answer.rtrId, status: answer.status };
    },
  };
}

// A reversal of a received pix through the provider (PUT /pix/{e2eid}/devolucao/{id}): an operator
// command, `settlement.pix.refund`. Only a pix the provider confirmed can be refunded, at most its
// amount; the refund id is the operator's (1 to 35 letters or digits, the API's rule) so a repeat
// of the same refund is the same request at the provider. A provider failure is 'unavailable'
// (nothing recorded; retry with the same key). It returns money to the payer; it does not reverse
// the launches the pix settled (that is a launch correction, outside this command).
import type { CommandDefinition } from '../../../platform/commands.js';
import { businessError, DomainError, validationError } from '../../../platform/errors.js';
import { dec } from '../../../platform/money.js';
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

const REFUND_ID_RE = /^[A-Za-z0-9]{1,35}$/;
const AMOUNT_RE = /^\d{1,16}\.\d{2}$/;

export function pixRefundCommand(client: PixApiClient): CommandDefinition<PixRefundInput, PixRefundResult> {
  return {
    name: 'settlement.pix.refund',
    locks: (i) => [`pix:${i.endToEndId}`],
    summarize: (r) => `pix ${r.endToEndId} refund ${r.refundId}: ${r.amount} ${r.status}`,
    handler: async ({ endToEndId, refundId, amount }, { tx }) => {
      if (!REFUND_ID_RE.test(refundId)) throw validationError('DEV001', 'O id da devolução deve ter de 1 a 35 letras ou algarismos', 'refundId');
      if (!AMOUNT_RE.test(amount) || dec(amount).isZero()) throw validationError('DEV002', 'O valor da devolução deve ser positivo, com 2 casas decimais', 'amount');
      const pix = await tx.selectFrom('settlement_pix_notifications').select(['amount', 'confirmed_at']).where('end_to_end_id', '=', endToEndId).executeTakeFirst();
      if (pix === undefined || pix.confirmed_at === null) throw businessError('DEV003', `Pix ${endToEndId} não foi recebido e confirmado pelo provedor`, 'endToEndId');
      if (dec(amount).greaterThan(pix.amount)) throw businessError('DEV004', `A devolução (${amount}) excede o valor do pix (${dec(pix.amount).toFixed(2)})`, 'amount');
      let answer;
      try {
        answer = await client.refund(endToEndId, refundId, amount);
      } catch (error) {
        throw new DomainError('unavailable', [{ code: 'DEV005', description: `O provedor Pix não registrou a devolução: ${(error as Error).message}`, messageType: 3 }]);
      }
      return { endToEndId, refundId, amount, rtrId: answer.rtrId, status: answer.status };
    },
  };
}

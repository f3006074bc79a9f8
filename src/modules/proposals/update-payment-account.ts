// Proposta/AtualizarContaPagamento: replace the disbursement account of a proposal whose status
// is aprovada, finalizada, liberada or pendente pagamento (interface). The new account travels in
// `propostaContaPagamentoDTO` (the interface does not show where: our decision) and is validated
// like the one of IncluirManualSimplificado. The previous account is kept in the history.
//
// Error codes: CPG001–CPG010 the account (field propostaContaPagamentoDTO.*); PRP008 no identifier;
//   C0112/V0001 not found; PRP009 the status does not accept a change of account.
import type { Static } from 'typebox';
import { Problems } from '../../platform/errors.js';
import type { OperationContext } from '../../platform/http/operations.js';
import { validatePaymentAccount } from '../banking/index.js';
import type { spec } from './update-payment-account.schema.js';
import { ProposalCode, refusal } from './proposal-codes.js';
import { partnerActor, proposalOfPartner, todayOf } from './proposal-access.js';
import { PAYMENT_ACCOUNT_UPDATABLE, statusDescription } from './proposal-lifecycle.js';
import { insertHistory, updateProposal } from './proposal-repository.js';
import { statusOf } from './proposal-transitions.js';

export type UpdatePaymentAccountInput = Static<(typeof spec)['body']>;

const UPDATABLE_NAMES = PAYMENT_ACCOUNT_UPDATABLE.map(statusDescription).join(', ');

export async function updatePaymentAccount(input: UpdatePaymentAccountInput, ctx: OperationContext) {
  const problems = new Problems();
  const account = validatePaymentAccount(input.propostaContaPagamentoDTO, 'propostaContaPagamentoDTO', problems);
  problems.throwIfAny();
  if (account === null) throw new Error('assertion: an account without problems is valid');
  const row = await proposalOfPartner(ctx.tx, ctx.auth.partnerId, input.dto, 'wait');
  const status = statusOf(row);
  if (!PAYMENT_ACCOUNT_UPDATABLE.includes(status)) {
    throw refusal(ProposalCode.statusNotAllowed, `A conta de pagamento só pode ser alterada nas situações ${UPDATABLE_NAMES}; a situação atual da proposta é ${statusDescription(status)}.`, 'dto');
  }
  const now = ctx.clock.now();
  const actor = partnerActor(ctx);
  await updateProposal(ctx.tx, row.partner_id, row.id, { payment_account: JSON.stringify(account), updated_at: now });
  await insertHistory(ctx.tx, {
    proposal_id: row.id,
    partner_id: row.partner_id,
    event: 'updatePaymentAccount',
    from_status: status,
    to_status: status,
    occurred_on: todayOf(now),
    recorded_at: now,
    actor_kind: actor.kind,
    actor: actor.name,
    reason: 'Conta de pagamento alterada',
    details: JSON.stringify({ anterior: row.payment_account ?? null, nova: account }),
  });
  return {};
}

// Proposta/AtualizarContaPagamento in domain terms (issue 13): the command
// `proposal.payment-account.update`. Replace the disbursement account of a proposal whose status
// is aprovada, finalizada, liberada or pendente pagamento (interface). The new account travels in
// `propostaContaPagamentoDTO` (the interface does not show where: our decision) and is validated
// like the one of IncluirManualSimplificado. The previous account is kept in the history.
// update-payment-account.route.ts maps the wire.
//
// Error codes: CPG001–CPG010 the account (field propostaContaPagamentoDTO.*); PRP008 no identifier;
//   C0112/V0001 not found; PRP009 the status does not accept a change of account.
import type { CommandContext, CommandDefinition } from '../../platform/commands.js';
import { Problems } from '../../platform/errors.js';
import { type PaymentAccountInput, validatePaymentAccount } from '../banking/index.js';
import { paymentAccountPaths } from './payment-account-wire.js';
import { ProposalCode, refusal } from './proposal-codes.js';
import { historyActor, partnerIdOf, proposalOfPartner, todayOf } from './proposal-access.js';
import { PAYMENT_ACCOUNT_UPDATABLE, statusDescription } from './proposal-lifecycle.js';
import { insertHistory, updateProposal } from './proposal-repository.js';
import type { ProposalIdentifiers } from './proposal-ref.js';
import { statusOf } from './proposal-transitions.js';

export interface UpdatePaymentAccountInput {
  proposal: ProposalIdentifiers;
  /** The new account as sent (checked by the command: banking's validatePaymentAccount). */
  account: PaymentAccountInput;
}

/** The proposal whose account changed (the answer itself carries nothing). */
export interface UpdatedPaymentAccount {
  proposalId: string;
  number: number;
}

/** Where the account sits in the request (AtualizarContaPagamento's `propostaContaPagamentoDTO`). */
const ACCOUNT_PATHS = paymentAccountPaths('propostaContaPagamentoDTO');

const UPDATABLE_NAMES = PAYMENT_ACCOUNT_UPDATABLE.map(statusDescription).join(', ');

async function updatePaymentAccount(input: UpdatePaymentAccountInput, ctx: CommandContext): Promise<UpdatedPaymentAccount> {
  const problems = new Problems();
  const account = validatePaymentAccount(input.account, ACCOUNT_PATHS, problems);
  problems.throwIfAny();
  if (account === null) throw new Error('assertion: an account without problems is valid');
  const row = await proposalOfPartner(ctx.tx, partnerIdOf(ctx.actor), input.proposal, 'wait');
  const status = statusOf(row);
  if (!PAYMENT_ACCOUNT_UPDATABLE.includes(status)) {
    throw refusal(ProposalCode.statusNotAllowed, `A conta de pagamento só pode ser alterada nas situações ${UPDATABLE_NAMES}; a situação atual da proposta é ${statusDescription(status)}.`, 'dto');
  }
  const now = ctx.now;
  const actor = historyActor(ctx.actor);
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
  return { proposalId: row.id, number: row.numero };
}

/** The proposal's row lock orders concurrent steps on it. */
export const updatePaymentAccountCommand: CommandDefinition<UpdatePaymentAccountInput, UpdatedPaymentAccount> = {
  name: 'proposal.payment-account.update',
  summarize: (r) => `proposal ${r.number} payment account updated`,
  handler: updatePaymentAccount,
};

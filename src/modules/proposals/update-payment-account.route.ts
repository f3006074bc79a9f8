// Proposta/AtualizarContaPagamento on the command runner: the wire body in, the envelope out.
import { defineCommandRoute } from '../../platform/http/route.js';
import type { ProposalPartnerCommands } from './partner-commands.js';
import { paymentAccountInput } from './payment-account-wire.js';
import { identifiersOf } from './proposal-ref-view.js';
import { spec } from './update-payment-account.schema.js';

export const routeWith = (command: ProposalPartnerCommands['updatePaymentAccount']) =>
  defineCommandRoute(spec, {
    input: (body) => ({ proposal: identifiersOf(body.dto), account: paymentAccountInput(body.propostaContaPagamentoDTO, body.propostaContaPagamentoDTO.documentoFederalPagamento) }),
    command,
    view: () => ({}),
  });

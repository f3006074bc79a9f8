// Proposta/AtualizarContaPagamento on the command runner: the wire body in, the envelope out.
import { defineCommandRoute } from '../../platform/http/route.js';
import { identifiersOf } from './proposal-ref-view.js';
import { updatePaymentAccountCommand } from './update-payment-account.js';
import { spec } from './update-payment-account.schema.js';

export const route = defineCommandRoute(spec, {
  input: (body) => ({ proposal: identifiersOf(body.dto), account: body.propostaContaPagamentoDTO }),
  command: updatePaymentAccountCommand,
  view: () => ({}),
});

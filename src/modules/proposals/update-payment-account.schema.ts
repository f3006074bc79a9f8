// Proposta/AtualizarContaPagamento: replace the disbursement bank account.
import { defineSpec } from '../../platform/http/operation-spec.js';
import { Parametros, ParametrosOut, envelope, obj, text } from '../../platform/http/schema-types.js';
import { proposalRef } from '../../platform/http/wire-blocks.js';
import { PaymentAccount } from './proposal-blocks.js';
import { PROPOSAL_NUMBER_TEXT_LENGTH_MAX } from './limits.js';


export const spec = defineSpec({
  path: '/Proposta/AtualizarContaPagamento',
  operationId: 'Proposta_AtualizarContaPagamento',
  summary: 'Update the disbursement bank account of a proposal.',
  scope: 'caas.proposals',
  kind: 'command',
  envelope: 'camel',
  body: obj({
    dto: proposalRef(text({ maxLength: PROPOSAL_NUMBER_TEXT_LENGTH_MAX })),
    // The interface does not show where the new bank data travels: the Payment account block.
    propostaContaPagamentoDTO: PaymentAccount,
    parametros: Parametros,
  }),
  response: envelope({ parametros: ParametrosOut }),
});

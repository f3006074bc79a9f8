// Proposta/Finalizar: finalize a draft proposal (installments generated).
import { defineSpec } from '../../platform/http/operation-spec.js';
import { Parametros, ParametrosOut, envelope, obj } from '../../platform/http/schema-types.js';
import { proposalNumber, proposalRef } from '../../platform/http/wire-blocks.js';

export const spec = defineSpec({
  path: '/Proposta/Finalizar',
  operationId: 'Proposta_Finalizar',
  summary: 'Finalize a draft proposal.',
  scope: 'caas.proposals',
  kind: 'command',
  envelope: 'camel',
  body: obj({ dto: proposalRef(proposalNumber()), parametros: Parametros }),
  response: envelope({ parametros: ParametrosOut }),
});

// Proposta/Recusar: refuse a proposal (partner permission required).
import { defineSpec } from '../../platform/http/operation-spec.js';
import { Parametros, ParametrosOut, envelope, integer, obj, opt, text } from '../../platform/http/schema-types.js';
import { proposalNumber, proposalRef, REASON_LENGTH_MAX } from '../../platform/http/wire-blocks.js';
import { REJECTION_REASON_MAX } from './limits.js';


export const spec = defineSpec({
  path: '/Proposta/Recusar',
  operationId: 'Proposta_Recusar',
  summary: 'Refuse a proposal with a rejection reason.',
  scope: 'caas.proposals',
  kind: 'command',
  envelope: 'camel',
  body: obj({
    dto: proposalRef(proposalNumber()),
    propostaRecusaDTO: obj({
      motivoRejeicao: opt(integer({ minimum: 0, maximum: REJECTION_REASON_MAX })),
      textoMotivoRecusa: opt(text({ maxLength: REASON_LENGTH_MAX })),
    }),
    parametros: Parametros,
  }),
  response: envelope({ parametros: ParametrosOut }),
});

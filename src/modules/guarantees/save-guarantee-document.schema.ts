// Proposta/SalvarPropostaGarantiaBemDocumento: save a guarantee-asset document of a proposal.
import { defineSpec } from '../../platform/http/operation-spec.js';
import { Parametros, ParametrosOut, Type, bool, dateTime, envelope, integer, obj, opt, text, uuid } from '../../platform/http/schema-types.js';
import { IntOut, resultItem } from '../../platform/http/wire-blocks.js';
import { DOCUMENT_TYPE_MAX } from './limits.js';


export const spec = defineSpec({
  path: '/Proposta/SalvarPropostaGarantiaBemDocumento',
  operationId: 'Proposta_SalvarPropostaGarantiaBemDocumento',
  summary: 'Save a guarantee-asset document record of a proposal.',
  scope: 'caas.proposals',
  kind: 'command',
  envelope: 'camel',
  body: obj({
    dto: obj({
      codigo: opt(uuid('Document record; absent = new record')),
      codigoPropostaGarantiaBem: opt(uuid()),
      tipoDocumento: opt(integer({ minimum: 0, maximum: DOCUMENT_TYPE_MAX })),
      nomeArquivo: opt(text({ maxLength: 255 })),
      extensao: opt(text({ maxLength: 10 })),
      dtValidade: opt(dateTime()),
      conferido: opt(bool()),
      dtConferido: opt(dateTime()),
      codigoUsuarioConferido: opt(integer({ minimum: 0 })),
    }),
    parametros: Parametros,
  }),
  response: envelope({
    parametros: ParametrosOut,
    results: Type.Array(resultItem({ numero: IntOut })),
  }),
});

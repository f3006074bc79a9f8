// FGTS/CancelarCobrancas (also AgendaRecebivel/CancelarCobrancas, the path some clients call):
// cancel registered charges (asynchronous; a callback reports completion).
import { defineSpec } from '../../../platform/http/operation-spec.js';
import { Type, arrayOf, obj, opt, uuid } from '../../../platform/http/schema-types.js';
import { BATCH_ITEMS_MAX, ScheduleInstallmentsRef } from '../../../platform/http/wire-blocks.js';

export const spec = defineSpec({
  path: '/FGTS/CancelarCobrancas',
  aliases: ['/AgendaRecebivel/CancelarCobrancas'],
  operationId: 'FGTS_CancelarCobrancas',
  summary: 'Request the cancellation of charges by codigoLiquidacao; success is an empty object.',
  scope: 'caas.receivables',
  kind: 'command',
  envelope: 'camel',
  // Request fields are not shown by the interface: shape from compatibility-notes.
  body: obj({
    // The receivables `dto` clients send on every call: nroParcelas is accepted (validated) and not
    // used, the charges are named by codigosLiquidacoes (compatibility-notes, issue 11).
    dto: ScheduleInstallmentsRef,
    dtoCancelarCobrancas: obj({ codigosLiquidacoes: opt(arrayOf(uuid(), BATCH_ITEMS_MAX)) }),
  }),
  // Success is an empty JSON object; errors use the envelope.
  response: Type.Object({}),
});

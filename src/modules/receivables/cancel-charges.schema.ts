// FGTS/CancelarCobrancas: cancel registered charges (asynchronous; a callback reports completion).
import { defineSpec } from '../../platform/http/operation-spec.js';
import { Type, arrayOf, obj, opt, uuid } from '../../platform/http/schema-types.js';
import { BATCH_ITEMS_MAX, ScheduleRef } from '../../platform/http/wire-blocks.js';

export const spec = defineSpec({
  path: '/FGTS/CancelarCobrancas',
  operationId: 'FGTS_CancelarCobrancas',
  summary: 'Request the cancellation of charges by codigoLiquidacao; success is an empty object.',
  scope: 'caas.receivables',
  kind: 'command',
  envelope: 'camel',
  // Request fields are not shown by the interface: shape from compatibility-notes.
  body: obj({
    dto: ScheduleRef,
    dtoCancelarCobrancas: obj({ codigosLiquidacoes: opt(arrayOf(uuid(), BATCH_ITEMS_MAX)) }),
  }),
  // Success is an empty JSON object; errors use the envelope.
  response: Type.Object({}),
});

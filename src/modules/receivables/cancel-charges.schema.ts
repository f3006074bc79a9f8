// FGTS/CancelarCobrancas: cancel registered charges (asynchronous; a callback reports completion).
import { defineSpec } from '../../platform/http/operation-spec.js';
import { Type, arrayOf, obj, opt, uuid } from '../../platform/http/schema-types.js';
import { BATCH_ITEMS_MAX, ScheduleRef } from '../../platform/http/wire-blocks.js';

export const spec = defineSpec({
  example: { dto: { codigoProposta: '3f2504e0-4f89-41d3-9a0c-0305e82c3301' }, dtoCancelarCobrancas: { codigosLiquidacoes: ['6a1f0c2e-8d4b-4f7a-b3e1-2c9d5e7f8a10'] } },
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

// FGTS/CancelarProposta: cancel a disbursed proposal within 7 days (PascalCase answer).
import { defineSpec } from '../../platform/http/operation-spec.js';
import { Type, obj, opt, text } from '../../platform/http/schema-types.js';
import { documentText, nullable, proposalNumber, proposalRef, REASON_LENGTH_MAX, TextOut, UuidOut } from '../../platform/http/wire-blocks.js';

const PascalMessage = Type.Object({
  MessageType: Type.Integer(),
  Code: Type.String(),
  Context: Type.String(),
  Description: Type.String(),
  Field: TextOut,
});

export const spec = defineSpec({
  path: '/FGTS/CancelarProposta',
  operationId: 'FGTS_CancelarProposta',
  summary: 'Cancel a disbursed proposal; returns the boleto for the amount to be returned, if any.',
  scope: 'caas.proposals',
  kind: 'command',
  envelope: 'pascal',
  // The interface does not show the request: proposal ids, the customer document (must match) and a reason.
  body: obj({
    dto: proposalRef(proposalNumber()),
    documentoCliente: opt(documentText()),
    motivoCancelamento: opt(text({ maxLength: REASON_LENGTH_MAX })),
  }),
  response: Type.Object({
    Msg: TextOut,
    HasError: Type.Boolean(),
    Messages: nullable(Type.Array(PascalMessage)),
    Boleto: nullable(UuidOut),
  }),
});

// FGTS/CancelarProposta on the command runner: the wire body in, the (PascalCase) envelope out.
import { defineCommandRoute } from '../../platform/http/route.js';
import { spec } from './cancel-proposal.schema.js';
import type { ProposalPartnerCommands } from './partner-commands.js';
import { identifiersOf } from './proposal-ref-view.js';

export const routeWith = (command: ProposalPartnerCommands['cancel']) =>
  defineCommandRoute(spec, {
    input: (body) => ({ proposal: identifiersOf(body.dto), customerDocument: body.documentoCliente ?? null, reason: body.motivoCancelamento ?? null }),
    command,
    view: (r) => ({ Boleto: r.refundBoletoId }),
  });

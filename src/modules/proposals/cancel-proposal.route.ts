// FGTS/CancelarProposta on the command runner: the wire body in, the (PascalCase) envelope out.
import { defineCommandRoute } from '../../platform/http/route.js';
import { partnerCancelProposalCommand } from './cancel-proposal.js';
import { spec } from './cancel-proposal.schema.js';
import type { ProposalDeps } from './proposal-deps.js';
import { identifiersOf } from './proposal-ref-view.js';

export const routeWith = (deps: ProposalDeps) =>
  defineCommandRoute(spec, {
    input: (body) => ({ proposal: identifiersOf(body.dto), customerDocument: body.documentoCliente ?? null, reason: body.motivoCancelamento ?? null }),
    command: partnerCancelProposalCommand(deps),
    view: (r) => ({ Boleto: r.refundBoletoId }),
  });

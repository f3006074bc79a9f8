// Proposta/Recusar on the command runner: the wire body in, the envelope out.
import { defineCommandRoute } from '../../platform/http/route.js';
import type { ProposalPartnerCommands } from './partner-commands.js';
import { identifiersOf } from './proposal-ref-view.js';
import { spec } from './refuse-proposal.schema.js';

export const routeWith = (command: ProposalPartnerCommands['refuse']) =>
  defineCommandRoute(spec, {
    input: (body) => ({
      proposal: identifiersOf(body.dto),
      reasonCode: body.propostaRecusaDTO?.motivoRejeicao ?? null,
      reasonText: body.propostaRecusaDTO?.textoMotivoRecusa ?? null,
    }),
    command,
    view: () => ({}),
  });

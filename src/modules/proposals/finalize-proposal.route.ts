// Proposta/Finalizar on the command runner: the wire body in, the envelope out.
import { defineCommandRoute } from '../../platform/http/route.js';
import { spec } from './finalize-proposal.schema.js';
import type { ProposalPartnerCommands } from './partner-commands.js';
import { identifiersOf } from './proposal-ref-view.js';

export const routeWith = (command: ProposalPartnerCommands['finalize']) =>
  defineCommandRoute(spec, {
    input: (body) => ({ proposal: identifiersOf(body.dto) }),
    command,
    view: () => ({}),
  });

// Proposta/Finalizar on the command runner: the wire body in, the envelope out.
import { defineCommandRoute } from '../../platform/http/route.js';
import { finalizeProposalCommand } from './finalize-proposal.js';
import { spec } from './finalize-proposal.schema.js';
import type { IofCaps } from './pricing/index.js';
import { identifiersOf } from './proposal-ref-view.js';

export const routeWith = (iofCaps: IofCaps) =>
  defineCommandRoute(spec, {
    input: (body) => ({ proposal: identifiersOf(body.dto) }),
    command: finalizeProposalCommand(iofCaps),
    view: () => ({}),
  });

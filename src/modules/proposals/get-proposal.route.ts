// Proposta/Consultar as a query: the wire body in, the proposal's view out.
import { defineQueryRoute } from '../../platform/http/route.js';
import { getProposalQuery } from './get-proposal.js';
import { spec } from './get-proposal.schema.js';
import type { ProposalDeps } from './proposal-deps.js';
import { identifiersOf } from './proposal-ref-view.js';
import { proposalView } from './proposal-view.js';

export const routeWith = (deps: ProposalDeps, publicUrl: string) =>
  defineQueryRoute(spec, {
    input: (body) => ({ proposal: identifiersOf(body.dto) }),
    query: getProposalQuery(deps, publicUrl),
    view: (r) => proposalView(r.proposal, r.history, r.installments, r.schedule, r.refund),
  });

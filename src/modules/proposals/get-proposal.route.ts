// Proposta/Consultar as a query: the wire body in, the proposal's view out.
import { defineQueryRoute } from '../../platform/http/route.js';
import type { getProposalQuery } from './get-proposal.js';
import { spec } from './get-proposal.schema.js';
import { identifiersOf } from './proposal-ref-view.js';
import { proposalAnswers } from './proposal-repository.js';
import { proposalView } from './proposal-view.js';

export const routeWith = (query: ReturnType<typeof getProposalQuery>) =>
  defineQueryRoute(spec, {
    cache: proposalAnswers(spec.operationId),
    input: (body) => ({ proposal: identifiersOf(body.dto) }),
    query,
    view: (r) => proposalView(r.proposal, r.history, r.installments, r.schedule, r.refund),
  });

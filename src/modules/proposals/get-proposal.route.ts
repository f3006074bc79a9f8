// Proposta/Consultar as a query: the wire body in, the proposal's view out.
import { defineQueryRoute } from '../../platform/http/route.js';
import type { getProposalQuery } from './get-proposal.js';
import { spec } from './get-proposal.schema.js';
import { identifiersOf } from './proposal-ref-view.js';
import { notFound } from './proposal-access.js';
import { requireProposalRef } from './proposal-ref.js';
import { proposalAnswers } from './proposal-repository.js';
import { proposalView } from './proposal-view.js';

export const routeWith = (query: ReturnType<typeof getProposalQuery>) =>
  defineQueryRoute(spec, {
    // The query's first read (proposalOfPartner) is the scope's select: no row is its "not found" (C0112/V0001).
    cache: { ...proposalAnswers(spec.operationId), missing: (input) => notFound(requireProposalRef(input.proposal)) },
    input: (body) => ({ proposal: identifiersOf(body.dto) }),
    query,
    view: (r) => proposalView(r.proposal, r.history, r.installments, r.schedule, r.refund),
  });

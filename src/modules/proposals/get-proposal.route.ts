import { defineRoute } from '../../platform/http/route.js';
import { getProposal } from './get-proposal.js';
import { spec } from './get-proposal.schema.js';
import type { ProposalDeps } from './proposal-deps.js';

export const routeWith = (deps: ProposalDeps) => defineRoute(spec, (input, ctx) => getProposal(input, ctx, deps));

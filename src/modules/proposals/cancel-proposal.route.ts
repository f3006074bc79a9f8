import { defineRoute } from '../../platform/http/route.js';
import { cancelProposal } from './cancel-proposal.js';
import { spec } from './cancel-proposal.schema.js';
import type { ProposalDeps } from './proposal-deps.js';

export const routeWith = (deps: ProposalDeps) => defineRoute(spec, (input, ctx) => cancelProposal(input, ctx, deps));

import { defineRoute } from '../../platform/http/route.js';
import { finalizeProposal } from './finalize-proposal.js';
import { spec } from './finalize-proposal.schema.js';

export const route = defineRoute(spec, (input, ctx) => finalizeProposal(input, ctx));

import { defineRoute } from '../../platform/http/route.js';
import { refuseProposal } from './refuse-proposal.js';
import { spec } from './refuse-proposal.schema.js';

export const route = defineRoute(spec, (input, ctx) => refuseProposal(input, ctx));

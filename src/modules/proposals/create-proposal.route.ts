import { defineRoute } from '../../platform/http/route.js';
import { createProposal } from './create-proposal.js';
import { spec } from './create-proposal.schema.js';

export const route = defineRoute(spec, (input, ctx) => createProposal(input, ctx));

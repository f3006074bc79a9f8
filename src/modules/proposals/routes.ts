// The proposal operations of this module (the guarantee documents have their own module).
import type { Route } from '../../platform/http/route.js';
import { routeWith as cancelRoute } from './cancel-proposal.route.js';
import { route as createRoute } from './create-proposal.route.js';
import { route as finalizeRoute } from './finalize-proposal.route.js';
import { routeWith as getRoute } from './get-proposal.route.js';
import type { ProposalDeps } from './proposal-deps.js';
import { route as refuseRoute } from './refuse-proposal.route.js';
import { route as updateAccountRoute } from './update-payment-account.route.js';

export function proposalsRoutes(deps: ProposalDeps): Route[] {
  return [createRoute, getRoute(deps), finalizeRoute, refuseRoute, updateAccountRoute, cancelRoute(deps)];
}

// The proposal operations of this module (the guarantee documents have their own module), each on
// the command runner (commands) or a query, bound to the module's dependencies and settings.
import type { Route } from '../../platform/http/route.js';
import { routeWith as cancelRoute } from './cancel-proposal.route.js';
import { routeWith as createRoute } from './create-proposal.route.js';
import { routeWith as finalizeRoute } from './finalize-proposal.route.js';
import { routeWith as getRoute } from './get-proposal.route.js';
import type { ProposalDeps } from './proposal-deps.js';
import { route as refuseRoute } from './refuse-proposal.route.js';
import type { ProposalsSettings } from './settings.js';
import { route as updateAccountRoute } from './update-payment-account.route.js';

/** `publicUrl`: the service's public address (the refund boleto's print link in Proposta/Consultar). */
export function proposalsRoutes(deps: ProposalDeps, settings: ProposalsSettings, publicUrl: string): Route[] {
  return [createRoute(settings.iofCaps), getRoute(deps, publicUrl), finalizeRoute(settings.iofCaps), refuseRoute, updateAccountRoute, cancelRoute(deps)];
}

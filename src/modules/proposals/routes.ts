// The proposal operations of this module (the guarantee documents have their own module): the
// partner's commands (partner-commands.ts, on the command runner) and the Consultar query, bound
// to the module's dependencies and settings once, each behind its route (wire ↔ input/result).
import type { Route } from '../../platform/http/route.js';
import { routeWith as cancelRoute } from './cancel-proposal.route.js';
import { routeWith as createRoute } from './create-proposal.route.js';
import { routeWith as finalizeRoute } from './finalize-proposal.route.js';
import { getProposalQuery } from './get-proposal.js';
import { routeWith as getRoute } from './get-proposal.route.js';
import { proposalPartnerCommands } from './partner-commands.js';
import type { ProposalDeps } from './proposal-deps.js';
import { routeWith as refuseRoute } from './refuse-proposal.route.js';
import type { ProposalsSettings } from './settings.js';
import { routeWith as updateAccountRoute } from './update-payment-account.route.js';

/** `publicUrl`: the service's public address (the refund boleto's print link in Proposta/Consultar). */
export function proposalsRoutes(deps: ProposalDeps, settings: ProposalsSettings, publicUrl: string): Route[] {
  const commands = proposalPartnerCommands(deps, settings);
  return [
    createRoute(commands.create),
    getRoute(getProposalQuery(deps, publicUrl)),
    finalizeRoute(commands.finalize),
    refuseRoute(commands.refuse),
    updateAccountRoute(commands.updatePaymentAccount),
    cancelRoute(commands.cancel),
  ];
}

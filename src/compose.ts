// The composition root: builds every module's dependencies from (db, clock, config) and returns
// what buildApp and the background workers need. main.ts and the tests both come through here.
import type { FastifyInstance } from 'fastify';
import { buildApp, loggerOptions } from './app.js';
import { createAuth } from './modules/auth/auth.plugin.js';
import { payeesRoutes } from './modules/payees/routes.js';
import { createBureauProvider } from './modules/bureau/provider-factory.js';
import { bureauRoutes } from './modules/bureau/routes.js';
import { customersRoutes } from './modules/customers/routes.js';
import { guaranteesRoutes } from './modules/guarantees/routes.js';
import { proposalDeps } from './modules/proposals/proposal-wiring.js';
import { proposalsRoutes } from './modules/proposals/routes.js';
import { receivablesJobHandlers, receivablesPlugins, receivablesRoutes } from './modules/receivables/routes.js';
import { receivablesDeps } from './modules/receivables/receivables-wiring.js';
import { startJobRunner } from './platform/jobs.js';
import type { Clock } from './platform/clock.js';
import type { Config } from './platform/config/env.js';
import type { Db } from './platform/db/pool.js';
import type { Route } from './platform/http/route.js';
import { startCallbackWorker } from './modules/callbacks/delivery-worker.js';
import { startMaintenance, type Worker } from './platform/workers.js';
import { settlementJobHandlers, settlementPlugins, startSettlementWorkers } from './modules/settlement/index.js';

export interface Services {
  app: FastifyInstance;
  workers: Worker[];
}

/** Built once per process: module state (the bureau provider's circuit breaker) lives as long as it. */
export function moduleRoutes(clock: Clock, config: Config): Route[] {
  return [...payeesRoutes(), ...customersRoutes(), ...guaranteesRoutes(), ...bureauRoutes({ provider: createBureauProvider(config.bureau, clock) }), ...proposalsRoutes(proposalDeps), ...receivablesRoutes(receivablesDeps(config))];
}

export async function composeServices(db: Db, clock: Clock, config: Config, options: { logger?: boolean; startWorkers?: boolean; extraRoutes?: Route[] } = {}): Promise<Services> {
  const auth = createAuth(db, clock, config);
  await auth.signingKeys.ensureKey();
  const app = await buildApp({
    db,
    clock,
    config,
    authenticator: auth.authenticator,
    routes: [...moduleRoutes(clock, config), ...(options.extraRoutes ?? [])],
    plugins: [auth.plugin, ...receivablesPlugins(db, receivablesDeps(config)), ...settlementPlugins(db, clock, config)],
    logger: options.logger === false ? false : loggerOptions(config.logLevel),
    defaultMetrics: options.logger !== false,
  });
  const workers = options.startWorkers ?? config.workersEnabled ? [startMaintenance(db, clock, app.log), startCallbackWorker(db, clock, config, app.log), startJobRunner(db, clock, settlementJobHandlers(config, receivablesJobHandlers), app.log), ...startSettlementWorkers(db, clock, config, app.log)] : [];
  return { app, workers };
}

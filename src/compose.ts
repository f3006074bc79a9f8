// The composition root: builds every module's dependencies from (db, clock, config) and returns
// what buildApp and the background workers need. main.ts and the tests both come through here.
import type { FastifyInstance } from 'fastify';
import { buildApp, loggerOptions } from './app.js';
import { createAuth } from './modules/auth/auth.plugin.js';
import { partnerProfile, PgPartnerDirectory } from './modules/partners/index.js';
import { payeesRoutes } from './modules/payees/routes.js';
import { createBureauProvider } from './modules/bureau/provider-factory.js';
import { bureauRoutes } from './modules/bureau/routes.js';
import { customersRoutes } from './modules/customers/routes.js';
import { guaranteesRoutes } from './modules/guarantees/routes.js';
import { proposalDeps } from './modules/proposals/proposal-wiring.js';
import { proposalsRoutes } from './modules/proposals/routes.js';
import { BOLETO_EXPIRE_JOB, boletoMetrics, receivablesDeps, receivablesJobHandlers, receivablesPlugins, receivablesRoutes, startBoletoExpiryScheduler } from './modules/receivables/index.js';
import { runOneJob, startJobRunner, type JobKinds } from './platform/jobs.js';
import { createCallbackWorker, callbackWorkerOptions } from './modules/callbacks/delivery-worker.js';
import type { CatchUpPhase } from './platform/sandbox-clock/time-travel.js';
import type { Clock } from './platform/clock.js';
import type { Config } from './platform/config/env.js';
import type { Db } from './platform/db/pool.js';
import type { Route } from './platform/http/route.js';
import { startCallbackWorker } from './modules/callbacks/delivery-worker.js';
import { callbackMetrics } from './modules/callbacks/callback-metrics.js';
import { proposalMetrics } from './modules/proposals/proposal-metrics.js';
import { startMaintenance, type Worker } from './platform/workers.js';
import { ALL_SPECS, MODULES } from './descriptors.js';
import { settlementJobHandlers, settlementPlugins, settlementReceivablesPorts, startSettlementWorkers } from './modules/settlement/index.js';
import { consoleFace, consoleServices } from './console/index.js';

export interface Services {
  app: FastifyInstance;
  workers: Worker[];
}

/** Built once per process: module state (the bureau provider's circuit breaker) lives as long as it. */
export function moduleRoutes(clock: Clock, config: Config): Route[] {
  return [...payeesRoutes(), ...customersRoutes(), ...guaranteesRoutes(), ...bureauRoutes({ provider: createBureauProvider(config.bureau, clock), settings: config.bureau }), ...proposalsRoutes(proposalDeps, config.proposals, config.publicUrl), ...receivablesRoutes({ ...receivablesDeps(config), ...settlementReceivablesPorts(config) })];
}

/** Auth bound to the partners read interface (token endpoint, request authentication). */
export function composeAuth(db: Db, clock: Clock, config: Config) {
  return createAuth(db, clock, config, { directory: new PgPartnerDirectory(db), status: (partnerId) => partnerProfile(db, partnerId) });
}

/**
 * `wallClock`: the real time, for what must agree with the partners' clocks (client assertions,
 * token lifetimes, webhook-timestamp) when `clock` is the sandbox clock; defaults to `clock`.
 */
export async function composeServices(db: Db, clock: Clock, config: Config, options: { logger?: boolean; startWorkers?: boolean; extraRoutes?: Route[]; wallClock?: Clock; logStream?: NodeJS.WritableStream } = {}): Promise<Services> {
  const wallClock = options.wallClock ?? clock;
  const auth = composeAuth(db, wallClock, config);
  await auth.signingKeys.ensureKey();
  const app = await buildApp({
    db,
    clock,
    config,
    authenticator: auth.authenticator,
    operations: ALL_SPECS,
    routes: [...moduleRoutes(clock, config), ...(options.extraRoutes ?? [])],
    plugins: [auth.plugin, ...receivablesPlugins(db, receivablesDeps(config)), ...settlementPlugins(db, clock, config), consoleFace(consoleServices(db, clock, wallClock, config, () => catchUpPhases(db, config, wallClock)))],
    securitySchemes: auth.securitySchemes,
    metricSources: [callbackMetrics, boletoMetrics, proposalMetrics],
    logger: options.logger === false ? false : loggerOptions(config.logLevel, config.logFormat, options.logStream),
    defaultMetrics: options.logger !== false,
  });
  const workers = options.startWorkers ?? config.workersEnabled ? [startMaintenance(db, clock, app.log, MODULES.flatMap((m) => m.purges ?? [])), startCallbackWorker(db, clock, config, app.log, wallClock === clock ? undefined : wallClock), startJobRunner(db, clock, jobKinds(config, db), app.log), startBoletoExpiryScheduler(db, clock, app.log), ...startSettlementWorkers(db, clock, config, app.log)] : [];
  return { app, workers };
}

/** Every module's job kinds, as the one job runner (platform/jobs.ts) runs them (`db`: where jobs run their commands). */
export function jobKinds(config: Config, db: Db): JobKinds {
  return settlementJobHandlers(config, receivablesJobHandlers, db);
}

/**
 * What falls due when the sandbox clock jumps (platform/sandbox-clock/time-travel.ts), in its
 * order: callbacks, then the bank registrations and write-offs of the job queue, then the daily
 * write-off of expired boletos (the job 'boleto.expire'). Overdue marking has no phase: fines and
 * mora are computed from the clock when read or paid, so they are right at every instant.
 */
export function catchUpPhases(db: Db, config: Config, wallClock: Clock): CatchUpPhase[] {
  const callbacks = createCallbackWorker(db, wallClock, { ...callbackWorkerOptions(config), signing_clock: wallClock });
  const { [BOLETO_EXPIRE_JOB]: expiry, ...queued } = jobKinds(config, db);
  const jobRound = (kinds: JobKinds) => async (at: Date) => ((await runOneJob(db, { now: () => at }, kinds)) === 'none' ? 0 : 1);
  return [
    { name: 'callbacks', round: async (at) => (await callbacks.runOnce(at)).claimed },
    { name: 'registrations', round: jobRound(queued) },
    { name: 'expirations', round: jobRound(expiry === undefined ? {} : { [BOLETO_EXPIRE_JOB]: expiry }) },
  ];
}

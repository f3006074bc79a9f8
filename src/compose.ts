// The composition root: builds every module's dependencies from (db, clock, config) and returns
// what buildApp and the background workers need. main.ts and the tests both come through here.
// What each module brings (routes, HTTP endpoints, commands, job kinds, workers, gauges) comes
// from its descriptor (src/descriptors.ts); how modules are bound to each other, from
// src/bindings.ts. Auth is composed apart: it is the request authenticator, bound to partners.
import type { FastifyInstance } from 'fastify';
import { buildApp, loggerOptions } from './app.js';
import { bindModules, outboxWriter } from './bindings.js';
import { consoleFace, consoleServices } from './console/index.js';
import { ALL_SPECS, MODULES } from './descriptors.js';
import { createAuth } from './modules/auth/auth.plugin.js';
import { callbackWorkerOptions, createCallbackWorker } from './modules/callbacks/delivery-worker.js';
import { credentialsVersionOfClient, partnerProfile, PgPartnerDirectory } from './modules/partners/index.js';
import { BOLETO_EXPIRE_JOB } from './modules/receivables/index.js';
import { createAnswerCache, deploymentFingerprint } from './platform/answer-cache.js';
import type { Clock } from './platform/clock.js';
import type { Config } from './platform/config/env.js';
import type { Db } from './platform/db/pool.js';
import type { Route } from './platform/http/route.js';
import { mergeJobKinds, runOneJob, startJobRunner, withOutbox, type JobKinds } from './platform/jobs.js';
import type { AnyCommand, ModuleContext } from './platform/module.js';
import type { CatchUpPhase } from './platform/sandbox-clock/time-travel.js';
import { startMaintenance, type Worker } from './platform/workers.js';

export interface Services {
  app: FastifyInstance;
  workers: Worker[];
}

/** What the descriptors' factories receive; `wallClock` defaults to `clock`. */
export function moduleContext(db: Db, clock: Clock, config: Config, wallClock: Clock = clock): ModuleContext {
  return { db, clock, wallClock, config, bindings: bindModules(config) };
}

/** Built once per process: module state (the bureau provider's circuit breaker) lives as long as it. */
export function moduleRoutes(ctx: ModuleContext): Route[] {
  return MODULES.flatMap((m) => m.routes?.(ctx) ?? []);
}

/** Every module's commands by name, those its routes run included; a name declared twice is a wiring mistake. */
export function commandCatalogue(ctx: ModuleContext, routes: readonly Route[] = moduleRoutes(ctx)): Map<string, AnyCommand> {
  const declared = [...MODULES.flatMap((m) => m.commands?.(ctx) ?? []), ...routes.flatMap((r) => (typeof r.handler === 'function' ? [] : [r.handler.command as AnyCommand]))];
  const catalogue = new Map<string, AnyCommand>();
  for (const command of declared) {
    if (catalogue.has(command.name)) throw new Error(`assertion: command ${command.name} declared twice`);
    catalogue.set(command.name, command);
  }
  return catalogue;
}

/** Auth bound to the partners read interface (token endpoint, request authentication). */
export function composeAuth(db: Db, clock: Clock, config: Config) {
  return createAuth(db, clock, config, { directory: new PgPartnerDirectory(db), status: (partnerId) => partnerProfile(db, partnerId), credentialsVersionOf: credentialsVersionOfClient });
}

/**
 * `wallClock`: the real time, for what must agree with the partners' clocks (client assertions,
 * token lifetimes, webhook-timestamp) when `clock` is the sandbox clock; defaults to `clock`.
 */
export async function composeServices(db: Db, clock: Clock, config: Config, options: { logger?: boolean; startWorkers?: boolean; extraRoutes?: Route[]; wallClock?: Clock; logStream?: NodeJS.WritableStream } = {}): Promise<Services> {
  const wallClock = options.wallClock ?? clock;
  const ctx = moduleContext(db, clock, config, wallClock);
  const auth = composeAuth(db, wallClock, config);
  await auth.signingKeys.ensureKey();
  const routes = moduleRoutes(ctx);
  const console = consoleServices(db, clock, wallClock, config, () => catchUpPhases(db, config, wallClock), commandCatalogue(ctx, routes));
  const app = await buildApp({
    db,
    clock,
    config,
    authenticator: auth.authenticator,
    outbox: outboxWriter,
    operations: ALL_SPECS,
    routes: [...routes, ...(options.extraRoutes ?? [])],
    plugins: [auth.plugin, ...MODULES.flatMap((m) => m.plugins?.(ctx) ?? []), consoleFace(console)],
    securitySchemes: auth.securitySchemes,
    answers: createAnswerCache(config.answerCache, deploymentFingerprint(config)),
    metricSources: [auth.metrics, ...MODULES.flatMap((m) => m.metrics ?? [])],
    logger: options.logger === false ? false : loggerOptions(config.logLevel, config.logFormat, options.logStream),
    defaultMetrics: options.logger !== false,
  });
  const workers = options.startWorkers ?? config.workersEnabled ? [startMaintenance(db, clock, app.log, MODULES.flatMap((m) => m.purges ?? [])), startJobRunner(db, clock, jobKinds(ctx), app.log), ...MODULES.flatMap((m) => m.workers?.(ctx, app.log) ?? [])] : [];
  return { app, workers };
}

/** Every module's job kinds, as the one job runner (platform/jobs.ts) runs them (`ctx.db`: where jobs run their commands), with the runner's outbox hook. */
export function jobKinds(ctx: ModuleContext): JobKinds {
  const own = mergeJobKinds(...MODULES.map((m) => m.jobs?.(ctx) ?? {}));
  return withOutbox(MODULES.reduce((kinds, m) => m.adaptJobs?.(ctx, kinds) ?? kinds, own), outboxWriter);
}

/**
 * What falls due when the sandbox clock jumps (platform/sandbox-clock/time-travel.ts), in its
 * order: callbacks, then the bank registrations and write-offs of the job queue, then the daily
 * write-off of expired boletos (the job 'boleto.expire'). Overdue marking has no phase: fines and
 * mora are computed from the clock when read or paid, so they are right at every instant.
 */
export function catchUpPhases(db: Db, config: Config, wallClock: Clock): CatchUpPhase[] {
  const callbacks = createCallbackWorker(db, wallClock, { ...callbackWorkerOptions(config), signing_clock: wallClock });
  const { [BOLETO_EXPIRE_JOB]: expiry, ...queued } = jobKinds(moduleContext(db, wallClock, config));
  const jobRound = (kinds: JobKinds) => async (at: Date) => ((await runOneJob(db, { now: () => at }, kinds)) === 'none' ? 0 : 1);
  return [
    { name: 'callbacks', round: async (at) => (await callbacks.runOnce(at)).claimed },
    { name: 'registrations', round: jobRound(queued) },
    { name: 'expirations', round: jobRound(expiry === undefined ? {} : { [BOLETO_EXPIRE_JOB]: expiry }) },
  ];
}

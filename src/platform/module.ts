// What a module tells the composition root about itself (issue 13): one descriptor per module,
// exported as `descriptor` from its public entry (src/modules/<name>/index.ts). Platform defines
// the shape and imports no module; src/compose.ts and src/config.ts read the descriptors
// (test/architecture/descriptors.test.ts checks that every module has one).
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Clock } from './clock.js';
import type { CommandDefinition } from './commands.js';
import type { Config, SettingsSource } from './config/env.js';
import type { Db } from './db/pool.js';
import type { Database } from './db/schema.js';
import type { MetricSource } from './http/metrics.js';
import type { OperationSpec } from './http/operation-spec.js';
import type { Route } from './http/route.js';
import type { JobKinds } from './jobs.js';
import type { Worker } from './workers.js';

/** Expiring rows the maintenance worker deletes (platform/workers.ts). */
export interface Purge {
  /** The log field of the count ("jtis"). */
  name: string;
  purge(db: Db, now: Date): Promise<number>;
}

/**
 * What the composition root bound between modules, one entry per module that needs others (its
 * name → its dependencies): a module adds its entry by declaration merging (`declare module
 * '../../platform/module.js' { interface ModuleBindings { proposals: ProposalDeps } }`), and only
 * the composition root (src/bindings.ts) fills them.
 */
export interface ModuleBindings {}

/** What a descriptor's factories receive: the process's resources and the bindings. */
export interface ModuleContext {
  readonly db: Db;
  /** The service clock (the sandbox clock in sandbox mode). */
  readonly clock: Clock;
  /** The real time, for what must agree with the partners' clocks (callback signatures). */
  readonly wallClock: Clock;
  readonly config: Config;
  readonly bindings: ModuleBindings;
}

/** An HTTP endpoint beside the operations (the boleto slip, the Pix webhook). */
export type HttpPlugin = (app: FastifyInstance) => Promise<void>;

export type AnyCommand = CommandDefinition<any, any>;

/**
 * The factories are called once per process by the composition root (src/compose.ts), which
 * registers what they return: module state (the bureau provider's circuit breaker) lives as long.
 */
export interface ModuleDescriptor {
  /** The folder name under src/modules/. */
  readonly name: string;
  /** The tables it owns: only it reads or writes them (row types in its tables.ts). */
  readonly tables: readonly (keyof Database)[];
  readonly purges?: readonly Purge[];
  /** Its settings from the environment (config[name]), parsed and validated at start-up. */
  readonly settings?: SettingsSource;
  /** The interface operations whose schemas it declares (OpenAPI, guards, the contract test). */
  readonly operations?: readonly OperationSpec[];
  /** Its operation routes (the module's routes.ts), one per operation it serves. */
  readonly routes?: (ctx: ModuleContext) => Route[];
  /** Its HTTP endpoints beside the operations. */
  readonly plugins?: (ctx: ModuleContext) => HttpPlugin[];
  /** Every CommandDefinition it declares (partner and operator commands), each name unique. */
  readonly commands?: (ctx: ModuleContext) => readonly AnyCommand[];
  /** The job kinds it enqueues, with their handlers: the one job runner (platform/jobs.ts) runs them. */
  readonly jobs?: (ctx: ModuleContext) => JobKinds;
  /** How it changes other modules' job kinds when configured so (settlement: CNAB registration). */
  readonly adaptJobs?: (ctx: ModuleContext, kinds: JobKinds) => JobKinds;
  /** Its background workers, started when this process runs workers (CAAS_WORKERS). */
  readonly workers?: (ctx: ModuleContext, log: FastifyBaseLogger) => Worker[];
  /** Its scrape-time gauges for /metrics. */
  readonly metrics?: readonly MetricSource[];
}

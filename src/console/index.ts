// The console face's entry for the composition root: the services it needs and its plugin.
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../platform/clock.js';
import type { Config } from '../platform/config/env.js';
import type { Db } from '../platform/db/pool.js';
import type { CatchUpPhase } from '../platform/sandbox-clock/time-travel.js';
import { commandDeps } from '../bindings.js';
import { assertOperatorLimits } from '../modules/operators/index.js';
import { authRoutes } from './auth-routes.js';
import type { CommandCatalogue, ConsoleServices } from './page.js';
import { consolePlugin } from './plugin.js';
import { consolePages } from './registry.js';
import { downloadRoutes } from './pages/downloads.js';

/** `catalogue`: every module's commands (compose.ts commandCatalogue), so a confirmation finds its command after a restart. */
export function consoleServices(db: Db, clock: Clock, wallClock: Clock, config: Config, catchUp: () => CatchUpPhase[], catalogue: CommandCatalogue = new Map()): ConsoleServices {
  assertOperatorLimits();
  return { db, clock, wallClock, config, commands: commandDeps(db, clock, config), catalogue, catchUp };
}

export function consoleFace(services: ConsoleServices): (app: FastifyInstance) => Promise<void> {
  return consolePlugin({ services, entries: consolePages(services), extraRoutes: (scope, s) => {
      authRoutes(scope, s);
      downloadRoutes(scope, s);
    } });
}

export type { ConsoleServices } from './page.js';

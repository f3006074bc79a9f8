// Opens the same database the server uses (DATABASE_URL, or the data dir's embedded PostgreSQL,
// joining a running server's instance instead of starting a second one on the folder).
import { systemClock, type Clock } from '../platform/clock.js';
import { loadConfig, type Config } from '../platform/config/env.js';
import { assertLimits } from '../platform/config/limits.js';
import { migrate } from '../platform/db/migrate.js';
import { openDatabase } from '../platform/db/open.js';
import { createDb, type Db } from '../platform/db/pool.js';
import { isSyncedClock, serviceClock } from '../platform/sandbox-clock/sandbox-clock.js';

export interface CliContext {
  db: Db;
  /** The service clock (the shared sandbox clock when CAAS_SANDBOX is on). */
  clock: Clock;
  /** The real time. */
  wallClock: Clock;
  config: Config;
}

export async function withCliContext<T>(work: (ctx: CliContext) => Promise<T>): Promise<T> {
  const config = loadConfig();
  assertLimits();
  const location = await openDatabase(config, 'client');
  try {
    await migrate(location.url);
    const db = createDb(location.url, { maxConnections: 2, applicationName: 'caas-cli' });
    try {
      const clock = await serviceClock(db, config.sandbox, systemClock);
      try {
        return await work({ db, clock, wallClock: systemClock, config });
      } finally {
        if (isSyncedClock(clock)) clock.stop();
      }
    } finally {
      await db.destroy();
    }
  } finally {
    await location.stop();
  }
}

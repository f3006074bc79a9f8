// Opens the same database the server uses (DATABASE_URL, or the data dir's embedded PostgreSQL,
// joining a running server's instance instead of starting a second one on the folder).
// Its libraries load on first use, so that `caas --help` (which loads every command file) stays fast.
import type { Clock } from '../platform/clock.js';
import type { Config } from '../platform/config/env.js';
import type { Db } from '../platform/db/pool.js';

export interface CliContext {
  db: Db;
  /** The service clock (the shared sandbox clock when CAAS_SANDBOX is on). */
  clock: Clock;
  /** The real time. */
  wallClock: Clock;
  config: Config;
}

export async function withCliContext<T>(work: (ctx: CliContext) => Promise<T>): Promise<T> {
  const [{ systemClock }, { loadConfig }, { assertAllLimits }, { migrate }, { openDatabase }, { createDb }, { isSyncedClock, serviceClock }] = await Promise.all([
    import('../platform/clock.js'),
    import('../config.js'),
    import('../all-limits.js'),
    import('../platform/db/migrate.js'),
    import('../platform/db/open.js'),
    import('../platform/db/pool.js'),
    import('../platform/sandbox-clock/sandbox-clock.js'),
  ]);
  const config = loadConfig();
  assertAllLimits();
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

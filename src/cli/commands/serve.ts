// `caas serve` (what `npm start` runs): database, migrations, HTTP listener, workers; drains and
// stops everything on SIGINT/SIGTERM.
import type { Clock } from '../../platform/clock.js';
import { command } from '../spec.js';

function untilSignal(onSignal: (signal: string) => void): Promise<void> {
  return new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      onSignal(signal);
      resolve();
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
}

async function serve(): Promise<number> {
  const [{ composeServices }, { systemClock }, { loadConfig }, { assertLimits, LIMITS }, { migrate }, { openDatabase }, { createDb }, { isSyncedClock, serviceClock }] = await Promise.all([
    import('../../compose.js'),
    import('../../platform/clock.js'),
    import('../../platform/config/env.js'),
    import('../../platform/config/limits.js'),
    import('../../platform/db/migrate.js'),
    import('../../platform/db/open.js'),
    import('../../platform/db/pool.js'),
    import('../../platform/sandbox-clock/sandbox-clock.js'),
  ]);
  const config = loadConfig();
  assertLimits();
  const location = await openDatabase(config, 'server');
  // A start-up failure (a port in use, a failed migration) must not leave the embedded PostgreSQL
  // this process started running behind it: everything opened so far is closed on the way out.
  let db: ReturnType<typeof createDb> | null = null;
  let clock: Clock = systemClock;
  try {
    await migrate(location.url);
    db = createDb(location.url);
    clock = await serviceClock(db, config.sandbox, systemClock);
    const { app, workers } = await composeServices(db, clock, config, { wallClock: systemClock });
    try {
      await app.listen({ host: config.host, port: config.port });
    } catch (error) {
      await Promise.all(workers.map((w) => w.stop()));
      await app.close();
      throw error;
    }
    app.log.info({ publicUrl: config.publicUrl, database: location.embedded ? `embedded (${config.dataDir})` : 'DATABASE_URL' }, 'caas is serving');
    await untilSignal((signal) => app.log.info({ signal }, 'draining requests and stopping'));
    const forced = setTimeout(() => {
      app.log.error('shutdown grace period elapsed; exiting');
      process.exit(1);
    }, LIMITS.SHUTDOWN_GRACE_MS * 3);
    forced.unref();
    await Promise.all(workers.map((w) => w.stop()));
    await app.close();
    return 0;
  } finally {
    if (isSyncedClock(clock)) clock.stop();
    await db?.destroy();
    await location.stop();
  }
}

export default command({
  name: 'serve',
  description: 'serve the whole service on HOST:PORT until SIGINT/SIGTERM (what npm start runs)',
  notes: ['The database is DATABASE_URL, or an embedded PostgreSQL under CAAS_DATA_DIR (see docs/operations.md).'],
  run: () => serve(),
});

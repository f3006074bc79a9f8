// `caas serve` (what `npm start` runs): database, migrations, HTTP listener, workers; drains and
// stops everything on SIGINT/SIGTERM.
import type { Clock } from '../../platform/clock.js';
import { command } from '../spec.js';

/**
 * SIGINT and SIGTERM, listened to from the very start: a signal during start-up ends the start
 * cleanly (the PostgreSQL it started is stopped), and a repeated signal is ignored: on Ctrl-C the
 * terminal signals node and npm, and npm forwards its own copy; the drain must not be cut short.
 */
function stopSignals() {
  let received: NodeJS.Signals | null = null;
  const requested = new Promise<NodeJS.Signals>((resolve) => {
    const on = (signal: NodeJS.Signals) => {
      if (received !== null) return;
      received = signal;
      resolve(signal);
    };
    process.on('SIGINT', on);
    process.on('SIGTERM', on);
  });
  return { requested, received: () => received };
}

async function serve(): Promise<number> {
  const stop = stopSignals();
  const [{ composeServices }, { systemClock }, { loadConfig }, { LIMITS }, { assertAllLimits }, { migrate }, { openDatabase }, { createDb }, { isSyncedClock, serviceClock }] = await Promise.all([
    import('../../compose.js'),
    import('../../platform/clock.js'),
    import('../../config.js'),
    import('../../platform/config/limits.js'),
    import('../../all-limits.js'),
    import('../../platform/db/migrate.js'),
    import('../../platform/db/open.js'),
    import('../../platform/db/pool.js'),
    import('../../platform/sandbox-clock/sandbox-clock.js'),
  ]);
  const config = loadConfig();
  assertAllLimits();
  if (stop.received() !== null) return 0;
  const location = await openDatabase(config, 'server');
  // A start-up failure (a port in use, a failed migration) must not leave the embedded PostgreSQL
  // this process started running behind it: everything opened so far is closed on the way out.
  let db: ReturnType<typeof createDb> | null = null;
  let clock: Clock = systemClock;
  try {
    if (stop.received() !== null) return 0;
    await migrate(location.url);
    db = createDb(location.url);
    clock = await serviceClock(db, config.sandbox, systemClock);
    const { app, workers } = await composeServices(db, clock, config, { wallClock: systemClock });
    try {
      if (stop.received() === null) await app.listen({ host: config.host, port: config.port });
    } catch (error) {
      await Promise.all(workers.map((w) => w.stop()));
      await app.close();
      throw error;
    }
    if (stop.received() === null) app.log.info({ publicUrl: config.publicUrl, database: location.embedded ? `embedded (${config.dataDir})` : 'DATABASE_URL' }, 'caas is serving');
    const signal = await stop.requested;
    app.log.info({ signal }, 'draining requests and stopping');
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

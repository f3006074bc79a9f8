// `caas serve` (what `npm start` runs): database, migrations, HTTP listener, workers; drains and
// stops everything on SIGINT/SIGTERM.
import v8 from 'node:v8';
import type { Clock } from '../../platform/clock.js';
import { SERVE_HEAP_GROWTH_PERCENT_MAX } from '../limits.js';
import { command } from '../spec.js';

/**
 * The V8 flag that bounds the heap's growth between full collections, or null when node's own
 * command line already sets it (the operator's choice wins). Under 50 concurrent requests the
 * objects of requests in flight survive young collections and pile up in the old generation;
 * without a bound V8 let the server's RSS climb to 390 MB during the bench (docs/decisions.md).
 */
export function heapGrowthFlag(execArgv: readonly string[]): string | null {
  if (execArgv.some((arg) => arg.startsWith('--heap-growing-percent') || arg.startsWith('--heap_growing_percent'))) return null;
  return `--heap-growing-percent=${SERVE_HEAP_GROWTH_PERCENT_MAX}`;
}

/** Read by V8 at each full collection, so setting it at start-up takes effect (measured). */
function boundHeapGrowth(): void {
  const flag = heapGrowthFlag(process.execArgv);
  if (flag !== null) v8.setFlagsFromString(flag);
}

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
  boundHeapGrowth();
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

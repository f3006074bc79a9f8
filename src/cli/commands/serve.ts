// `caas serve` (what `npm start` runs): database, migrations, HTTP listener, workers; drains and
// stops everything on SIGINT/SIGTERM.
import { composeServices } from '../../compose.js';
import { systemClock } from '../../platform/clock.js';
import { loadConfig } from '../../platform/config/env.js';
import { assertLimits, LIMITS } from '../../platform/config/limits.js';
import { migrate } from '../../platform/db/migrate.js';
import { openDatabase } from '../../platform/db/open.js';
import { createDb } from '../../platform/db/pool.js';
import type { CliCommand } from '../io.js';

async function serve(): Promise<number> {
  const config = loadConfig();
  assertLimits();
  const location = await openDatabase(config, 'server');
  await migrate(location.url);
  const db = createDb(location.url);
  const { app, workers } = await composeServices(db, systemClock, config);
  await app.listen({ host: config.host, port: config.port });
  app.log.info({ publicUrl: config.publicUrl, database: location.embedded ? `embedded (${config.dataDir})` : 'DATABASE_URL' }, 'caas is serving');
  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      app.log.info({ signal }, 'draining requests and stopping');
      resolve();
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
  const forced = setTimeout(() => {
    app.log.error('shutdown grace period elapsed; exiting');
    process.exit(1);
  }, LIMITS.SHUTDOWN_GRACE_MS * 3);
  forced.unref();
  await Promise.all(workers.map((w) => w.stop()));
  await app.close();
  await db.destroy();
  await location.stop();
  return 0;
}

export const serveCommand: CliCommand = {
  name: 'serve',
  usage: 'serve',
  summary: 'serve the whole service on HOST:PORT (npm start)',
  run: () => serve(),
};

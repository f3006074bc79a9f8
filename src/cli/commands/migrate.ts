import { loadConfig } from '../../platform/config/env.js';
import { migrate } from '../../platform/db/migrate.js';
import { openDatabase } from '../../platform/db/open.js';
import type { CliCommand } from '../io.js';

export const migrateCommand: CliCommand = {
  name: 'migrate',
  usage: 'migrate',
  summary: 'apply pending database migrations',
  run: async (_argv, io) => {
    const location = await openDatabase(loadConfig(), 'client');
    try {
      const applied = await migrate(location.url, (line) => io.out(line));
      io.out(applied === 0 ? 'database is up to date' : `applied ${applied} migration(s)`);
      return 0;
    } finally {
      await location.stop();
    }
  },
};

// `caas migrate`: applies pending database migrations (serve and every command also do it).
import { command } from '../spec.js';

export default command({
  name: 'migrate',
  description: 'apply pending database migrations and exit',
  run: async (_input, io) => {
    const [{ loadConfig }, { migrate }, { openDatabase }] = await Promise.all([import('../../config.js'), import('../../platform/db/migrate.js'), import('../../platform/db/open.js')]);
    const location = await openDatabase(loadConfig(), 'client');
    try {
      const applied = await migrate(location.url, (line) => io.out(line));
      io.out(applied === 0 ? 'database is up to date' : `applied ${applied} migration(s)`);
    } finally {
      await location.stop();
    }
  },
});

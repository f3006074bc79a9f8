import { openEmbedded } from '../../src/platform/db/embedded.js';
import { migrate } from '../../src/platform/db/migrate.js';
const t0 = Date.now();
const e = await openEmbedded('/tmp/caas-probe', 'server');
console.log('started', Date.now() - t0, e.url.replace(/:[^:@]*@/, ':***@'));
console.log('migrated', await migrate(e.url));
await e.stop();
console.log('stopped', Date.now() - t0);

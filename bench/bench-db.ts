// A fresh database on the bench's embedded PostgreSQL (the checkout's .caas-bench), migrated, with
// one partner and its key pair: the setup of bench/fixed-cost.ts and bench/instructions.ts.
import path from 'node:path';
import { createPartner, generatePartnerKeyPair } from '../src/modules/partners/index.js';
import { systemClock } from '../src/platform/clock.js';
import { adminExecute, withDatabase } from '../src/platform/db/admin.js';
import { openEmbedded } from '../src/platform/db/embedded.js';
import { migrate } from '../src/platform/db/migrate.js';
import { createDb, type Db } from '../src/platform/db/pool.js';

export interface BenchDatabase {
  url: string;
  db: Db;
  keys: Awaited<ReturnType<typeof generatePartnerKeyPair>>;
  partner: Awaited<ReturnType<typeof createPartner>>;
  /** Closes the pool, drops the database and stops the embedded server. */
  drop(): Promise<void>;
}

export async function benchDatabase(root: string, prefix: string, partnerName: string): Promise<BenchDatabase> {
  const embedded = await openEmbedded(path.join(root, '.caas-bench'), 'server');
  const dbName = `${prefix}_${Date.now()}`;
  await adminExecute(embedded.url, [`create database ${dbName}`]);
  const url = withDatabase(embedded.url, dbName);
  await migrate(url);
  const db = createDb(url);
  const keys = await generatePartnerKeyPair();
  const partner = await createPartner(db, systemClock, { name: partnerName, publicKeyPem: keys.publicKeyPem });
  const drop = async () => {
    await db.destroy();
    await adminExecute(embedded.url, [`drop database if exists ${dbName} with (force)`]);
    await embedded.stop();
  };
  return { url, db, keys, partner, drop };
}

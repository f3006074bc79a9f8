// A fresh, migrated database for one test file, cloned from the template that scripts/test.ts
// prepared. Tests run against real PostgreSQL, never a fake.
import { randomBytes } from 'node:crypto';
import { adminExecute, withDatabase } from '../../src/platform/db/admin.js';
import { createDb, type Db } from '../../src/platform/db/pool.js';

export interface TestDatabase {
  url: string;
  db: Db;
  drop(): Promise<void>;
}

function baseUrl(): string {
  const url = process.env.CAAS_TEST_DATABASE_URL;
  if (!url) throw new Error('CAAS_TEST_DATABASE_URL is not set: run the suite with `npm test` (scripts/test.ts prepares the database)');
  return url;
}



export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `${process.env.CAAS_TEST_DB_PREFIX ?? 'caas_t_'}${randomBytes(6).toString('hex')}`;
  const template = process.env.CAAS_TEST_TEMPLATE ?? 'caas_template';
  await adminExecute(baseUrl(), [`create database ${name} template ${template}`]);
  const url = withDatabase(baseUrl(), name);
  const db = createDb(url, { maxConnections: 20 });
  return {
    url,
    db,
    drop: async () => {
      await db.destroy();
      await adminExecute(baseUrl(), [`drop database if exists ${name} with (force)`]);
    },
  };
}

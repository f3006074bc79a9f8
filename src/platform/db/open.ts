// Where the database is: DATABASE_URL when set, otherwise the embedded PostgreSQL of the data dir.
import type { Config } from '../config/env.js';
import { openEmbedded } from './embedded.js';

export interface DatabaseLocation {
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
}

export async function openDatabase(config: Config, role: 'server' | 'client'): Promise<DatabaseLocation> {
  if (config.databaseUrl) return { url: config.databaseUrl, embedded: false, stop: async () => undefined };
  const embedded = await openEmbedded(config.dataDir, role, { systemDir: config.systemDir, rerun: role === 'server' ? 'npm start' : 'npx caas …' });
  return { url: embedded.url, embedded: true, stop: () => embedded.stop() };
}

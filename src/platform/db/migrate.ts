// Numbered SQL migrations (src/platform/db/migrations/NNNN-name.sql), applied in order, each in
// its own transaction, under an advisory lock so several instances starting together apply each
// migration once. A changed file that was already applied is an error (checksums).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// Arbitrary constant shared by every instance: "caas migrations".
const MIGRATION_LOCK_KEY = 7_310_455_021;

export interface Migration {
  version: number;
  name: string;
  sql: string;
  checksum: string;
}

export function loadMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.sql')).sort();
  const migrations = files.map((file) => {
    const match = /^(\d{4})-([a-z0-9-]+)\.sql$/.exec(file);
    if (!match) throw new Error(`migration file name must be NNNN-name.sql: ${file}`);
    const text = fs.readFileSync(path.join(dir, file), 'utf8');
    return { version: Number(match[1]), name: match[2]!, sql: text, checksum: createHash('sha256').update(text).digest('hex') };
  });
  migrations.forEach((m, i) => {
    const previous = migrations[i - 1];
    if (previous && previous.version >= m.version) throw new Error(`migration numbers must be unique and increasing: ${previous.version} then ${m.version}`);
  });
  return migrations;
}

export async function migrate(url: string, log: (line: string) => void = () => undefined): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await client.query(`create table if not exists schema_migrations (
      version integer primary key, name text not null, checksum text not null, applied_at timestamptz not null default now())`);
    const applied = new Map((await client.query('select version, checksum from schema_migrations')).rows.map((r) => [r.version as number, r.checksum as string]));
    let count = 0;
    for (const migration of loadMigrations()) {
      const previous = applied.get(migration.version);
      if (previous !== undefined) {
        if (previous !== migration.checksum) throw new Error(`migration ${migration.version}-${migration.name} changed after it was applied`);
        continue;
      }
      await client.query('begin');
      try {
        await client.query(migration.sql);
        await client.query('insert into schema_migrations (version, name, checksum) values ($1, $2, $3)', [migration.version, migration.name, migration.checksum]);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw new Error(`migration ${migration.version}-${migration.name} failed: ${(error as Error).message}`);
      }
      log(`applied migration ${migration.version}-${migration.name}`);
      count += 1;
    }
    return count;
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
}

/** True when every migration in the tree is applied (readiness). */
export async function migrationsApplied(query: (text: string) => Promise<{ rows: { version: number }[] }>): Promise<boolean> {
  const expected = loadMigrations().map((m) => m.version);
  try {
    const { rows } = await query('select version from schema_migrations');
    const applied = new Set(rows.map((r) => Number(r.version)));
    return expected.every((v) => applied.has(v));
  } catch {
    return false;
  }
}

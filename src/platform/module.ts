// What a module tells the composition root about itself (issue 13): one descriptor per module,
// exported as `descriptor` from its public entry (src/modules/<name>/index.ts). Platform defines
// the shape and imports no module; src/compose.ts and src/config.ts read the descriptors
// (test/architecture/descriptors.test.ts checks that every module has one).
import type { SettingsSource } from './config/env.js';
import type { Db } from './db/pool.js';
import type { Database } from './db/schema.js';
import type { OperationSpec } from './http/operation-spec.js';

/** Expiring rows the maintenance worker deletes (platform/workers.ts). */
export interface Purge {
  /** The log field of the count ("jtis"). */
  name: string;
  purge(db: Db, now: Date): Promise<number>;
}

export interface ModuleDescriptor {
  /** The folder name under src/modules/. */
  readonly name: string;
  /** The tables it owns: only it reads or writes them (row types in its tables.ts). */
  readonly tables: readonly (keyof Database)[];
  readonly purges?: readonly Purge[];
  /** Its settings from the environment (config[name]), parsed and validated at start-up. */
  readonly settings?: SettingsSource;
  /** The interface operations whose schemas it declares (OpenAPI, guards, the contract test). */
  readonly operations?: readonly OperationSpec[];
}

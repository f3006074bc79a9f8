// The worker that watches CAAS_CNAB_INBOX: each return file found there is imported (whole, once)
// and then moved to processed/, or to rejected/ with a .error.txt naming the line and field. A file
// is imported only once a pass finds it as the previous pass saw it (same inode, size and mtime):
// one the bank's upload is still writing is left for a later pass. An archived file is never
// replaced: a name already in processed/ or rejected/ gets a suffix (retorno-2.ret). A crash
// between the import's commit and the move only means a later pass finds the file again and its
// hash already imported: it is moved, nothing is applied twice.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/pool.js';
import { everyInterval, type Worker } from '../../platform/workers.js';
import { CnabError } from './cnab/record.js';
import type { SettlementDeps } from './settlement-deps.js';
import { importReturnFile, type ImportResult } from './import-return.js';
import { CNAB_FILE_BYTES_MAX } from './limits.js';

/** What a pass saw of each file (name → inode:size:mtime), for the next pass to compare. */
export type InboxSightings = Map<string, string>;

/** The first free name in `dir`: `name`, else `stem-2.ext`, `stem-3.ext`… */
async function freeName(dir: string, name: string): Promise<string> {
  const { name: stem, ext } = path.parse(name);
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? name : `${stem}-${n}${ext}`;
    const taken = await fs.access(path.join(dir, candidate)).then(() => true, () => false);
    if (!taken) return candidate;
  }
}

/** Moves the file into inbox/sub under a name not taken there; returns that name. */
async function move(inbox: string, sub: string, name: string): Promise<string> {
  const dir = path.join(inbox, sub);
  await fs.mkdir(dir, { recursive: true });
  const archived = await freeName(dir, name);
  await fs.rename(path.join(inbox, name), path.join(dir, archived));
  return archived;
}

/** True when the previous pass saw the file as it is now (its upload is over); records what this pass saw. */
async function settled(full: string, name: string, seen: InboxSightings): Promise<boolean> {
  const st = await fs.stat(full);
  const sighting = `${st.ino}:${st.size}:${st.mtimeMs}`;
  if (seen.get(name) === sighting) return true;
  seen.set(name, sighting);
  return false;
}

async function reject(inbox: string, name: string, error: CnabError): Promise<void> {
  const archived = await move(inbox, 'rejected', name);
  await fs.writeFile(path.join(inbox, 'rejected', `${archived}.error.txt`), `${error.message}\n`);
}

/** One pass over the inbox: the results of the files imported now (those unchanged since the last pass). */
export async function scanInbox(db: Db, clock: Clock, deps: SettlementDeps, inbox: string, seen: InboxSightings, log?: FastifyBaseLogger): Promise<ImportResult[]> {
  const entries = await fs.readdir(inbox, { withFileTypes: true });
  const files = entries.filter((e) => e.isFile() && !e.name.startsWith('.') && !e.name.endsWith('.tmp')).map((e) => e.name).sort();
  for (const name of seen.keys()) if (!files.includes(name)) seen.delete(name);
  const results: ImportResult[] = [];
  for (const name of files) {
    const full = path.join(inbox, name);
    if (!(await settled(full, name, seen))) continue;
    seen.delete(name);
    try {
      if ((await fs.stat(full)).size > CNAB_FILE_BYTES_MAX) throw new CnabError(name, 0, null, `larger than ${CNAB_FILE_BYTES_MAX} bytes`);
      const result = await importReturnFile(db, clock, deps, name, await fs.readFile(full));
      const archived = await move(inbox, 'processed', name);
      log?.info({ file: name, archived, status: result.status, outcomes: result.outcomes }, 'CNAB return file imported');
      results.push(result);
    } catch (error) {
      if (!(error instanceof CnabError)) throw error;
      await reject(inbox, name, error);
      log?.warn({ file: name, err: error.message }, 'CNAB return file rejected');
    }
  }
  return results;
}

export function startCnabInboxWorker(db: Db, clock: Clock, deps: SettlementDeps, inbox: string, interval_ms: number, log: FastifyBaseLogger): Worker {
  const seen: InboxSightings = new Map();
  return everyInterval('cnab-inbox', interval_ms, async () => void (await scanInbox(db, clock, deps, inbox, seen, log)), log);
}

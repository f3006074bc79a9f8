// The worker that watches CAAS_CNAB_INBOX: each return file found there is imported (whole, once)
// and then moved to processed/, or to rejected/ with a .error.txt naming the line and field. A
// crash between the import's commit and the move only means the next pass finds the file again
// and its hash already imported: it is moved, nothing is applied twice.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/pool.js';
import { everyInterval, type Worker } from '../../platform/workers.js';
import { CnabError } from './cnab/record.js';
import type { PayDeps } from './apply-payment.js';
import { importReturnFile, type ImportResult } from './import-return.js';
import { CNAB_FILE_BYTES_MAX } from './limits.js';

async function move(inbox: string, sub: string, name: string): Promise<void> {
  await fs.mkdir(path.join(inbox, sub), { recursive: true });
  await fs.rename(path.join(inbox, name), path.join(inbox, sub, name));
}

/** One pass over the inbox: the results of the files imported now. */
export async function scanInbox(db: Db, clock: Clock, deps: PayDeps, inbox: string, log?: FastifyBaseLogger): Promise<ImportResult[]> {
  const entries = await fs.readdir(inbox, { withFileTypes: true });
  const files = entries.filter((e) => e.isFile() && !e.name.startsWith('.') && !e.name.endsWith('.tmp')).map((e) => e.name).sort();
  const results: ImportResult[] = [];
  for (const name of files) {
    const full = path.join(inbox, name);
    try {
      if ((await fs.stat(full)).size > CNAB_FILE_BYTES_MAX) throw new CnabError(name, 0, null, `larger than ${CNAB_FILE_BYTES_MAX} bytes`);
      const result = await importReturnFile(db, clock, deps, name, await fs.readFile(full));
      await move(inbox, 'processed', name);
      log?.info({ file: name, status: result.status, outcomes: result.outcomes }, 'CNAB return file imported');
      results.push(result);
    } catch (error) {
      if (!(error instanceof CnabError)) throw error;
      await fs.mkdir(path.join(inbox, 'rejected'), { recursive: true });
      await fs.writeFile(path.join(inbox, 'rejected', `${name}.error.txt`), `${error.message}\n`);
      await move(inbox, 'rejected', name);
      log?.warn({ file: name, err: error.message }, 'CNAB return file rejected');
    }
  }
  return results;
}

export function startCnabInboxWorker(db: Db, clock: Clock, deps: PayDeps, inbox: string, interval_ms: number, log: FastifyBaseLogger): Worker {
  return everyInterval('cnab-inbox', interval_ms, async () => void (await scanInbox(db, clock, deps, inbox, log)), log);
}

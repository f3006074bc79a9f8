// Runs one CSV export: one read-only snapshot (every batch sees the same state), a count for the
// progress bar, then the batches, each written before the next is read.
import type { Db, Executor } from '../../platform/db/pool.js';
import { inReadSnapshot } from '../../platform/db/read-snapshot.js';
import { csvHeader, csvRecords } from './csv.js';
import { progressBar } from './progress.js';
import type { TextSink } from './sink.js';

export interface CsvExport<T extends object> {
  label: string;
  /** Field names of T, in column order: they are the header row. */
  columns: readonly (keyof T & string)[];
  count(db: Executor): Promise<number>;
  batches(db: Executor): AsyncGenerator<T[]>;
}

export async function runCsvExport<T extends object>(db: Db, spec: CsvExport<T>, sink: TextSink, progressStream: NodeJS.WriteStream = process.stderr): Promise<number> {
  try {
    const rows = await inReadSnapshot(db, async (tx) => {
      const progress = progressBar(spec.label, await spec.count(tx), progressStream);
      let written = 0;
      try {
        await sink.write(csvHeader(spec.columns));
        for await (const batch of spec.batches(tx)) {
          await sink.write(csvRecords(spec.columns, batch));
          written += batch.length;
          progress.advance(batch.length);
        }
      } finally {
        progress.stop();
      }
      return written;
    });
    await sink.close();
    return rows;
  } catch (error) {
    await sink.abort();
    throw error;
  }
}

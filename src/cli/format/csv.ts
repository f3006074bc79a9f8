// CSV for the exports (RFC 4180: CRLF line ends, fields quoted when they hold a comma, a quote or
// a line break, quotes doubled), written by csv-stringify. Cells a spreadsheet would run as a
// formula (=, +, -, @ first) are prefixed with a quote: exported text comes from partners.
import { stringify } from 'csv-stringify/sync';

const OPTIONS = {
  record_delimiter: '\r\n',
  escape_formulas: true,
  cast: { boolean: (value: boolean) => (value ? 'true' : 'false') },
} as const;

export function csvHeader(columns: readonly string[]): string {
  return stringify([columns as string[]], OPTIONS);
}

/** The records' fields named by `columns`, in that order; null and undefined are empty fields. */
export function csvRecords<T extends object>(columns: readonly string[], rows: readonly T[]): string {
  if (rows.length === 0) return '';
  return stringify(rows as unknown as Record<string, unknown>[], { ...OPTIONS, columns: columns as string[] });
}

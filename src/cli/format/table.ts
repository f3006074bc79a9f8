// A plain text table for the operator CLI: a header row, then one row per record, columns aligned,
// no borders (grep and cut still work). cli-table3 measures accented and wide characters.
import Table from 'cli-table3';

export interface Column<T> {
  header: string;
  value(row: T): string | number | boolean | null;
  align?: 'left' | 'right';
}

const NO_BORDER = {
  top: '', 'top-mid': '', 'top-left': '', 'top-right': '',
  bottom: '', 'bottom-mid': '', 'bottom-left': '', 'bottom-right': '',
  left: '', 'left-mid': '', mid: '', 'mid-mid': '', right: '', 'right-mid': '', middle: '  ',
};

/** The table's lines (trailing spaces trimmed). Empty values print as "-". */
export function tableLines<T>(columns: readonly Column<T>[], rows: readonly T[]): string[] {
  const table = new Table({
    head: columns.map((c) => c.header),
    chars: NO_BORDER,
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0, compact: true },
    colAligns: columns.map((c) => c.align ?? 'left'),
  });
  for (const row of rows) {
    table.push(
      columns.map((c) => {
        const v = c.value(row);
        return v === null || v === '' ? '-' : String(v);
      }),
    );
  }
  return table
    .toString()
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line !== '');
}

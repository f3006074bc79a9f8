// A plain text table for the operator CLI: a header row, then one row per record, columns aligned,
// no borders (grep and cut still work). Hand-written: cli-table3 took 8 s to lay out 1000 rows
// (docs/decisions.md). Widths count characters after NFC, right for the Latin text we print.
export interface Column<T> {
  header: string;
  value(row: T): string | number | boolean | null;
  align?: 'left' | 'right';
}

const GAP = '  ';

function cell(value: string | number | boolean | null): string {
  return value === null || value === '' ? '-' : String(value).normalize('NFC').replace(/\s+/g, ' ');
}

/** The table's lines (trailing spaces trimmed). Empty values print as "-". */
export function tableLines<T>(columns: readonly Column<T>[], rows: readonly T[]): string[] {
  const cells = [columns.map((c) => c.header), ...rows.map((row) => columns.map((c) => cell(c.value(row))))];
  const widths = columns.map((_, i) => Math.max(...cells.map((line) => [...(line[i] as string)].length)));
  const pad = (text: string, i: number) => {
    const fill = ' '.repeat((widths[i] as number) - [...text].length);
    return columns[i]?.align === 'right' ? fill + text : text + fill;
  };
  return cells.map((line) => line.map(pad).join(GAP).trimEnd());
}

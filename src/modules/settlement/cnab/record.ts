// One 240-position CNAB record described as data: each field has a name, its first position
// (1-based, as the FEBRABAN manual numbers them), a length and a kind. The same description writes
// a record (values checked against the field) and reads one (every field checked, errors naming the
// file, the line and the field).
import { isValidLocalDate, type LocalDate } from '../../../platform/dates.js';

export const RECORD_LENGTH = 240;

/** num: digits, right-aligned, zero-filled; alpha: text, left-aligned, space-filled; date: DDMMAAAA (zeros = none); money: 2 implied decimals. */
export type FieldKind = 'num' | 'alpha' | 'date' | 'money' | 'blank';

export interface FieldSpec {
  name: string;
  start: number;
  length: number;
  kind: FieldKind;
  /** A fixed value: written as is, and required on reading. */
  fixed?: string;
}

export type RecordLayout = readonly FieldSpec[];

export interface LineRef {
  file: string;
  line: number;
}

export class CnabError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly field: string | null,
    readonly reason: string,
  ) {
    super(`${file}, line ${line}${field === null ? '' : `, field ${field}`}: ${reason}`);
    this.name = 'CnabError';
  }
}

/** Builds a layout from [name, start, length, kind, fixed?] rows and checks it tiles 1..240. */
export function layout(rows: ReadonlyArray<readonly [string, number, number, FieldKind, string?]>): RecordLayout {
  const fields = rows.map(([name, start, length, kind, fixed]) => (fixed === undefined ? { name, start, length, kind } : { name, start, length, kind, fixed }));
  let next = 1;
  for (const f of fields) {
    if (f.start !== next) throw new Error(`assertion: CNAB layout field ${f.name} starts at ${f.start}, expected ${next}`);
    if (f.fixed !== undefined && f.fixed.length !== f.length) throw new Error(`assertion: CNAB fixed value of ${f.name} has the wrong length`);
    next += f.length;
  }
  if (next !== RECORD_LENGTH + 1) throw new Error(`assertion: CNAB layout ends at ${next - 1}, expected ${RECORD_LENGTH}`);
  return fields;
}

/** The same layout with some fields replaced (a bank's own use of positions); replacements must tile the same span. */
export function override(base: RecordLayout, rows: ReadonlyArray<readonly [string, number, number, FieldKind, string?]>): RecordLayout {
  const replaced = rows.map(([name, start, length, kind, fixed]) => ({ name, start, length, kind, ...(fixed === undefined ? {} : { fixed }) }));
  const covered = (f: FieldSpec) => replaced.some((r) => f.start < r.start + r.length && r.start < f.start + f.length);
  const merged = [...base.filter((f) => !covered(f)), ...replaced].sort((a, b) => a.start - b.start);
  return layout(merged.map((f) => [f.name, f.start, f.length, f.kind, f.fixed] as const));
}

export type FieldValue = string | number | bigint | LocalDate | null | undefined;

const NON_LATIN1 = /[^\x20-\x7E\xA0-\xFF]/g;

/** Uppercase, accents removed, only printable ASCII (banks read ASCII). */
export function plainText(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(NON_LATIN1, ' ').replace(/[^\x20-\x7E]/g, ' ').toUpperCase();
}

function dateText(value: FieldValue): string {
  if (value === null || value === undefined || value === '') return '00000000';
  const text = String(value);
  if (!isValidLocalDate(text)) throw new Error(`not a date: ${text}`);
  return `${text.slice(8, 10)}${text.slice(5, 7)}${text.slice(0, 4)}`;
}

function moneyText(value: FieldValue): string {
  if (value === null || value === undefined) return '0';
  const text = String(value);
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) throw new Error(`not a non-negative amount with at most 2 decimals: ${text}`);
  return `${m[1]}${(m[2] ?? '').padEnd(2, '0')}`.replace(/^0+(?=\d)/, '');
}

function formatField(f: FieldSpec, value: FieldValue): string {
  if (f.fixed !== undefined) return f.fixed;
  if (f.kind === 'blank') return ' '.repeat(f.length);
  if (f.kind === 'alpha') return plainText(value === null || value === undefined ? '' : String(value)).slice(0, f.length).padEnd(f.length, ' ');
  const digits = f.kind === 'date' ? dateText(value) : f.kind === 'money' ? moneyText(value) : value === null || value === undefined ? '0' : String(value);
  if (!/^\d+$/.test(digits)) throw new Error(`not a number: ${digits}`);
  if (digits.length > f.length) throw new Error(`${digits} does not fit in ${f.length} positions`);
  return digits.padStart(f.length, '0');
}

/** Writes one record; a value that does not fit is a programmer error naming the field. */
export function writeRecord(spec: RecordLayout, values: Readonly<Record<string, FieldValue>>): string {
  for (const key of Object.keys(values)) {
    if (!spec.some((f) => f.name === key)) throw new Error(`assertion: CNAB record has no field ${key}`);
  }
  return spec
    .map((f) => {
      try {
        return formatField(f, values[f.name]);
      } catch (error) {
        throw new Error(`assertion: CNAB field ${f.name}: ${(error as Error).message}`);
      }
    })
    .join('');
}

export type ReadRecord = Readonly<Record<string, string>>;

export function positionsOf(f: FieldSpec): string {
  return f.length === 1 ? `position ${f.start}` : `positions ${f.start}-${f.start + f.length - 1}`;
}

function checkField(f: FieldSpec, raw: string, at: LineRef): string {
  const fail = (reason: string) => new CnabError(at.file, at.line, `${f.name} (${positionsOf(f)})`, reason);
  if (f.fixed !== undefined && raw !== f.fixed) throw fail(`expected "${f.fixed}", found "${raw}"`);
  if (f.kind === 'alpha' || f.kind === 'blank') return raw.trimEnd();
  if (!/^\d+$/.test(raw)) throw fail(`expected digits, found "${raw}"`);
  if (f.kind === 'money') return `${BigInt(raw.slice(0, -2))}.${raw.slice(-2)}`;
  if (f.kind === 'date') {
    if (/^0+$/.test(raw)) return '';
    const iso = `${raw.slice(4, 8)}-${raw.slice(2, 4)}-${raw.slice(0, 2)}`;
    if (!isValidLocalDate(iso)) throw fail(`"${raw}" is not a date DDMMAAAA`);
    return iso;
  }
  return raw;
}

/** Reads one record: length, constants, digits and dates checked; blanks (reserved positions) are not read. */
export function readRecord(spec: RecordLayout, line: string, at: LineRef): ReadRecord {
  if (line.length !== RECORD_LENGTH) throw new CnabError(at.file, at.line, null, `a record has ${RECORD_LENGTH} positions, this one has ${line.length}`);
  const out: Record<string, string> = {};
  for (const f of spec) {
    if (f.kind === 'blank') continue;
    out[f.name] = checkField(f, line.slice(f.start - 1, f.start - 1 + f.length), at);
  }
  return out;
}

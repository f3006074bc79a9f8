// Readers of the option values shared by the operator queries (issue 15): date bounds, numbers,
// documents, output format. Loaded by the handlers only.
import { compareDates, isValidLocalDate, localDate, type LocalDate } from '../../platform/dates.js';
import { classifyDocument } from '../../platform/documents.js';
import { CliError } from '../io.js';

function dateOption(name: string, text: string | undefined): LocalDate | null {
  if (text === undefined) return null;
  if (!isValidLocalDate(text)) throw new CliError(`--${name} must be a calendar date YYYY-MM-DD, got "${text}"`);
  return localDate(text);
}

/** --from/--to as inclusive calendar dates; --from after --to is a usage error. */
export function readRange(values: { from?: string | undefined; to?: string | undefined }): { from: LocalDate | null; to: LocalDate | null } {
  const from = dateOption('from', values.from);
  const to = dateOption('to', values.to);
  if (from !== null && to !== null && compareDates(from, to) > 0) throw new CliError(`--from ${from} is after --to ${to}`);
  return { from, to };
}

const NUMBER_RE = /^[1-9]\d{0,15}$/;

export function readNumber(text: string | undefined, what: string): number {
  if (text === undefined || !NUMBER_RE.test(text)) throw new CliError(`${what} must be a positive integer${text === undefined ? '' : `, got "${text}"`}`);
  return Number(text);
}

export function readDocument(text: string | undefined): string | null {
  if (text === undefined) return null;
  const doc = classifyDocument(text);
  if (doc === null) throw new CliError(`--document "${text}" is not a valid CPF or CNPJ`);
  return doc.digits;
}

export type Format = 'table' | 'json' | 'csv';

export function readFormat(values: { json: boolean; csv: boolean }): Format {
  if (values.json && values.csv) throw new CliError('choose one of --json and --csv');
  return values.json ? 'json' : values.csv ? 'csv' : 'table';
}

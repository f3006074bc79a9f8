// The one JSON writer for answers. Differs from JSON.stringify in what matters here: a decimal.js
// value is written as a JSON number with its exact digits (never through a binary float), a Date
// as ISO 8601 UTC, and `sortKeys` gives the canonical form used for idempotency hashes.
import { Decimal as DecimalJs } from 'decimal.js';
import { isLosslessNumber } from 'lossless-json';
import { ANSWER_DEPTH_LEVELS_MAX } from '../config/limits.js';


export function stringify(value: unknown, options: { sortKeys?: boolean } = {}): string {
  return write(value, options.sortKeys ?? false, 0);
}

function write(value: unknown, sortKeys: boolean, depth: number): string {
  if (depth > ANSWER_DEPTH_LEVELS_MAX) throw new Error('assertion: answer nested too deeply');
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`assertion: non-finite number in an answer: ${value}`);
    return String(value);
  }
  if (typeof value === 'bigint') return value.toString();
  if (DecimalJs.isDecimal(value)) return (value as DecimalJs).toFixed();
  if (isLosslessNumber(value)) return (value as { value: string }).value;
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map((v) => write(v, sortKeys, depth + 1)).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    if (sortKeys) entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${write(v, sortKeys, depth + 1)}`).join(',')}}`;
  }
  throw new Error(`assertion: cannot serialize a ${typeof value}`);
}

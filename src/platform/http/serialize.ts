// The one JSON writer for answers. Differs from JSON.stringify in what matters here: a decimal.js
// value is written as a JSON number with its exact digits (never through a binary float), a Date
// as ISO 8601 UTC, and `sortKeys` gives the canonical form used for idempotency hashes.
// Written as one pass appending to a string, plain objects first (issue 14: the answers of the
// reads are large, and the earlier entries/filter/map/join writer cost ~12 % of a read and most of
// its garbage). Fastify's schema-compiled serializer was measured and not used: docs/decisions.md.
import { Decimal as DecimalJs } from 'decimal.js';
import { isLosslessNumber } from 'lossless-json';
import { ANSWER_DEPTH_LEVELS_MAX, ANSWER_QUOTED_KEYS_MAX } from '../config/limits.js';

/** Keys written as JSON strings, kept (answers use a small set of field names); bounded. */
const quotedKeys = new Map<string, string>();

function quotedKey(key: string): string {
  let quoted = quotedKeys.get(key);
  if (quoted === undefined) {
    quoted = JSON.stringify(key);
    if (quotedKeys.size < ANSWER_QUOTED_KEYS_MAX) quotedKeys.set(key, quoted);
  }
  return quoted;
}

export function stringify(value: unknown, options: { sortKeys?: boolean } = {}): string {
  return write(value, options.sortKeys ?? false, 0);
}

function write(value: unknown, sortKeys: boolean, depth: number): string {
  if (depth > ANSWER_DEPTH_LEVELS_MAX) throw new Error('assertion: answer nested too deeply');
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'object':
      if (value === null) return 'null';
      return writeObject(value, sortKeys, depth);
    case 'undefined':
      return 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) throw new Error(`assertion: non-finite number in an answer: ${value}`);
      return String(value);
    case 'bigint':
      return value.toString();
    default:
      throw new Error(`assertion: cannot serialize a ${typeof value}`);
  }
}

function writeObject(value: object, sortKeys: boolean, depth: number): string {
  if (Array.isArray(value)) return writeArray(value, sortKeys, depth);
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) {
    if (DecimalJs.isDecimal(value)) return (value as DecimalJs).toFixed();
    if (isLosslessNumber(value)) return (value as { value: string }).value;
    if (value instanceof Date) return JSON.stringify(value.toISOString());
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  if (sortKeys) keys.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  let out = '{';
  let first = true;
  for (const key of keys) {
    const field = record[key];
    if (field === undefined) continue;
    out += `${first ? '' : ','}${quotedKey(key)}:${write(field, sortKeys, depth + 1)}`;
    first = false;
  }
  return `${out}}`;
}

function writeArray(items: readonly unknown[], sortKeys: boolean, depth: number): string {
  let out = '[';
  for (let i = 0; i < items.length; i += 1) out += `${i === 0 ? '' : ','}${write(items[i], sortKeys, depth + 1)}`;
  return `${out}]`;
}

// A small, strict decoder for the provider wire format: each body is described by a spec of its
// fields; decoding checks every field's type, keeps only the fields of the spec, and turns JSON
// numbers into exact integers or Decimals (the text is parsed with lossless-json, so a money
// value never passes through a binary float). Anything else is a WireFormatError naming the path.
import { isLosslessNumber, parse, stringify } from 'lossless-json';
import { Decimal, dec, roundCents } from '../../../platform/money.js';

export type ScalarKind = 'string' | 'string?' | 'int' | 'int?' | 'money' | 'bool' | 'datetime' | 'datetime?' | 'json-text';

export interface ObjectSpec {
  readonly kind: 'object';
  readonly fields: FieldsSpec;
  readonly nullable: boolean;
}

export interface ArraySpec {
  readonly kind: 'array';
  readonly items: FieldsSpec;
}

export type FieldSpec = ScalarKind | ObjectSpec | ArraySpec;
export type FieldsSpec = { readonly [field: string]: FieldSpec };

export const object = (fields: FieldsSpec, nullable = false): ObjectSpec => ({ kind: 'object', fields, nullable });
export const arrayOf = (items: FieldsSpec): ArraySpec => ({ kind: 'array', items });

export class WireFormatError extends Error {
  constructor(readonly path: string, readonly expected: string) {
    super(`${path}: expected ${expected}`);
    this.name = 'WireFormatError';
  }
}

const CENTS_DECIMAL_PLACES = 2;

function decodeNumber(raw: unknown, path: string, kind: 'int' | 'money'): number | Decimal {
  if (!isLosslessNumber(raw)) throw new WireFormatError(path, kind === 'int' ? 'an integer' : 'a number');
  const value = dec(raw.toString());
  if (kind === 'int') {
    if (!value.isInteger() || !Number.isSafeInteger(value.toNumber())) throw new WireFormatError(path, 'an integer');
    return value.toNumber();
  }
  if (value.decimalPlaces() > CENTS_DECIMAL_PLACES) throw new WireFormatError(path, 'an amount in centavos');
  return roundCents(value);
}

function decodeScalar(kind: ScalarKind, raw: unknown, path: string): unknown {
  const optional = kind.endsWith('?');
  if (optional && raw === null) return null;
  switch (kind) {
    case 'string':
    case 'string?':
      if (typeof raw !== 'string') throw new WireFormatError(path, optional ? 'a string or null' : 'a string');
      return raw;
    case 'datetime':
    case 'datetime?':
      if (typeof raw !== 'string' || Number.isNaN(Date.parse(raw))) throw new WireFormatError(path, 'an ISO 8601 date-time');
      return raw;
    case 'int':
    case 'int?':
      return decodeNumber(raw, path, 'int');
    case 'money':
      return decodeNumber(raw, path, 'money');
    case 'bool':
      if (typeof raw !== 'boolean') throw new WireFormatError(path, 'a boolean');
      return raw;
    case 'json-text':
      if (typeof raw !== 'string') throw new WireFormatError(path, 'a JSON text');
      try {
        JSON.parse(raw);
      } catch {
        throw new WireFormatError(path, 'a JSON text');
      }
      return raw;
  }
}

function isPlainObject(raw: unknown): raw is Record<string, unknown> {
  return typeof raw === 'object' && raw !== null && !Array.isArray(raw) && !isLosslessNumber(raw);
}

export function decodeField(spec: FieldSpec, raw: unknown, path: string): unknown {
  if (typeof spec === 'string') return decodeScalar(spec, raw, path);
  if (spec.kind === 'array') {
    if (!Array.isArray(raw)) throw new WireFormatError(path, 'an array');
    return raw.map((item, i) => decodeObject(spec.items, item, `${path}[${i}]`));
  }
  if (spec.nullable && raw === null) return null;
  return decodeObject(spec.fields, raw, path);
}

/** Decodes an object: every field of the spec must be present (null where the spec allows). */
export function decodeObject(fields: FieldsSpec, raw: unknown, path: string): Record<string, unknown> {
  if (!isPlainObject(raw)) throw new WireFormatError(path, 'an object');
  const out: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(fields)) {
    if (!(name in raw)) throw new WireFormatError(`${path}.${name}`, 'the field to be present');
    out[name] = decodeField(spec, raw[name], `${path}.${name}`);
  }
  return out;
}

/** Parses JSON text keeping every number exact (as a LosslessNumber until decoded). */
export function parseWireJson(text: string): unknown {
  try {
    return parse(text);
  } catch {
    throw new WireFormatError('$', 'a JSON document');
  }
}

/** JSON text of a value with Decimals written as plain numbers with two decimals. */
export function encodeWireJson(value: unknown): string {
  const text = stringify(value, null, undefined, [
    { test: (v) => v instanceof Decimal, stringify: (v) => (v as Decimal).toFixed(CENTS_DECIMAL_PLACES) },
  ]);
  if (text === undefined) throw new Error('assertion: value has no JSON form');
  return text;
}

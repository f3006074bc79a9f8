// Turns an operation's body schema into the validator Fastify runs before any handler:
//  1. field names are folded to the schema's casing (clients send CodigoProposta or codigoProposta);
//  2. exact JSON numbers become decimal.js values where the schema says money/percentage
//     (`x-decimal`), safe integers where it says integer;
//  3. a field the schema does not know (an object with additionalProperties: false) is dropped
//     during folding, at any depth, and its path recorded: ignoredFieldsOf(body) (issue 11;
//     the route counts, logs, or refuses them for a strict partner);
//  4. ajv checks the result (all errors, no coercion);
//  5. every problem becomes one envelope message whose `field` is the JSON path.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { Decimal } from '../money.js';
import { calendarDateOf } from '../dates.js';
import { isRecordUuid } from '../uuid.js';
import { LIMITS } from '../config/limits.js';
import { DomainError, type MessageInput } from '../errors.js';
import { isLosslessNumber } from './json-body.js';
import type { DecimalRule } from './schema-types.js';
import { describeAjvError } from './schema-messages.js';

type Schema = Record<string, unknown>;
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

const TIMESTAMP_RE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

export function isWireDateTime(text: string): boolean {
  return TIMESTAMP_RE.test(text) && calendarDateOf(text) !== null;
}

function createAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, coerceTypes: false, useDefaults: false, removeAdditional: false, strict: false, allowUnionTypes: true });
  addFormats(ajv);
  ajv.addFormat('caas-date-time', { type: 'string', validate: isWireDateTime });
  // Replaces ajv-formats' uuid, which takes the nil uuid and a `urn:uuid:` prefix (issue 12).
  ajv.addFormat('uuid', { type: 'string', validate: isRecordUuid });
  ajv.addKeyword({
    keyword: 'x-decimal',
    errors: true,
    validate: function checkDecimal(this: unknown, rule: DecimalRule & { nullable?: boolean }, data: unknown): boolean {
      const self = checkDecimal as unknown as { errors: Partial<ErrorObject>[] };
      const fail = (message: string) => {
        self.errors = [{ keyword: 'x-decimal', message, params: rule }];
        return false;
      };
      if (data === null && rule.nullable) return true;
      if (!Decimal.isDecimal(data)) return fail('deve ser um número');
      const value = data as Decimal;
      if (!value.isFinite()) return fail('deve ser um número finito');
      if (value.lt(rule.minimum)) return fail(`deve ser maior ou igual a ${rule.minimum}`);
      if (value.gt(rule.maximum)) return fail(`deve ser menor ou igual a ${rule.maximum}`);
      if (value.decimalPlaces() > rule.scale) return fail(`aceita no máximo ${rule.scale} casas decimais`);
      return true;
    },
  });
  return ajv;
}

const ajv = createAjv();

function typesOf(schema: Schema): string[] {
  const t = schema.type;
  return Array.isArray(t) ? (t as string[]) : typeof t === 'string' ? [t] : [];
}

/** The schema ajv sees: `x-decimal` nodes lose their float bounds and check the exact value. */
function forAjv(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forAjv);
  if (schema === null || typeof schema !== 'object') return schema;
  const node = schema as Schema;
  if (node['x-decimal']) {
    return { 'x-decimal': { ...(node['x-decimal'] as DecimalRule), nullable: typesOf(node).includes('null') } };
  }
  // An open enum (schema-types catalogue()) documents its known values; the use case checks them.
  return Object.fromEntries(Object.entries(node).filter(([k]) => !(k === 'enum' && node['x-open-enum'])).map(([k, v]) => [k, forAjv(v)]));
}

const foldMaps = new WeakMap<object, Map<string, string>>();

/**
 * Lower-cased names to the schema's, plus each schema name that folds to itself under its own
 * spelling: a key sent as the schema writes it is found without lower-casing it (a new string,
 * hashed again, per key: issue 14); any other is looked up lower-cased, as before.
 */
function foldMapOf(properties: Schema): Map<string, string> {
  let map = foldMaps.get(properties);
  if (!map) {
    map = new Map(Object.keys(properties).map((k) => [k.toLowerCase(), k]));
    for (const k of Object.keys(properties)) if (map.get(k.toLowerCase()) === k) map.set(k, k);
    foldMaps.set(properties, map);
  }
  return map;
}

function normalizeNumber(value: unknown, schema: Schema): unknown {
  const text = (value as { value: string }).value;
  if (schema['x-decimal']) return new Decimal(text);
  const types = typesOf(schema);
  if (types.includes('integer')) {
    const n = Number(text);
    return /^-?\d+$/.test(text) && Number.isSafeInteger(n) ? n : value;
  }
  return types.includes('number') ? Number(text) : value;
}

/** Paths of the unknown fields dropped from each validated body (by the body object). */
const ignoredByBody = new WeakMap<object, readonly string[]>();

/** The JSON paths of the unknown fields the validator dropped from this body (none: []). */
export function ignoredFieldsOf(body: unknown): readonly string[] {
  return (typeof body === 'object' && body !== null && ignoredByBody.get(body)) || [];
}

/**
 * Folds keys to the schema's casing, turns exact numbers into what each field needs, and drops
 * the fields a closed object does not know (their paths go to `ignored`).
 */
export function normalize(value: unknown, schema: Schema, path: string, problems: MessageInput[], ignored: string[] = []): unknown {
  if (isLosslessNumber(value)) return normalizeNumber(value, schema);
  if (Array.isArray(value)) {
    const items = schema.items as Schema | undefined;
    return items ? value.map((v, i) => normalize(v, items, `${path}[${i}]`, problems, ignored)) : value;
  }
  if (value === null || typeof value !== 'object' || Decimal.isDecimal(value)) return value;
  const properties = schema.properties as Record<string, Schema> | undefined;
  if (!properties) return value;
  const fold = foldMapOf(properties);
  const out: Record<string, unknown> = {};
  const source = value as Record<string, unknown>;
  for (const key of Object.keys(source)) {
    const canonical = fold.get(key) ?? fold.get(key.toLowerCase()) ?? key;
    const fieldPath = path === '' ? canonical : `${path}.${canonical}`;
    if (Object.prototype.hasOwnProperty.call(out, canonical)) {
      problems.push({ code: 'REQ008', description: 'Campo informado mais de uma vez com grafias diferentes', field: fieldPath });
      continue;
    }
    const fieldSchema = Object.prototype.hasOwnProperty.call(properties, canonical) ? properties[canonical] : undefined;
    if (!fieldSchema && schema.additionalProperties === false) {
      ignored.push(fieldPath);
      continue;
    }
    setOwn(out, canonical, fieldSchema ? normalize(source[key], fieldSchema, fieldPath, problems, ignored) : source[key]);
  }
  return out;
}

/**
 * A plain assignment, except for `__proto__` (an assignment would set the prototype): defining
 * every key cost ~1/3 of a small body's validation, as V8 leaves its fast path (issue 14).
 */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

const INDEX_RE = /^\d+$/;

/** ajv's JSON pointer (`/dto/itens/0/x`) as the envelope's field path (`dto.itens[0].x`). */
export function toPath(instancePath: string): string {
  const parts = instancePath.split('/');
  let path = '';
  for (let i = 1; i < parts.length; i++) {
    const raw = parts[i] as string;
    const part = raw.includes('~') ? raw.replace(/~1/g, '/').replace(/~0/g, '~') : raw;
    path = INDEX_RE.test(part) ? `${path}[${part}]` : path === '' ? part : `${path}.${part}`;
  }
  return path;
}

export interface BodyValidator {
  (data: unknown): { value: unknown } | { error: DomainError };
}

/** Compiles a body schema into a validator returning the normalized body or a 400 DomainError. */
export function compileBodyValidator(schema: Schema): BodyValidator {
  const validate: ValidateFunction = ajv.compile(forAjv(schema) as Schema);
  return (data: unknown) => {
    const problems: MessageInput[] = [];
    if (data === null || data === undefined || typeof data !== 'object' || Array.isArray(data)) {
      return { error: new DomainError('validation', [{ code: 'REQ004', description: 'O corpo da requisição deve ser um objeto JSON', field: null }]) };
    }
    const ignored: string[] = [];
    const value = normalize(data, schema, '', problems, ignored);
    if (!validate(value)) problems.push(...(validate.errors ?? []).map((e) => describeAjvError(e, toPath(e.instancePath))));
    if (problems.length > 0) return { error: new DomainError('validation', dedupe(problems).slice(0, LIMITS.ERROR_MESSAGES_MAX)) };
    if (ignored.length > 0) ignoredByBody.set(value as object, ignored);
    return { value };
  };
}

function dedupe(problems: MessageInput[]): MessageInput[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const id = `${p.code}|${p.field}|${p.description}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

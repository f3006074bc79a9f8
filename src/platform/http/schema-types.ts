// Field constructors for operation schemas. One schema = validation + TypeScript type + OpenAPI.
// Money and percentages are declared `type: number` (what the wire carries and OpenAPI shows) with
// an `x-decimal` annotation: the validator (schema-compiler.ts) turns the exact JSON number text
// into a decimal.js value and checks bounds on the exact value, never on a binary float.
import Type, { type Static, type TSchema } from 'typebox';
import type { Decimal } from '../money.js';
import { LIMITS } from '../config/limits.js';

export { Type };
export type { Static, TSchema };

export interface DecimalRule {
  maximum: string;
  minimum: string;
  /** Most digits allowed after the decimal point. */
  scale: number;
}

/** A monetary value in reais: at most two decimals, 0 ≤ v ≤ the interface's bound. */
export function money(description?: string) {
  const rule: DecimalRule = { maximum: LIMITS.MONEY_MAX, minimum: '0', scale: 2 };
  return Type.Unsafe<Decimal>({ type: 'number', 'x-decimal': rule, maximum: Number(rule.maximum), minimum: 0, ...(description ? { description } : {}) });
}

/** A percentage as the interface sends it (1.99 = 1.99%). */
export function percent(description?: string) {
  const rule: DecimalRule = { maximum: LIMITS.PERCENT_MAX, minimum: '0', scale: LIMITS.PERCENT_SCALE_MAX };
  return Type.Unsafe<Decimal>({ type: 'number', 'x-decimal': rule, maximum: Number(rule.maximum), minimum: 0, ...(description ? { description } : {}) });
}

export function integer(options: { minimum?: number; maximum?: number; description?: string } = {}) {
  return Type.Integer({ minimum: options.minimum ?? LIMITS.INT32_MIN, maximum: options.maximum ?? LIMITS.INT32_MAX, ...(options.description ? { description: options.description } : {}) });
}

/** Every string has a length limit (default LIMITS.TEXT_LENGTH_MAX characters). */
export function text(options: { maxLength?: number; minLength?: number; pattern?: string; description?: string } = {}) {
  return Type.String({
    maxLength: options.maxLength ?? LIMITS.TEXT_LENGTH_MAX,
    ...(options.minLength !== undefined ? { minLength: options.minLength } : {}),
    ...(options.pattern ? { pattern: options.pattern } : {}),
    ...(options.description ? { description: options.description } : {}),
  });
}

export function uuid(description?: string) {
  return Type.String({ format: 'uuid', maxLength: 36, ...(description ? { description } : {}) });
}

export function bool(description?: string) {
  return Type.Boolean(description ? { description } : {});
}

/**
 * A date-time field: 'yyyy-MM-dd' or an ISO 8601 timestamp (compatibility-notes). Kept as text;
 * use cases read calendar dates with calendarDateOf() and instants with Date.parse().
 */
export function dateTime(description?: string) {
  return Type.String({ format: 'caas-date-time', maxLength: 40, ...(description ? { description } : {}) });
}

/**
 * A text field with a catalogue of known values: /openapi.json shows them as an `enum` with a
 * description each (`x-enumDescriptions`), but the validator does not enforce it (`x-open-enum`):
 * the use case refuses an unknown value with a message listing the catalogue, and may accept
 * other spellings (aliases, any case).
 */
export function catalogue(values: readonly { value: string; description: string }[], options: { maxLength: number; description: string }) {
  return Type.String({
    maxLength: options.maxLength,
    enum: values.map((v) => v.value),
    'x-enumDescriptions': Object.fromEntries(values.map((v) => [v.value, v.description])),
    'x-open-enum': true,
    description: `${options.description} ${values.map((v) => `${v.value}: ${v.description}.`).join(' ')}`,
  });
}

export function arrayOf<T extends TSchema>(item: T, maxItems: number = LIMITS.LIST_ITEMS_MAX) {
  return Type.Array(item, { maxItems });
}

/**
 * A closed object: the fields it names are all it knows. Unknown fields are dropped by the
 * validator (and refused for a strict partner): docs/validation.md, issue 11.
 */
export function obj<P extends Record<string, TSchema>>(properties: P, description?: string) {
  return Type.Object(properties, { additionalProperties: false, ...(description ? { description } : {}) });
}

/** Optional and nullable: .NET clients send null for absent values; both mean "not sent". */
export function opt<T extends TSchema>(schema: T) {
  const base = schema as unknown as { type?: string | string[] };
  const types = Array.isArray(base.type) ? base.type : base.type ? [base.type] : [];
  const nullable = { ...(schema as object), type: [...types.filter((t) => t !== 'null'), 'null'] } as unknown as TSchema;
  return Type.Optional(Type.Unsafe<Static<T> | null>(nullable));
}

/** `parametros`: free name/value pairs, echoed back in the answer. */
export const Parametro = obj({ nome: text({ maxLength: 100 }), valor: opt(text({ maxLength: 1000 })) });
export const Parametros = opt(arrayOf(Parametro, LIMITS.PARAMETROS_MAX));

export function parametroValue(list: readonly { nome: string; valor?: string | null }[] | null | undefined, name: string): string | undefined {
  const found = list?.find((p) => p.nome.toLowerCase() === name.toLowerCase());
  return found?.valor ?? undefined;
}

// ---- response shapes (documentation and tests; the envelope writer serializes them) ----

export const MessageSchema = Type.Object({
  messageType: Type.Integer(),
  code: Type.String(),
  context: Type.String(),
  description: Type.String(),
  field: Type.Union([Type.String(), Type.Null()]),
});

export function envelope<P extends Record<string, TSchema>>(extra: P) {
  return Type.Object({
    msg: Type.Union([Type.String(), Type.Null()]),
    hasError: Type.Boolean(),
    messages: Type.Union([Type.Array(MessageSchema), Type.Null()]),
    ...extra,
  });
}

export const ParametrosOut = Type.Array(Type.Object({ nome: Type.String(), valor: Type.Union([Type.String(), Type.Null()]) }));
/**
 * A decimal in an answer (money, percentage, rate): a JSON number on the wire, a decimal.js value
 * (written with its exact digits) or a plain number in the handler's result.
 */
export const DecimalOut = (options: { description?: string } = {}) => Type.Unsafe<Decimal | number>(Type.Number(options));
export const MoneyOut = DecimalOut();
export const DateTimeOut = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);

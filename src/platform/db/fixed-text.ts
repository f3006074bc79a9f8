// Pieces of fixed statement texts (issue 14): SQL built once per process and run through
// CompiledQuery.raw, so kysely does not rebuild and recompile it on every call.
import { CompiledQuery } from 'kysely';
import { SHAPED_STATEMENTS_MAX, SHIFTED_TEXTS_MAX } from '../config/limits.js';

/**
 * `unnest($first::type[], $first+1::type[], …)`: one array parameter per column, so one text
 * inserts or updates any number of rows.
 */
export function unnestArrays(columns: ReadonlyArray<readonly [string, string]>, first: number): string {
  return `unnest(${columns.map(([, type], i) => `$${first + i}::${type}[]`).join(', ')})`;
}

/** A piece of fixed statement text with its parameters numbered from $1, and their values. */
export interface FixedSql {
  text: string;
  values: readonly unknown[];
}

/** Renumbered texts, by shift and text: few (each is a fixed text), bounded all the same. */
const shifted = new Map<string, string>();

/**
 * `text` with its parameters $1…$n renumbered $(1 + by)…$(n + by), to follow `by` parameters of
 * the statement it becomes part of. The text must hold no `$` but its parameters.
 */
export function shiftParameters(text: string, by: number): string {
  if (by === 0) return text;
  const key = `${by}\u0000${text}`;
  const known = shifted.get(key);
  if (known !== undefined) return known;
  const renumbered = text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + by}`);
  if (shifted.size < SHIFTED_TEXTS_MAX) shifted.set(key, renumbered);
  return renumbered;
}

/** Fixed pieces joined into one (`separator` between texts), their parameters numbered in order. */
export function joinFixed(parts: readonly FixedSql[], separator: string): FixedSql {
  let count = 0;
  const texts: string[] = [];
  for (const part of parts) {
    texts.push(shiftParameters(part.text, count));
    count += part.values.length;
  }
  return { text: texts.join(separator), values: parts.flatMap((part) => part.values) };
}

/** `"a", "b"`: column or table names quoted for a fixed text. */
export function quotedNames(names: readonly string[]): string {
  return names.map((name) => `"${name}"`).join(', ');
}

/** `insert into "table" ("c1", …) select * from unnest($first::t1[], …)`: rows from one array per column. */
export function insertFromArrays(table: string, columns: ReadonlyArray<readonly [string, string]>, first: number): string {
  return `insert into "${table}" (${quotedNames(columns.map(([name]) => name))}) select * from ${unnestArrays(columns, first)}`;
}

/** The rows' values as one array per column, in `columns`' order (the parameters of unnestArrays). */
export function arraysOf(rows: readonly object[], columns: ReadonlyArray<readonly [string, string]>): unknown[][] {
  return columns.map(([name]) => rows.map((row) => (row as Record<string, unknown>)[name]));
}

/**
 * Asserts that `row` has exactly the fixed text's `columns`: a column added to the row but not to
 * the statement would otherwise be dropped silently.
 */
export function assertColumnsExactly(row: object, columns: readonly string[], what: string): void {
  const names = Object.keys(row);
  if (names.length !== columns.length || !columns.every((column) => column in row)) throw new Error(`assertion: ${what} has ${names.length} columns, the statement ${columns.length}`);
}

/** Where a bound value goes while a shape is built (ShapedStatements): kysely binds it as any value. */
class Placeholder {
  constructor(readonly index: number) {}
}

/** A value a ShapedStatements builder binds: the caller's own, or the placeholder standing for it while the shape is built. */
export type Bound<T> = T | Placeholder;

/** `value` as kysely's builder takes it: a placeholder is bound as any value, untouched (ShapedStatements). */
export function bound<T>(value: Bound<T>): T {
  return value as T;
}

/** Asserts that every value binds as a parameter: not `undefined`, not a kysely expression (a function, which kysely would call as an expression's factory, or an object with `toOperationNode`). */
function assertBindable(shape: string, values: readonly unknown[]): void {
  values.forEach((value, i) => {
    if (value === undefined) throw new Error(`assertion: value ${i} of shape ${shape} is undefined`);
    if (typeof value === 'function' || (typeof value === 'object' && value !== null && 'toOperationNode' in value)) throw new Error(`assertion: value ${i} of shape ${shape} is a kysely expression`);
  });
}

/** A compiled shape: its text, how many values a call binds, and for each parameter the value's index (or -1: the builder's own constant, kept). */
interface Shape {
  sql: string;
  count: number;
  constants: readonly unknown[];
  slots: readonly number[];
}

/**
 * Statements kysely builds once per shape (issue 14): the first call of a shape builds the query
 * with a placeholder for each value the caller binds and keeps its compiled text; every call then
 * binds its values at the placeholders' places, and the builder's own constants as they were. Same
 * text and parameters as building it each time, without the ~40 µs of building and compiling. The
 * shape must name everything that changes the text (a list's length, a column chosen), and the
 * builder must pass the values through untouched (no value may choose the text). Every call's values
 * are checked against the shape: as many as it was built with, none `undefined` (kysely would have
 * dropped its column from the text) and none a kysely expression (it would have been inlined).
 */
export class ShapedStatements {
  readonly #shapes = new Map<string, Shape>();

  statement(shape: string, values: readonly unknown[], build: (placeholders: readonly unknown[]) => { compile(): CompiledQuery }): CompiledQuery {
    assertBindable(shape, values);
    const known = this.#shapes.get(shape) ?? this.#compile(shape, values.length, build);
    if (values.length !== known.count) throw new Error(`assertion: the statement of shape ${shape} binds ${known.count} values, given ${values.length}`);
    return CompiledQuery.raw(known.sql, known.slots.map((slot, i) => (slot < 0 ? known.constants[i] : values[slot])));
  }

  #compile(shape: string, count: number, build: (placeholders: readonly unknown[]) => { compile(): CompiledQuery }): Shape {
    const compiled = build(Array.from({ length: count }, (_, i) => new Placeholder(i))).compile();
    const slots = compiled.parameters.map((p) => (p instanceof Placeholder ? p.index : -1));
    if (new Set(slots.filter((slot) => slot >= 0)).size !== count) throw new Error(`assertion: the statement of shape ${shape} does not bind every value`);
    const known = { sql: compiled.sql, count, constants: compiled.parameters.map((p) => (p instanceof Placeholder ? null : p)), slots };
    if (this.#shapes.size < SHAPED_STATEMENTS_MAX) this.#shapes.set(shape, known);
    return known;
  }
}

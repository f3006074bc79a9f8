// Small readers for request fields, shared by the pure validators. Each reader either returns the
// normalized value or adds exactly one problem to `problems` and returns null, so a validator
// collects every problem of a request in one pass and knows it failed by `problems.count`.
import type { Problems } from './errors.js';

/** Where a problem is reported: the JSON path of the field and the catalogue code of its rule. */
export interface FieldRef {
  field: string;
  code: string;
}

/** Joins a JSON path prefix and a field name ('' prefix = top level). */
export function fieldPath(prefix: string, name: string): string {
  return prefix === '' ? name : `${prefix}.${name}`;
}

/** Trimmed text, or null when the field is absent, null or blank (blank means "not sent"). */
export function textOf(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') throw new Error('assertion: textOf expects a string field');
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

export function missing(problems: Problems, label: string, at: FieldRef): null {
  problems.add(at.code, `O campo ${label} é obrigatório.`, at.field);
  return null;
}

export function invalid(problems: Problems, label: string, expected: string, at: FieldRef): null {
  problems.add(at.code, `O campo ${label} é inválido: ${expected}.`, at.field);
  return null;
}

export interface TextRule {
  label: string;
  required: boolean;
  lengthMax: number;
  /** When given, the (upper-cased when `upper`) text must match it. */
  pattern?: RegExp;
  /** What a valid value looks like, in Portuguese, for the message. */
  expected?: string;
  upper?: boolean;
}

/** A text field: trimmed (and upper-cased when asked), length-checked, pattern-checked. */
export function textField(problems: Problems, value: string | null | undefined, at: FieldRef, rule: TextRule): string | null {
  const raw = textOf(value);
  if (raw === null) return rule.required ? missing(problems, rule.label, at) : null;
  const text = rule.upper ? raw.toUpperCase() : raw;
  if (text.length > rule.lengthMax) {
    return invalid(problems, rule.label, `informe no máximo ${rule.lengthMax} caracteres`, at);
  }
  if (rule.pattern && !rule.pattern.test(text)) {
    return invalid(problems, rule.label, rule.expected ?? 'formato não aceito', at);
  }
  return text;
}

export interface CodeRule {
  label: string;
  required: boolean;
  /** The accepted codes and their meaning, listed in the message when the value is not one. */
  allowed: Readonly<Record<number, string>>;
}

/** An integer code that must be one of an enumeration. */
export function codeField(problems: Problems, value: number | null | undefined, at: FieldRef, rule: CodeRule): number | null {
  if (value === null || value === undefined) return rule.required ? missing(problems, rule.label, at) : null;
  if (Number.isInteger(value) && Object.hasOwn(rule.allowed, value)) return value;
  const list = Object.entries(rule.allowed).map(([code, name]) => `${code} (${name})`).join(', ');
  return invalid(problems, rule.label, `use um dos códigos ${list}`, at);
}

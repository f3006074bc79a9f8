// Hostile request bodies for the fuzz and sweep tests (issue 12): fast-check arbitraries that
// mutate a valid example body, and a walk of an operation's body schema that lists its text fields.
import fc from 'fast-check';
import { LosslessNumber, stringify } from 'lossless-json';

type Json = unknown;
/** A step of a path: an object key or a list index. */
type Step = string | number;

/** The mutation classes; the fuzz counts how many bodies each one produced. */
export const MUTATION_CLASSES = [
  'type-swap',
  'null',
  'unicode-edge',
  'number-edge',
  'long-string',
  'deep-nesting',
  'huge-list',
  'missing-field',
  'extra-field',
  'case-duplicate-key',
  'invalid-utf8',
] as const;
export type MutationClass = (typeof MUTATION_CLASSES)[number];

const UNICODE_EDGES = ['\u0000', 'a\u0000b', '\ud800', '\udfff', 'x\udbffy', '\ud83d\ude00', '\ufeff', '\uffff', '\u202e', '\u200b', 'e\u0301', '\u2028', '%00', '\\u0000', '', ' '];
const NUMBER_EDGES = ['0', '-0', '-1', '-2147483649', '2147483648', '9007199254740993', '1e308', '1e400', '-1e400', '1e-400', '0.1', '0.005', '123.456789012', '5000000000000000.01', '99999999999999999999999999999999999999999999', '1' + '0'.repeat(60), '1E+2', '-0.0'];

function numberAt(text: string): LosslessNumber {
  return new LosslessNumber(text);
}

const scalar: fc.Arbitrary<Json> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ maxLength: 20 }),
  fc.constant({}),
  fc.constant([]),
  fc.constantFrom(...NUMBER_EDGES).map(numberAt),
);

/** The paths of a value (root, object keys, list indexes), down to 8 levels and 8 items a list. */
export function pathsOf(value: Json, prefix: Step[] = []): Step[][] {
  const out: Step[][] = [prefix];
  if (prefix.length >= 8) return out;
  if (Array.isArray(value)) value.slice(0, 8).forEach((v, i) => out.push(...pathsOf(v, [...prefix, i])));
  else if (value !== null && typeof value === 'object' && !(value instanceof LosslessNumber)) {
    for (const [k, v] of Object.entries(value)) out.push(...pathsOf(v, [...prefix, k]));
  }
  return out;
}

function clone(value: Json): Json {
  if (Array.isArray(value)) return value.map(clone);
  if (value === null || typeof value !== 'object' || value instanceof LosslessNumber) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, clone(v)]));
}

function getAt(root: Json, path: Step[]): Json {
  return path.reduce<Json>((node, step) => (node as Record<string | number, Json>)[step], root);
}

/** Replaces (or, when `value` is undefined, removes) the node at `path`; the root is replaced by returning. */
function setAt(root: Json, path: Step[], value: Json | undefined): Json {
  if (path.length === 0) return value === undefined ? {} : value;
  const parent = getAt(root, path.slice(0, -1)) as Record<string | number, Json>;
  const last = path[path.length - 1] as Step;
  if (value !== undefined) parent[last] = value;
  else if (Array.isArray(parent)) parent.splice(Number(last), 1);
  else delete parent[last];
  return root;
}

function nest(value: Json, depth: number, asList: boolean): Json {
  let out = value;
  for (let i = 0; i < depth; i += 1) out = asList ? [out] : { a: out };
  return out;
}

function caseVariant(key: string): string {
  const upper = key.charAt(0).toUpperCase() + key.slice(1);
  return upper !== key ? upper : key.toLowerCase() !== key ? key.toLowerCase() : key.toUpperCase();
}

interface Mutation {
  kind: MutationClass;
  apply(body: Json, path: Step[]): Json;
}

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  scalar.map((v): Mutation => ({ kind: 'type-swap', apply: (b, p) => setAt(b, p, clone(v)) })),
  fc.constant<Mutation>({ kind: 'null', apply: (b, p) => setAt(b, p, null) }),
  { arbitrary: fc.tuple(fc.constantFrom(...UNICODE_EDGES), fc.string({ maxLength: 5 })).map(([edge, rest]): Mutation => ({ kind: 'unicode-edge', apply: (b, p) => setAt(b, p, rest + edge + rest) })), weight: 3 },
  fc.constantFrom(...NUMBER_EDGES).map((text): Mutation => ({ kind: 'number-edge', apply: (b, p) => setAt(b, p, numberAt(text)) })),
  fc.oneof({ arbitrary: fc.integer({ min: 256, max: 5_000 }), weight: 9 }, { arbitrary: fc.constant(300_000), weight: 1 }).map((n): Mutation => ({ kind: 'long-string', apply: (b, p) => setAt(b, p, 'ç'.repeat(n)) })),
  fc.tuple(fc.integer({ min: 20, max: 300 }), fc.boolean()).map(([depth, asList]): Mutation => ({ kind: 'deep-nesting', apply: (b, p) => setAt(b, p, nest(getAt(b, p), depth, asList)) })),
  fc.tuple(fc.oneof({ arbitrary: fc.integer({ min: 400, max: 3_000 }), weight: 9 }, { arbitrary: fc.constant(50_000), weight: 1 }), scalar).map(([n, item]): Mutation => ({ kind: 'huge-list', apply: (b, p) => setAt(b, p, Array.from({ length: n }, () => clone(item))) })),
  fc.constant<Mutation>({ kind: 'missing-field', apply: (b, p) => setAt(b, p, undefined) }),
  fc.tuple(fc.constantFrom('extra', '__proto__', 'constructor', 'toString', 'hasOwnProperty', ''), scalar).map(([name, v]): Mutation => ({
    kind: 'extra-field',
    apply: (b, p) => {
      const target = getAt(b, p);
      if (target === null || typeof target !== 'object' || Array.isArray(target) || target instanceof LosslessNumber) return b;
      Object.defineProperty(target, name, { value: clone(v), enumerable: true, writable: true, configurable: true });
      return b;
    },
  })),
  fc.constant<Mutation>({
    kind: 'case-duplicate-key',
    apply: (b, p) => {
      const target = getAt(b, p);
      if (target === null || typeof target !== 'object' || Array.isArray(target) || target instanceof LosslessNumber) return b;
      const key = Object.keys(target)[0];
      if (key !== undefined) (target as Record<string, Json>)[caseVariant(key)] = clone((target as Record<string, Json>)[key]);
      return b;
    },
  }),
);

/** Leaves (texts, numbers, booleans) three times over, then every path: mutations hit fields more than blocks. */
function leavesFirst(paths: Step[][], body: Json): Step[][] {
  const leaves = paths.filter((p) => {
    const node = getAt(body, p);
    return node === null || typeof node !== 'object' || node instanceof LosslessNumber;
  });
  return [...leaves, ...leaves, ...leaves, ...paths];
}

const INVALID_UTF8: readonly number[][] = [[0xff], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0xf8, 0x88, 0x80, 0x80, 0x80], [0x80]];

export interface HostileBody {
  bytes: Buffer;
  classes: MutationClass[];
  /** Short printable form for a failure report. */
  preview: string;
}

/** 1–3 mutations of `example` at random paths, sometimes with invalid UTF-8 bytes spliced in. */
export function hostileBody(example: Json): fc.Arbitrary<HostileBody> {
  const paths = pathsOf(example);
  const step = fc.tuple(fc.nat({ max: 4 * paths.length }), mutation);
  const count = fc.oneof({ arbitrary: fc.constant(1), weight: 6 }, { arbitrary: fc.constant(2), weight: 3 }, { arbitrary: fc.constant(3), weight: 1 });
  const corrupt = fc.oneof({ arbitrary: fc.constant(null), weight: 9 }, { arbitrary: fc.tuple(fc.constantFrom(...INVALID_UTF8), fc.nat()), weight: 1 });
  const steps = count.chain((n) => fc.array(step, { minLength: n, maxLength: n }));
  return fc.tuple(steps, corrupt).map(([chosen, bad]) => {
    let body = clone(example);
    const classes: MutationClass[] = [];
    for (const [index, m] of chosen) {
      const current = leavesFirst(pathsOf(body), body);
      const path = current[index % current.length] as Step[];
      body = m.apply(body, path);
      classes.push(m.kind);
    }
    let bytes = Buffer.from(stringify(body) ?? 'null', 'utf8');
    if (bad) {
      const [seq, at] = bad;
      const cut = at % (bytes.length + 1);
      bytes = Buffer.concat([bytes.subarray(0, cut), Buffer.from(seq), bytes.subarray(cut)]);
      classes.push('invalid-utf8');
    }
    const text = bytes.toString('utf8'); // invalid bytes show as U+FFFD
    return { bytes, classes, preview: text.length > 2_000 ? `${text.slice(0, 2_000)}… (${bytes.length} bytes)` : text };
  });
}

type Schema = Record<string, unknown>;

function typesOf(schema: Schema): string[] {
  const t = schema.type;
  return Array.isArray(t) ? (t as string[]) : typeof t === 'string' ? [t] : [];
}

/** The paths of every text field of a body schema (list items at index 0). */
export function textFieldPaths(schema: Schema, prefix: Step[] = []): Step[][] {
  const types = typesOf(schema);
  if (types.includes('string')) return [prefix];
  if (types.includes('array') && schema.items) return textFieldPaths(schema.items as Schema, [...prefix, 0]);
  if (!types.includes('object')) return [];
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  return Object.entries(properties).flatMap(([name, child]) => textFieldPaths(child, [...prefix, name]));
}

/** `example` with `value` at `path`, creating the objects and lists on the way. */
export function withValueAt(example: Json, path: Step[], value: Json): Json {
  const root = clone(example) as Record<string | number, Json>;
  let node: Record<string | number, Json> = root;
  path.forEach((step, i) => {
    if (i === path.length - 1) {
      node[step] = value;
      return;
    }
    const next = path[i + 1];
    const existing = node[step];
    if (existing === null || existing === undefined || typeof existing !== 'object') node[step] = typeof next === 'number' ? [{}] : {};
    else if (Array.isArray(existing) && existing.length === 0) existing.push(typeof path[i + 2] === 'undefined' ? null : {});
    node = node[step] as Record<string | number, Json>;
  });
  return root;
}

/** `a.b[0].c`, as the envelope's `field` names it. */
export function fieldName(path: Step[]): string {
  return path.reduce<string>((acc, step) => (typeof step === 'number' ? `${acc}[${step}]` : acc === '' ? step : `${acc}.${step}`), '');
}

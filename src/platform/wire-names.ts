// One typed table `{ englishKey: 'wireKey' }` gives what a face needs (issue 13): the wire body →
// the English input (`fromWire`), each English field → its wire path under a prefix (`wirePaths`),
// so a refusal names the field as the client sent it, and an English record → its wire view
// (`toWire`). Knows no lending.

/** English field name → the wire's field name. */
export type WireNames = Readonly<Record<string, string>>;

/** The English record read from a wire body: each field as sent, absent → null. */
export type FromWire<N extends WireNames, W> = { -readonly [K in keyof N]: Exclude<W[N[K] & keyof W], undefined> | null };

/** Each English field of `names` read from `wire` (null when absent or null). */
export function fromWire<const N extends WireNames, W extends { readonly [K in N[keyof N]]?: unknown }>(names: N, wire: W): FromWire<N, W> {
  const bag = wire as Readonly<Record<string, unknown>>;
  return Object.fromEntries(Object.entries(names).map(([english, wireKey]) => [english, bag[wireKey] ?? null])) as FromWire<N, W>;
}

/** The wire path of each English field of `names` under `prefix` ('' = the body's top level). */
export function wirePaths<const N extends WireNames>(names: N, prefix: string): { -readonly [K in keyof N]: string } {
  const under = (wireKey: string) => (prefix === '' ? wireKey : `${prefix}.${wireKey}`);
  return Object.fromEntries(Object.entries(names).map(([english, wireKey]) => [english, under(wireKey)])) as { -readonly [K in keyof N]: string };
}

/** The wire view of an English record: each field of `names` under its wire name, in the table's order. */
export function toWire<const N extends WireNames, R extends { readonly [K in keyof N]: unknown }>(names: N, record: R): { -readonly [K in keyof N as N[K]]: R[K] } {
  const bag = record as Readonly<Record<string, unknown>>;
  return Object.fromEntries(Object.entries(names).map(([english, wireKey]) => [wireKey, bag[english]])) as { -readonly [K in keyof N as N[K]]: R[K] };
}

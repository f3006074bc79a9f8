// One typed table `{ englishKey: 'wireKey' }` gives what a face needs (issue 13): the wire body →
// the English input (`fromWire`), each English field → its wire path under a prefix (`wirePaths`),
// so a refusal names the field as the client sent it, and between an English record and the same
// record under the table's names (`toNames`, `fromNames`: the wire view, or a row's columns).
// Knows no lending.

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

/** An English record under the table's names (the wire view, or a row's columns), in the table's order. */
export function toNames<const N extends WireNames, R extends { readonly [K in keyof N]: unknown }>(names: N, record: R): { -readonly [K in keyof N as N[K]]: R[K] } {
  const bag = record as Readonly<Record<string, unknown>>;
  return Object.fromEntries(Object.entries(names).map(([english, name]) => [name, bag[english]])) as { -readonly [K in keyof N as N[K]]: R[K] };
}

/** The English record of one under the table's names (a row read back): each field as it is. */
export function fromNames<const N extends WireNames, S extends { readonly [K in N[keyof N]]: unknown }>(names: N, source: S): { -readonly [K in keyof N]: S[N[K]] } {
  const bag = source as Readonly<Record<string, unknown>>;
  return Object.fromEntries(Object.entries(names).map(([english, name]) => [english, bag[name]])) as { -readonly [K in keyof N]: S[N[K]] };
}

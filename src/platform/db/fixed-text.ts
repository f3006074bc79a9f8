// Pieces of fixed statement texts (issue 14): SQL built once per process and run through
// CompiledQuery.raw, so kysely does not rebuild and recompile it on every call.

/**
 * `unnest($first::type[], $first+1::type[], …)`: one array parameter per column, so one text
 * inserts or updates any number of rows.
 */
export function unnestArrays(columns: ReadonlyArray<readonly [string, string]>, first: number): string {
  return `unnest(${columns.map(([, type], i) => `$${first + i}::${type}[]`).join(', ')})`;
}

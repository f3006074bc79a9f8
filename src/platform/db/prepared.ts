// Named prepared statements for every parameterised statement (issue 14). Kysely sends each
// statement as `client.query(text, values)`: unnamed, so PostgreSQL parses and plans it again on
// every call. Here each distinct text gets a name once per process, and node-postgres prepares it
// once per connection and afterwards only binds and executes it.
// - Only statements with parameters are named: they already use the extended protocol (one
//   statement each), so naming changes nothing else; `begin`, `commit`, DDL and multi-statement
//   scripts go through untouched.
// - Texts are bounded (LIMITS.DB_PREPARED_STATEMENTS_MAX per process): past it, new texts run
//   unnamed, so a stream of distinct texts (lists of varying length) cannot grow the server's
//   memory without end.
// - A prepared `select *` whose table gained a column (a migration applied by another instance)
//   fails once with "cached plan must not change result type"; that connection then uses a fresh
//   name for the text, so the next call prepares it again instead of failing for ever.
import pg from 'pg';
import { LIMITS } from '../config/limits.js';

const PLAN_CHANGED = 'cached plan must not change result type';

const names = new Map<string, string>();
let statementsSent = 0;

/** Statements sent to PostgreSQL by this process's pools (begin/commit included). */
export function statementCount(): number {
  return statementsSent;
}

/** Distinct statement texts named so far in this process. */
export function preparedTextCount(): number {
  return names.size;
}

function nameOf(text: string, limit: number): string | undefined {
  const known = names.get(text);
  if (known !== undefined || names.size >= limit) return known;
  const name = `caas_${names.size.toString(36)}`;
  names.set(text, name);
  return name;
}

/**
 * Sees every statement text and its values as it is sent (the EXPLAIN test of the indexes).
 * `pipelined`: sent while an earlier statement of the same connection was still unanswered, so it
 * cost no round trip of its own (pipelined-driver.ts).
 */
export type StatementListener = (text: string, values: readonly unknown[], pipelined: boolean) => void;
const listeners = new Set<StatementListener>();

/** Calls `listener` for each statement sent from now on, until the returned function is called. */
export function observeStatements(listener: StatementListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The statements sent and the round trips they took (statements not sent behind an unanswered one), until `stop`. */
export function countStatements(): { statements: string[]; roundTrips: () => number; stop: () => void } {
  const statements: string[] = [];
  let roundTrips = 0;
  const stop = observeStatements((text, _values, pipelined) => {
    statements.push(text);
    if (!pipelined) roundTrips += 1;
  });
  return { statements, roundTrips: () => roundTrips, stop: () => void stop() };
}

type QueryCallback = (error: Error | null, result: pg.QueryResult) => void;

/**
 * A named query built from its text, as node-postgres builds one from a plain text: given a
 * `{ text, values, name }` object instead, it copies the object through its property descriptors
 * (cloneQueryConfig), ~4 µs per statement (issue 14). The name is set once the query is built.
 */
class NamedQuery extends pg.Query {
  constructor(text: string, values: unknown[], name: string, callback: (error: Error | null | undefined, result: pg.QueryResult) => void) {
    super(text, values, callback);
    (this as unknown as { name: string }).name = name;
  }
}
type Query = (config: unknown, values?: unknown, callback?: QueryCallback) => unknown;

/** Makes `client` send parameterised statements as named prepared statements (see the header). */
export function prepareStatementsOf(client: pg.PoolClient | pg.Client, limit: number = LIMITS.DB_PREPARED_STATEMENTS_MAX): void {
  const original = client.query.bind(client) as Query;
  const renamed = new Map<string, string>();
  let unanswered = 0;
  const answered = () => void (unanswered -= 1);
  const sent: Query = (config, values, callback) => {
    statementsSent += 1;
    // Answers are counted only while someone observes (tests): no bookkeeping per statement otherwise.
    if (listeners.size === 0 || typeof config !== 'string') return named(config, values, callback);
    for (const listener of listeners) listener(config, Array.isArray(values) ? values : [], unanswered > 0);
    if (typeof callback === 'function' || typeof values === 'function') return named(config, values, callback);
    unanswered += 1;
    const answer = named(config, values, callback) as Promise<pg.QueryResult>;
    answer.then(answered, answered);
    return answer;
  };
  const named: Query = (config, values, callback) => {
    if (typeof config !== 'string' || !Array.isArray(values) || values.length === 0) return original(config, values, callback);
    const base = nameOf(config, limit);
    if (base === undefined) return original(config, values, callback);
    const name = renamed.get(base) ?? base;
    const forget = (error: unknown) => {
      if (error instanceof Error && error.message === PLAN_CHANGED) renamed.set(base, `${name}_`);
    };
    if (typeof callback === 'function') {
      return original(
        new NamedQuery(config, values, name, (error, result) => {
          forget(error);
          callback(error ?? null, result);
        }),
      );
    }
    return new Promise<pg.QueryResult>((resolve, reject) => {
      original(
        new NamedQuery(config, values, name, (error, result) => {
          if (!error) return resolve(result);
          forget(error);
          // As node-postgres does: a stack that leads back to the caller, not to the socket's read.
          Error.captureStackTrace(error);
          reject(error);
        }),
      );
    });
  };
  (client as unknown as { query: Query }).query = sent;
}

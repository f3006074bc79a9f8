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
// - node-postgres asks for the row description (Describe) on every execution and builds the
//   result's field parsers from it each time (~4 % of a boleto's server CPU). A named statement's
//   description cannot change while it stays prepared on its connection (a changed result type
//   fails with PLAN_CHANGED above instead), so each connection keeps the description its first
//   execution read, and the next executions skip Describe and reuse it (issue 14; this leans on
//   node-postgres's Query and Result internals: prepared.test.ts fails loudly if they change).
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

/** What node-postgres's Result builds from a row description (Result.addFields), kept per statement. */
interface Description {
  fields: unknown[];
  parsers: unknown[] | undefined;
  emptyRow: Record<string, null> | null;
}

/** node-postgres's connection, as far as the description cache uses it. */
interface Connection {
  parsedStatements: Record<string, string | undefined>;
  describe(message: unknown): void;
}

/** node-postgres's Result internals the cache reads and sets. */
interface ResultInternals {
  fields: unknown[];
  _parsers: unknown[] | undefined;
  _prebuiltEmptyResultObject: Record<string, null> | null;
}

/** Per connection: the descriptions its named statements answered, and whether the next Describe is skipped. */
interface ConnectionState {
  descriptions: Map<string, Description>;
  skipDescribe: boolean;
}
const states = new WeakMap<Connection, ConnectionState>();

function stateOf(connection: Connection): ConnectionState {
  let state = states.get(connection);
  if (state === undefined) {
    state = { descriptions: new Map(), skipDescribe: false };
    const describe = connection.describe.bind(connection);
    connection.describe = (message) => {
      if (state!.skipDescribe) state!.skipDescribe = false;
      else describe(message);
    };
    states.set(connection, state);
  }
  return state;
}

/**
 * A named query built from its text, as node-postgres builds one from a plain text: given a
 * `{ text, values, name }` object instead, it copies the object through its property descriptors
 * (cloneQueryConfig), ~4 µs per statement (issue 14). The name is set once the query is built.
 * Executed again on a connection that knows its description, it sends no Describe (see the header).
 */
class NamedQuery extends pg.Query {
  /** Where this execution's description is kept once read (null: it reuses a kept one). */
  #keepIn: ConnectionState | null = null;
  #described = false;

  constructor(text: string, values: unknown[], name: string, callback: (error: Error | null | undefined, result: pg.QueryResult) => void) {
    super(text, values, callback);
    (this as unknown as { name: string }).name = name;
  }

  prepare(connection: Connection): void {
    const name = (this as unknown as { name: string }).name;
    const state = stateOf(connection);
    const known = connection.parsedStatements[name] === undefined ? undefined : state.descriptions.get(name);
    const prepare = (pg.Query.prototype as unknown as { prepare: (c: Connection) => void }).prepare;
    if (known === undefined) {
      state.descriptions.delete(name);
      this.#keepIn = state;
      prepare.call(this, connection);
      return;
    }
    const result = (this as unknown as { _result: ResultInternals })._result;
    result.fields = known.fields;
    result._parsers = known.parsers;
    result._prebuiltEmptyResultObject = known.emptyRow;
    (this as unknown as { _accumulateRows: boolean })._accumulateRows = true;
    state.skipDescribe = true;
    try {
      prepare.call(this, connection);
    } finally {
      state.skipDescribe = false;
    }
  }

  handleRowDescription(message: unknown): void {
    (pg.Query.prototype as unknown as { handleRowDescription: (m: unknown) => void }).handleRowDescription.call(this, message);
    this.#described = true;
    this.#keep();
  }

  handleCommandComplete(message: unknown, connection: unknown): void {
    (pg.Query.prototype as unknown as { handleCommandComplete: (m: unknown, c: unknown) => void }).handleCommandComplete.call(this, message, connection);
    // No row description before the command's end: a statement without rows (Describe answered NoData).
    if (!this.#described) this.#keep();
  }

  #keep(): void {
    if (this.#keepIn === null) return;
    const result = (this as unknown as { _result: ResultInternals })._result;
    this.#keepIn.descriptions.set((this as unknown as { name: string }).name, { fields: result.fields, parsers: result._parsers, emptyRow: result._prebuiltEmptyResultObject });
    this.#keepIn = null;
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

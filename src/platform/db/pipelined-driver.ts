// Kysely's PostgreSQL driver, with fewer round trips per transaction (issue 14). The pool's
// clients run in node-postgres's pipeline mode: a statement is written at once, without waiting
// for the answer of the one before; answers come back in order, each statement with its own Sync.
// - `begin` is sent and not waited for: it travels with the transaction's first statement, whose
//   caller then sees the begin's error first, if any (BEGIN fails only when the connection does,
//   and then the statements behind it fail too).
// - A statement marked with `withCommit` (the command runner's closing statement: idempotency
//   record, audit row, outbox) is sent when the transaction reaches it, and its answer is read
//   with the commit's: the two travel together. If it fails, PostgreSQL aborts the transaction
//   and answers the pipelined COMMIT with a ROLLBACK tag; the commit then throws that statement's
//   error. A COMMIT answered with any tag but COMMIT is a failure, whatever caused it.
// - A `withCommit` statement's answer may also be read before the commit, by `answerOf`: the
//   command runner sends its claim so, and the command's first statements travel behind it.
// - The other statements are sent and awaited one by one as before (kysely's transaction runs
//   them in turn), and pipeline mode changes nothing for them.
// - A statement sent without being waited for (`begin`, a `withCommit` statement) is held in the
//   socket (corked) and leaves in ONE write with the statements sent after it, up to the next
//   statement that is waited for, the commit or the rollback, or the event loop's next turn
//   (setImmediate), whichever comes first: one socket write (and one wake-up of the backend)
//   instead of one per statement (issue 14).
// - A statement outside a transaction (a read on the pool) runs with the client out of pipeline
//   mode: node-postgres's pipelined path cost ~10-20 µs of CPU more per single statement (issue 14,
//   measured in-process). The client is idle whenever it is acquired, so the mode can change then.
import { CompiledQuery, PostgresDialect, type DatabaseConnection, type Driver, type QueryResult, type TransactionSettings } from 'kysely';
import type pg from 'pg';

const marked = new WeakSet<CompiledQuery>();
const answers = new WeakMap<CompiledQuery, Promise<QueryResult<unknown>>>();

/**
 * Marks `query` to be answered with the commit of its transaction (one round trip for both): run
 * through the transaction, it is sent at once and its execution answers an empty result at once,
 * so the transaction's next statements go out behind it; its real answer is read by the commit,
 * which throws its error (and by `answerOf`, for a caller that needs it sooner). A check it makes
 * must RAISE inside the statement. Outside a transaction it runs as any other statement.
 */
export function withCommit(query: CompiledQuery): CompiledQuery {
  marked.add(query);
  return query;
}

/**
 * The real answer of a `withCommit` statement that was sent ahead (the result its execution gave
 * otherwise): waits for it, throws its error.
 */
export async function answerOf<R>(query: CompiledQuery, executed: QueryResult<R>): Promise<QueryResult<R>> {
  const later = answers.get(query) as Promise<QueryResult<R>> | undefined;
  return later === undefined ? executed : later;
}

/** A COMMIT that PostgreSQL answered ROLLBACK (the transaction had failed): nothing was written. */
export class CommitRolledBack extends Error {
  constructor() {
    super('the transaction was rolled back at commit');
  }
}

/** A rejection handled elsewhere (the promise is awaited later, or its outcome does not matter). */
export const ignore = (): undefined => undefined;

function resultOf<R>(result: pg.QueryResult): QueryResult<R> {
  const { command, rowCount, rows } = result;
  const affected = command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE';
  return { numAffectedRows: affected ? BigInt(rowCount ?? 0) : undefined, rows: (rows ?? []) as R[] };
}

class PipelinedConnection implements DatabaseConnection {
  /** A `begin` sent and not yet waited for. */
  opening: Promise<pg.QueryResult> | null = null;
  /** Statements marked `withCommit`, sent ahead and read (again) by the commit. */
  closing: Array<Promise<pg.QueryResult>> = [];
  inTransaction = false;
  /** The COMMIT was answered (whatever its tag): the transaction is over, no rollback to send. */
  ended = false;

  /** The socket is corked by `hold` and not yet uncorked. */
  #held = false;
  readonly #stream: { cork(): void; uncork(): void };

  constructor(readonly client: pg.PoolClient) {
    this.#stream = (client as unknown as { connection: { stream: { cork(): void; uncork(): void } } }).connection.stream;
  }

  /** Keeps what is sent from now on in the socket until `flush` (at the latest on the event loop's next turn). */
  hold(): void {
    if (this.#held) return;
    this.#held = true;
    this.#stream.cork();
    setImmediate(this.flush);
  }

  /** Writes what `hold` kept, in one write. */
  readonly flush = (): void => {
    if (!this.#held) return;
    this.#held = false;
    this.#stream.uncork();
  };

  /** Pipeline mode on (a transaction) or off (single statements); only while the client is idle. */
  pipelined(on: boolean): void {
    (this.client as unknown as { pipeline: boolean }).pipeline = on;
  }

  /** Sends a statement now; its rejection is handled here, so a caller may read it later. */
  send(sql: string, parameters: readonly unknown[]): Promise<pg.QueryResult> {
    const sent = this.client.query(sql, [...parameters]);
    sent.catch(ignore);
    return sent;
  }

  /** Waits for a pending `begin` (its error first). */
  async opened(): Promise<void> {
    const opening = this.opening;
    this.opening = null;
    if (opening !== null) await opening;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const ahead = this.inTransaction && marked.has(query);
    if (ahead) this.hold();
    const sent = this.send(query.sql, query.parameters);
    if (!ahead) this.flush();
    if (ahead) {
      this.closing.push(sent);
      const answer = sent.then((result) => resultOf<unknown>(result));
      answer.catch(ignore);
      answers.set(query, answer);
      return { rows: [] };
    }
    if (this.opening !== null) await this.opened();
    return resultOf<R>(await sent);
  }

  streamQuery(): AsyncIterableIterator<QueryResult<never>> {
    throw new Error('assertion: streaming is not supported by the pipelined driver');
  }

  /** Sends COMMIT behind the marked statements and reads them all: the first error, or a non-COMMIT tag, throws. */
  async commit(): Promise<void> {
    const commit = this.send('commit', []);
    this.flush();
    const closing = this.closing;
    this.closing = [];
    try {
      await this.opened();
      for (const statement of closing) await statement;
      const answer = await commit;
      if (answer.command !== 'COMMIT') throw new CommitRolledBack();
    } finally {
      this.ended = await commit.then(
        () => true,
        () => false,
      );
    }
  }

  async rollback(): Promise<void> {
    const wasEnded = this.ended;
    const rollback = wasEnded ? null : this.send('rollback', []);
    this.flush();
    const pending = [this.opening, ...this.closing];
    this.opening = null;
    this.closing = [];
    await Promise.allSettled(pending);
    if (rollback !== null) await rollback;
  }

  reset(): void {
    this.flush();
    this.opening = null;
    this.closing = [];
    this.inTransaction = false;
    this.ended = false;
  }
}

/** node-postgres's queues (client.js: _activeQuery, _queryQueue, _sentQueryQueue): anything not yet answered. */
function inFlight(client: pg.PoolClient): boolean {
  const queues = client as unknown as { _activeQuery: unknown; _queryQueue: unknown[]; _sentQueryQueue?: unknown[] };
  return queues._activeQuery != null || queues._queryQueue.length > 0 || (queues._sentQueryQueue?.length ?? 0) > 0;
}

function transactionStart(settings: TransactionSettings): string {
  if (settings.isolationLevel === undefined && settings.accessMode === undefined) return 'begin';
  return ['start transaction', settings.isolationLevel === undefined ? '' : ` isolation level ${settings.isolationLevel}`, settings.accessMode === undefined ? '' : ` ${settings.accessMode}`].join('');
}

class PipelinedDriver implements Driver {
  readonly #connections = new WeakMap<pg.PoolClient, PipelinedConnection>();

  constructor(private readonly pool: pg.Pool) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const client = await this.pool.connect();
    let connection = this.#connections.get(client);
    if (connection === undefined) {
      connection = new PipelinedConnection(client);
      this.#connections.set(client, connection);
      // pg-pool listens for a client's errors only while it is idle in the pool: a connection lost
      // while checked out (a backend killed, a restart) would emit an unhandled 'error' and end the
      // process. Its statements reject on their own; the pool drops the broken client on release.
      client.on('error', ignore);
    }
    connection.reset();
    connection.pipelined(false);
    return connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const pipelined = connection as PipelinedConnection;
    pipelined.reset();
    pipelined.pipelined(true);
    pipelined.inTransaction = true;
    pipelined.hold();
    pipelined.opening = pipelined.send(transactionStart(settings), []);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PipelinedConnection).commit();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PipelinedConnection).rollback();
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const pipelined = connection as PipelinedConnection;
    pipelined.reset();
    // A client released with statements still in flight (a caller that did not await them) would
    // hand their answers to the next owner once acquire switches its pipeline mode: dropped instead.
    if (inFlight(pipelined.client)) pipelined.client.release(new Error('assertion: a connection released with statements in flight'));
    else pipelined.client.release();
  }

  async destroy(): Promise<void> {
    await this.pool.end();
  }
}

/** Kysely's PostgreSQL dialect over `pool` (created with `pipeline: true`), with the driver above. */
export class PipelinedPostgresDialect extends PostgresDialect {
  constructor(private readonly pipelinedPool: pg.Pool) {
    super({ pool: pipelinedPool });
  }

  override createDriver(): Driver {
    return new PipelinedDriver(this.pipelinedPool);
  }
}

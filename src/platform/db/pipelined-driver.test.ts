// The pipelined driver (issue 14) against real PostgreSQL: `begin` travels with the first
// statement, a `withCommit` statement with the commit, and a failure anywhere in a pipeline
// reaches the caller as the first error, with nothing written and the connection left clean.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { CompiledQuery, Kysely, sql } from 'kysely';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '../../../test/support/db.js';
import net from 'node:net';
import { answerOf, CommitRolledBack, PipelinedPostgresDialect, withCommit } from './pipelined-driver.js';
import { countStatements } from './prepared.js';

let database: TestDatabase;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => void unhandled.push(reason);
before(async () => {
  database = await createTestDatabase();
  await sql`create table pipe_rows (id integer primary key, note text not null)`.execute(database.db);
  process.on('unhandledRejection', onUnhandled);
});
after(async () => {
  process.off('unhandledRejection', onUnhandled);
  await database.drop();
});

const insert = (id: number, note: string) => CompiledQuery.raw('insert into pipe_rows (id, note) values ($1, $2)', [id, note]);

async function ids(): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`select id from pipe_rows order by id`.execute(database.db);
  return rows.map((r) => r.id);
}

/** Runs `work` and counts the statements sent and the round trips they took. */
async function counted<T>(work: () => Promise<T>): Promise<{ statements: string[]; roundTrips: number; outcome: PromiseSettledResult<T> }> {
  const counted = countStatements();
  try {
    const [outcome] = await Promise.allSettled([work()]);
    return { statements: counted.statements, roundTrips: counted.roundTrips(), outcome: outcome as PromiseSettledResult<T> };
  } finally {
    counted.stop();
  }
}

/** Every pooled connection answers, and none is left inside a transaction. */
async function poolIsClean(): Promise<void> {
  const answers = await Promise.all(Array.from({ length: 20 }, () => sql<{ n: number }>`select 1 as n`.execute(database.db)));
  assert.ok(answers.every((a) => a.rows[0]?.n === 1));
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`.execute(database.db);
  assert.equal(rows[0]?.n, 0);
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(unhandled, []);
}

test('begin travels with the first statement, the closing statement with commit: four statements, two round trips', async () => {
  const run = await counted(() =>
    database.db.transaction().execute(async (tx) => {
      await tx.executeQuery(insert(1, 'first'));
      await tx.executeQuery(withCommit(insert(2, 'closing')));
      return 'done';
    }),
  );
  assert.deepEqual(run.outcome, { status: 'fulfilled', value: 'done' });
  assert.equal(run.statements.length, 4, run.statements.join('\n'));
  assert.equal(run.roundTrips, 2, run.statements.join('\n'));
  assert.deepEqual(await ids(), [1, 2]);
  await poolIsClean();
});

/** Runs `work` and counts the socket writes (write or writev calls) this process makes meanwhile. */
async function socketWrites<T>(work: () => Promise<T>): Promise<{ writes: number; value: T }> {
  const proto = net.Socket.prototype as unknown as Record<'_write' | '_writev', (...args: unknown[]) => unknown>;
  const originals = { _write: proto._write, _writev: proto._writev };
  let writes = 0;
  for (const method of ['_write', '_writev'] as const) {
    proto[method] = function (this: unknown, ...args: unknown[]) {
      writes += 1;
      return originals[method].apply(this, args);
    };
  }
  try {
    const value = await work();
    return { writes, value };
  } finally {
    Object.assign(proto, originals);
  }
}

test('statements sent without waiting leave in one socket write with the next: begin, claim and first statement; closing and commit', async () => {
  await poolIsClean();
  const run = await socketWrites(() =>
    database.db.transaction().execute(async (tx) => {
      await tx.executeQuery(withCommit(insert(30, 'claim-like')));
      await tx.executeQuery(insert(31, 'effect'));
      await tx.executeQuery(insert(32, 'effect'));
      await tx.executeQuery(withCommit(insert(33, 'closing')));
      return 'done';
    }),
  );
  assert.equal(run.value, 'done');
  // [begin, claim, 31], [32], [closing, commit]: three writes for six statements.
  assert.equal(run.writes, 3);
  assert.deepEqual((await ids()).filter((id) => id >= 30), [30, 31, 32, 33]);
  await sql`delete from pipe_rows where id >= 30`.execute(database.db);
  await poolIsClean();
});

// A timeout: were the next-turn flush lost, the awaited claim would wait for ever instead of failing.
test('a held statement leaves by itself when nothing follows it: its answer awaited, or work between', { timeout: 10_000 }, async () => {
  const claimed = await database.db.transaction().execute(async (tx) => {
    const claim = withCommit(CompiledQuery.raw('select $1::int as n', [7]));
    const { rows } = await answerOf(claim, await tx.executeQuery<{ n: number }>(claim));
    await new Promise((resolve) => setTimeout(resolve, 20));
    await tx.executeQuery(insert(40, 'after a pause'));
    return rows[0]?.n;
  });
  assert.equal(claimed, 7);
  const empty = await database.db.transaction().execute(async () => 'nothing sent but begin');
  assert.equal(empty, 'nothing sent but begin');
  assert.deepEqual((await ids()).filter((id) => id >= 40), [40]);
  await sql`delete from pipe_rows where id >= 40`.execute(database.db);
  await poolIsClean();
});

test('work that throws right behind a held statement rolls back: nothing written, the connection answers again', { timeout: 10_000 }, async () => {
  const run = await counted(() =>
    database.db.transaction().execute(async (tx) => {
      await tx.executeQuery(insert(50, 'effect'));
      await tx.executeQuery(withCommit(insert(51, 'held')));
      throw new Error('the use case failed');
    }),
  );
  assert.equal(run.outcome.status, 'rejected');
  assert.match(String((run.outcome as PromiseRejectedResult).reason), /the use case failed/);
  assert.deepEqual(run.statements.slice(-1), ['rollback']);
  assert.deepEqual((await ids()).filter((id) => id >= 50), []);
  await poolIsClean();
});

test('a constraint violation in the statement sent with commit: the commit throws it, nothing is written', async () => {
  const run = await counted(() =>
    database.db.transaction().execute(async (tx) => {
      await tx.executeQuery(insert(10, 'effect'));
      await tx.executeQuery(withCommit(insert(1, 'duplicate key')));
      return 'done';
    }),
  );
  assert.equal(run.outcome.status, 'rejected');
  assert.equal(((run.outcome as PromiseRejectedResult).reason as { code?: string }).code, '23505');
  // No rollback of its own: the pipelined COMMIT was answered ROLLBACK.
  assert.deepEqual(run.statements.slice(-1), ['commit']);
  assert.deepEqual(await ids(), [1, 2]);
  await poolIsClean();
});

test('an error in the first statement, sent behind begin, is the error seen; the transaction rolls back', async () => {
  const run = await counted(() =>
    database.db.transaction().execute(async (tx) => {
      await tx.executeQuery(insert(2, 'duplicate key'));
      await tx.executeQuery(insert(11, 'never sent'));
    }),
  );
  assert.equal(((run.outcome as PromiseRejectedResult).reason as { code?: string }).code, '23505');
  assert.deepEqual(run.statements, ['begin', 'insert into pipe_rows (id, note) values ($1, $2)', 'rollback']);
  assert.deepEqual(await ids(), [1, 2]);
  await poolIsClean();
});

test('a COMMIT answered ROLLBACK is a failure, even when the statement that failed was caught', async () => {
  const run = await counted(() =>
    database.db.transaction().execute(async (tx) => {
      await tx.executeQuery(insert(12, 'effect'));
      await tx.executeQuery(insert(1, 'duplicate key')).catch(() => undefined);
      return 'done';
    }),
  );
  assert.ok((run.outcome as PromiseRejectedResult).reason instanceof CommitRolledBack);
  assert.deepEqual(await ids(), [1, 2]);
  await poolIsClean();
});

test('a withCommit statement outside a transaction runs as any other, and its error is thrown at once', async () => {
  await database.db.executeQuery(withCommit(insert(20, 'alone')));
  await assert.rejects(database.db.executeQuery(withCommit(insert(20, 'again'))), (error: { code?: string }) => error.code === '23505');
  assert.deepEqual(await ids(), [1, 2, 20]);
  await poolIsClean();
});

test('a connection released with a statement still in flight is dropped, not handed to the next owner', { timeout: 10_000 }, async () => {
  let pending: Promise<unknown> | null = null;
  await database.db.connection().execute(async (connection) => {
    pending = connection.executeQuery(CompiledQuery.raw('select pg_sleep(0.3) as slept', []));
    pending.catch(() => undefined);
  });
  // Dropped: its statement fails with the connection instead of answering someone else's turn.
  await assert.rejects(pending!);
  await poolIsClean();
});

test('reads on the pool answer as before, many at once', async () => {
  const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => sql<{ n: number }>`select ${i}::int as n`.execute(database.db)));
  assert.deepEqual(answers.map((a) => a.rows[0]?.n), Array.from({ length: 60 }, (_, i) => i));
  const snapshot = await database.db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute((tx) => sql<{ level: string }>`select current_setting('transaction_isolation') as level`.execute(tx));
  assert.equal(snapshot.rows[0]?.level, 'repeatable read');
  await poolIsClean();
});

test('a connection lost while checked out fails its statements and leaves the process running', async () => {
  const [outcome] = await Promise.allSettled([
    database.db.transaction().execute(async (tx) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(tx);
      await sql`select pg_terminate_backend(${rows[0]?.pid})`.execute(database.db);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await sql`select 1`.execute(tx);
    }),
  ]);
  assert.equal(outcome?.status, 'rejected');
  await poolIsClean();
});

test('a statement outside a transaction runs out of pipeline mode, a transaction in it (issue 14: a single read costs less so)', async () => {
  const pool = new pg.Pool({ pipeline: true, connectionString: database.url, max: 1 } as pg.PoolConfig);
  const db = new Kysely<Record<string, never>>({ dialect: new PipelinedPostgresDialect(pool) });
  /** The mode the driver left the pool's one client in. */
  const mode = async () => {
    const client = await pool.connect();
    try {
      return (client as unknown as { pipeline: boolean }).pipeline;
    } finally {
      client.release();
    }
  };
  try {
    const seen: boolean[] = [];
    await db.executeQuery(CompiledQuery.raw('select 1'));
    seen.push(await mode());
    await db.transaction().execute((tx) => tx.executeQuery(insert(90, 'in a transaction')));
    seen.push(await mode());
    const { rows } = await db.executeQuery<{ id: number }>(CompiledQuery.raw('select id from pipe_rows where id = $1', [90]));
    seen.push(await mode());
    assert.deepEqual(seen, [false, true, false]);
    assert.deepEqual(rows, [{ id: 90 }]);
  } finally {
    await db.destroy();
  }
});

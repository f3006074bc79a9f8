// The job queue against real PostgreSQL: claim, run in the claim's transaction, retry with
// backoff, bounded attempts, and no job run twice by concurrent runners.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../test/support/db.js';
import { fixedClock } from './clock.js';
import { LIMITS } from './config/limits.js';
import { enqueueJob, jobBackoffMs, runDueJobs, runOneJob, type JobHandlers } from './jobs.js';

let database: TestDatabase;
const clock = fixedClock('2026-11-23T15:00:00.000Z');

before(async () => {
  database = await createTestDatabase();
  await sql`create table job_effects (id serial primary key, note text not null)`.execute(database.db);
});
after(() => database.drop());
beforeEach(async () => {
  await sql`delete from jobs`.execute(database.db);
  await sql`delete from job_effects`.execute(database.db);
});

async function effects(): Promise<string[]> {
  const { rows } = await sql<{ note: string }>`select note from job_effects order by id`.execute(database.db);
  return rows.map((r) => r.note);
}

async function job(id: number) {
  return database.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

const write: JobHandlers = {
  'test.write': async (payload, ctx) => {
    await sql`insert into job_effects (note) values (${(payload as { note: string }).note})`.execute(ctx.tx);
  },
};

describe('job runner', () => {
  test('runs a due job once, in its own transaction, and marks it done', async () => {
    const id = await enqueueJob(database.db, 'test.write', { note: 'a' }, clock.now());
    assert.equal(await runOneJob(database.db, clock, write), 'done');
    assert.equal(await runOneJob(database.db, clock, write), 'none');
    assert.deepEqual(await effects(), ['a']);
    const row = await job(id);
    assert.deepEqual([row.status, row.attempts, row.finished_at?.toISOString()], ['done', 1, clock.now().toISOString()]);
  });

  test('leaves jobs of kinds it has no handler for, and jobs not yet due', async () => {
    await enqueueJob(database.db, 'other.kind', {}, clock.now());
    await enqueueJob(database.db, 'test.write', { note: 'later' }, clock.now(), { runAt: new Date(clock.now().getTime() + 60_000) });
    assert.deepEqual(await runDueJobs(database.db, clock, write), { done: 0, retried: 0, failed: 0 });
  });

  test('a failing attempt is rolled back and retried with backoff until attempts run out', async () => {
    let calls = 0;
    const flaky: JobHandlers = {
      'test.flaky': async (_payload, ctx) => {
        calls++;
        await sql`insert into job_effects (note) values ('partial')`.execute(ctx.tx);
        throw new Error(`boom ${calls}`);
      },
    };
    const id = await enqueueJob(database.db, 'test.flaky', {}, clock.now(), { maxAttempts: 3 });
    assert.equal(await runOneJob(database.db, clock, flaky), 'retry');
    let row = await job(id);
    assert.deepEqual([row.status, row.attempts, row.run_at.getTime() - clock.now().getTime()], ['pending', 1, jobBackoffMs(1)]);
    assert.match(String(row.last_error), /boom 1/);
    assert.equal(await runOneJob(database.db, clock, flaky), 'none', 'not due before its backoff');
    clock.advance(jobBackoffMs(1));
    assert.equal(await runOneJob(database.db, clock, flaky), 'retry');
    clock.advance(jobBackoffMs(2));
    assert.equal(await runOneJob(database.db, clock, flaky), 'failed');
    row = await job(id);
    assert.deepEqual([row.status, row.attempts], ['failed', 3]);
    assert.deepEqual(await effects(), [], 'failed attempts leave no effect');
  });

  test('backoff doubles from the base and stops at the cap', () => {
    assert.equal(jobBackoffMs(1), LIMITS.JOBS_BACKOFF_BASE_MS);
    assert.equal(jobBackoffMs(2), 2 * LIMITS.JOBS_BACKOFF_BASE_MS);
    assert.equal(jobBackoffMs(40), LIMITS.JOBS_BACKOFF_CAP_MS);
    assert.throws(() => jobBackoffMs(0), /assertion/);
  });

  test('concurrent runners never run one job twice (FOR UPDATE SKIP LOCKED)', async () => {
    const slow: JobHandlers = {
      'test.slow': async (payload, ctx) => {
        await sql`select pg_sleep(0.05)`.execute(ctx.tx);
        await sql`insert into job_effects (note) values (${(payload as { note: string }).note})`.execute(ctx.tx);
      },
    };
    for (let i = 0; i < 20; i++) await enqueueJob(database.db, 'test.slow', { note: `n${i}` }, clock.now());
    const summaries = await Promise.all(Array.from({ length: 5 }, () => runDueJobs(database.db, clock, slow)));
    assert.equal(summaries.reduce((n, s) => n + s.done, 0), 20);
    const notes = await effects();
    assert.equal(notes.length, 20);
    assert.equal(new Set(notes).size, 20);
  });
});

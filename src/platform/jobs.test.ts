// The job queue against real PostgreSQL: claim, run in the claim's transaction, retry with
// backoff, bounded attempts, and no job run twice by concurrent runners.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../test/support/db.js';
import { fixedClock } from './clock.js';
import { LIMITS } from './config/limits.js';
import { enqueueJob, jobBackoffMs, mergeJobKinds, runDueJobs, runOneJob, type JobHandlers, type JobKinds } from './jobs.js';

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

  test('a kind declares its own retry policy (the shape callbacks use): jittered backoff and an age bound', async () => {
    const policy = { base_ms: 10_000, cap_ms: 40_000, floor_ms: 1_000, max_attempts: 10, max_age_ms: 20_000, jitter: 'full' as const };
    const kinds: JobKinds = { 'test.own': { handler: async () => { throw new Error('no'); }, retry: policy } };
    const id = await enqueueJob(database.db, 'test.own', {}, clock.now(), { maxAttempts: 10 });
    assert.equal(await runOneJob(database.db, clock, kinds, () => 0.5), 'retry');
    let row = await job(id);
    assert.equal(row.run_at.getTime() - clock.now().getTime(), 1_000 + Math.floor(0.5 * (10_000 - 1_000 + 1)), 'full jitter between floor and base');
    clock.set(row.run_at);
    assert.equal(await runOneJob(database.db, clock, kinds, () => 0.99), 'failed', 'the next attempt would start past max_age_ms');
    row = await job(id);
    assert.deepEqual([row.status, row.attempts], ['failed', 2]);
    assert.match(String(row.last_error), /^max_age: /);
    clock.set('2026-11-23T15:00:00.000Z');
  });

  test('modules\' job kinds merge into one set; a kind declared twice is refused', () => {
    const a: JobKinds = { 'a.one': async () => undefined };
    const b: JobKinds = { 'b.one': { handler: async () => undefined } };
    assert.deepEqual(Object.keys(mergeJobKinds(a, b)), ['a.one', 'b.one']);
    assert.throws(() => mergeJobKinds(a, a), /declared twice/);
  });

  test('jobs of one ordering key run one at a time, in order, a failed-and-retrying one holding the later ones', async () => {
    let failFirst = true;
    const ordered: JobKinds = {
      'test.ordered': async (payload, ctx) => {
        const note = (payload as { note: string }).note;
        if (note === 'k1-first' && failFirst) throw new Error('not yet');
        await sql`insert into job_effects (note) values (${note})`.execute(ctx.tx);
      },
    };
    await enqueueJob(database.db, 'test.ordered', { note: 'k1-first' }, clock.now(), { orderingKey: 'k1' });
    await enqueueJob(database.db, 'test.ordered', { note: 'k1-second' }, clock.now(), { orderingKey: 'k1' });
    await enqueueJob(database.db, 'test.ordered', { note: 'k2-only' }, clock.now(), { orderingKey: 'k2' });
    assert.deepEqual(await runDueJobs(database.db, clock, ordered), { done: 1, retried: 1, failed: 0 });
    assert.deepEqual(await effects(), ['k2-only'], 'k1-second waits behind k1-first, which waits for its retry');
    failFirst = false;
    clock.advance(jobBackoffMs(1));
    assert.deepEqual(await runDueJobs(database.db, clock, ordered), { done: 2, retried: 0, failed: 0 });
    assert.deepEqual(await effects(), ['k2-only', 'k1-first', 'k1-second']);
    clock.set('2026-11-23T15:00:00.000Z');
  });
});

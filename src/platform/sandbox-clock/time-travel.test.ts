// The sandbox clock against real PostgreSQL: one shared offset, forward only, day-by-day catch-up
// with the phases in their order; and the pure pieces (steps, targets, move checks).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { fixedClock } from '../clock.js';
import { createTestDatabase, type TestDatabase } from '../../../test/support/db.js';
import { createSandboxClock, readOffsetMs } from './sandbox-clock.js';
import { catchUpSteps, checkMove, ClockMoveError, moveSandboxClock, parseClockTarget, sandboxNow, type CatchUpPhase } from './time-travel.js';

const DAY = 86_400_000;

describe('pure pieces', () => {
  test('steps: one per day after the start, then the target itself', () => {
    const from = new Date('2026-01-01T10:00:00Z');
    const steps = catchUpSteps(from, new Date(from.getTime() + 2.5 * DAY));
    assert.deepEqual(steps.map((s) => s.toISOString()), ['2026-01-02T10:00:00.000Z', '2026-01-03T10:00:00.000Z', '2026-01-03T22:00:00.000Z']);
    assert.equal(catchUpSteps(from, new Date(from.getTime() + 3 * DAY)).length, 3);
    assert.deepEqual(catchUpSteps(from, from), []);
  });

  test('targets: a date is the start of that day in São Paulo; instants need their zone', () => {
    assert.equal(parseClockTarget('2026-12-23')?.toISOString(), '2026-12-23T03:00:00.000Z');
    assert.equal(parseClockTarget('2026-12-23T10:30:00Z')?.toISOString(), '2026-12-23T10:30:00.000Z');
    assert.equal(parseClockTarget('2026-12-23T10:30:00-03:00')?.toISOString(), '2026-12-23T13:30:00.000Z');
    for (const bad of ['2026-13-01', '2026-02-30T00:00:00Z', '2026-12-23T10:30:00', 'tomorrow', '']) assert.equal(parseClockTarget(bad), null, bad);
  });

  test('moves: forward only, bounded', () => {
    const from = new Date('2026-01-01T00:00:00Z');
    assert.throws(() => checkMove(from, from), ClockMoveError);
    assert.throws(() => checkMove(from, new Date(from.getTime() - 1)), /only moves forward/);
    assert.throws(() => checkMove(from, new Date(from.getTime() + 3661 * DAY)), /at most 3660 days/);
    checkMove(from, new Date(from.getTime() + DAY));
  });
});

describe('shared clock', () => {
  let database: TestDatabase;
  before(async () => {
    database = await createTestDatabase();
  });
  after(async () => {
    await database.drop();
  });

  test('two clocks on one database see one offset; the phases run in order, day by day', async () => {
    const base = fixedClock('2026-03-01T12:00:00Z');
    const a = await createSandboxClock(database.db, { base, ttl_ms: 0 });
    const b = await createSandboxClock(database.db, { base, ttl_ms: 60_000 });
    try {
      assert.equal(a.now().toISOString(), '2026-03-01T12:00:00.000Z');
      const seen: string[] = [];
      const pending = new Map<string, number>([['callbacks', 1], ['registrations', 2]]);
      // Given in the wrong order on purpose: the move runs them callbacks → registrations → expirations.
      const phase = (name: CatchUpPhase['name']): CatchUpPhase => ({
        name,
        round: async (at) => {
          const left = pending.get(name) ?? 0;
          seen.push(`${at.toISOString().slice(0, 10)} ${name}`);
          if (left > 0) pending.set(name, left - 1);
          return left > 0 ? 1 : 0;
        },
      });
      const report = await moveSandboxClock(database.db, base, new Date('2026-03-03T12:00:00Z'), [phase('expirations'), phase('registrations'), phase('callbacks')]);
      assert.equal(report.steps, 2);
      assert.deepEqual(report.handled, { callbacks: 1, registrations: 2, expirations: 0, overdue: 0 });
      assert.deepEqual(seen, [
        '2026-03-02 callbacks', '2026-03-02 callbacks',
        '2026-03-02 registrations', '2026-03-02 registrations', '2026-03-02 registrations',
        '2026-03-02 expirations',
        '2026-03-03 callbacks', '2026-03-03 registrations', '2026-03-03 expirations',
      ]);
      assert.equal(await readOffsetMs(database.db), 2 * DAY);
      await a.sync();
      assert.equal(a.now().toISOString(), '2026-03-03T12:00:00.000Z');
      // b's copy is fresh for a minute; a forced sync (or the TTL) brings it to the shared value.
      assert.equal(b.now().toISOString(), '2026-03-01T12:00:00.000Z');
      await b.sync({ force: true });
      assert.equal(b.now().toISOString(), '2026-03-03T12:00:00.000Z');
      assert.equal((await sandboxNow(database.db, base)).toISOString(), '2026-03-03T12:00:00.000Z');
      await assert.rejects(moveSandboxClock(database.db, base, new Date('2026-03-02T00:00:00Z'), []), /only moves forward/);
      assert.equal(await readOffsetMs(database.db), 2 * DAY);
    } finally {
      a.stop();
      b.stop();
    }
  });
});

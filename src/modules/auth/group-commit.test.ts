import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { GroupCommit, type GroupCommitRunner } from './group-commit.js';

type Outcome = 'fresh' | 'replayed';

type Failure = 'none' | 'row' | 'down';

/** An error a row can cause (class 22, 23, 54 on PostgreSQL), or one of the statement's (pool, connection). */
class FakeError extends Error {
  constructor(readonly kind: Failure) {
    super(kind === 'row' ? 'a row refused' : 'database down');
  }
}

/** An in-memory "table" behind a runner whose statements finish in the scheduler's order; some batches fail. */
function fakeRunner(s: fc.Scheduler, failures: Failure[], limits: { rowsMax: number; statementsMax: number }) {
  const stored = new Set<string>();
  const seen = { batches: 0, inFlight: 0, inFlightPeak: 0, failed: 0, reported: 0, down: 0 };
  const keysInFlight = new Set<string>();
  const record = (key: string): Outcome => (stored.has(key) ? 'replayed' : (stored.add(key), 'fresh'));
  const statement = async <X>(label: string, keys: readonly string[], body: () => X): Promise<X> => {
    for (const key of keys) assert.ok(!keysInFlight.has(key), `${key} in two statements at once`);
    keys.forEach((key) => keysInFlight.add(key));
    seen.inFlight += 1;
    seen.inFlightPeak = Math.max(seen.inFlightPeak, seen.inFlight);
    try {
      await s.schedule(Promise.resolve(), label);
      return body();
    } finally {
      seen.inFlight -= 1;
      keys.forEach((key) => keysInFlight.delete(key));
    }
  };
  const runner: GroupCommitRunner<string, Outcome> = {
    keyOf: (key) => key,
    runBatch: (keys) =>
      statement(`batch ${keys.join(',')}`, keys, () => {
        assert.ok(keys.length >= 2 && keys.length <= limits.rowsMax, `batch of ${keys.length}`);
        assert.equal(new Set(keys).size, keys.length, 'a batch never holds one key twice');
        assert.deepEqual(keys, [...keys].sort(), 'a batch is sorted by key');
        seen.batches += 1;
        // A failed statement commits nothing.
        const failure = failures[seen.batches % Math.max(1, failures.length)] ?? 'none';
        if (failure !== 'none') {
          seen.failed += 1;
          if (failure === 'down') seen.down += 1;
          throw new FakeError(failure);
        }
        return keys.map(record);
      }),
    runOne: (key) => statement(`one ${key}`, [key], () => record(key)),
    surplusCopy: () => 'replayed',
    isRowError: (error) => error instanceof FakeError && error.kind === 'row',
    onBatchError: (error, size, rowError) => {
      assert.ok(error instanceof FakeError && size >= 2);
      assert.equal(rowError, error.kind === 'row', 'the report carries the runner\'s verdict on the error');
      seen.reported += 1;
    },
  };
  return { runner, seen, stored };
}

test('any interleaving of jtis, duplicates inside and across batches, failed batches (a row error or a statement error): exactly one grant per stored jti, none otherwise', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.scheduler(),
      fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'), { minLength: 1, maxLength: 40 }),
      fc.integer({ min: 1, max: 5 }),
      fc.integer({ min: 1, max: 3 }),
      fc.array(fc.constantFrom<Failure>('none', 'row', 'down'), { maxLength: 5 }),
      fc.integer({ min: 1, max: 4 }),
      async (s, keys, rowsMax, statementsMax, failures, copiesPerKeyMax) => {
        const { runner, seen, stored } = fakeRunner(s, failures, { rowsMax, statementsMax });
        const group = new GroupCommit(runner, { rowsMax, statementsMax, copiesPerKeyMax });
        const answers = keys.map((key) => s.schedule(Promise.resolve(key), `arrive ${key}`).then((k) => group.submit(k)));
        await s.waitFor(Promise.allSettled(answers));
        const outcomes = await Promise.allSettled(answers);
        for (const key of new Set(keys)) {
          const fresh = keys.filter((k, i) => k === key && outcomes[i]?.status === 'fulfilled' && outcomes[i].value === 'fresh').length;
          assert.equal(fresh, stored.has(key) ? 1 : 0, `${key}: ${fresh} grants`);
        }
        const refused = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as FakeError] : []));
        assert.ok(refused.every((e) => e.kind === 'down'), 'only a statement error reaches a waiter; a row error is retried alone');
        if (seen.down === 0) assert.deepEqual([...stored].sort(), [...new Set(keys)].sort());
        assert.equal(seen.reported, seen.failed, 'every failed batch is reported');
        assert.ok(seen.inFlightPeak <= statementsMax, 'a failed batch retries its rows in its own slot');
        await new Promise((resolve) => setImmediate(resolve));
        assert.equal(group.statementsInFlight, 0, 'drained: nothing left in flight');
        assert.equal(group.itemsWaiting, 0, 'drained: nothing left waiting');
      },
    ),
    { numRuns: 300 },
  );
});

test('no timer: a lone item goes at once, alone; items arriving while the statements are in flight go together', async () => {
  const sent: string[][] = [];
  const gates: (() => void)[] = [];
  const held = () => new Promise<void>((resolve) => gates.push(resolve));
  const group = new GroupCommit<string, string>(
    {
      keyOf: (k) => k,
      runBatch: async (keys) => (sent.push([...keys]), await held(), keys.map(() => 'ok')),
      runOne: async (k) => (sent.push([k]), await held(), 'ok'),
      surplusCopy: () => 'surplus',
      isRowError: () => true,
      onBatchError: () => undefined,
    },
    { rowsMax: 64, statementsMax: 1, copiesPerKeyMax: 64 },
  );
  const first = group.submit('a');
  assert.deepEqual(sent, [['a']], 'sent synchronously, no wait for company');
  const later = ['b', 'c', 'b', 'd'].map((k) => group.submit(k));
  assert.equal(sent.length, 1, 'the others wait for the statement in flight');
  gates.shift()?.();
  await first;
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(sent[1], ['b', 'c', 'd'], 'one statement for the waiting, the duplicate held back');
  gates.shift()?.();
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(sent[2], ['b']);
  gates.shift()?.();
  assert.deepEqual(await Promise.all(later), ['ok', 'ok', 'ok', 'ok']);
});

test('limits are checked', () => {
  const runner: GroupCommitRunner<string, string> = { keyOf: (k) => k, runBatch: async (k) => k, runOne: async (k) => k, surplusCopy: (k) => k, isRowError: () => true, onBatchError: () => undefined };
  assert.throws(() => new GroupCommit(runner, { rowsMax: 0, statementsMax: 1, copiesPerKeyMax: 1 }), /rowsMax/);
  assert.throws(() => new GroupCommit(runner, { rowsMax: 4, statementsMax: 1.5, copiesPerKeyMax: 1 }), /statementsMax/);
  assert.throws(() => new GroupCommit(runner, { rowsMax: 4, statementsMax: 1, copiesPerKeyMax: -1 }), /copiesPerKeyMax/);
});

test('a batch answered with the wrong number of outcomes fails its items and retries none (its rows may have committed)', async () => {
  let lone = 0;
  const group = new GroupCommit<string, string>(
    {
      keyOf: (k) => k,
      runBatch: async (keys) => keys.slice(1),
      runOne: async (k) => (lone += 1, await new Promise((resolve) => setImmediate(resolve)), k),
      surplusCopy: (k) => k,
      isRowError: () => true,
      onBatchError: () => undefined,
    },
    { rowsMax: 64, statementsMax: 1, copiesPerKeyMax: 64 },
  );
  const [first, ...rest] = ['a', 'b', 'c'].map((k) => group.submit(k));
  assert.equal(await first, 'a');
  const settled = await Promise.allSettled(rest);
  assert.deepEqual(settled.map((s) => s.status), ['rejected', 'rejected']);
  assert.equal(lone, 1, 'only the lone first item ran alone');
});

test('a flood of copies of one key: each copy waits for the previous one, at most copiesPerKeyMax are held, the rest are answered at once', async () => {
  const sent: string[][] = [];
  const group = new GroupCommit<string, string>(
    {
      keyOf: (k) => k.split('#')[0] as string,
      runBatch: async (items) => (sent.push([...items]), await new Promise((resolve) => setImmediate(resolve)), items.map(() => 'statement')),
      runOne: async (item) => (sent.push([item]), await new Promise((resolve) => setImmediate(resolve)), 'statement'),
      surplusCopy: () => 'surplus',
      isRowError: () => true,
      onBatchError: () => undefined,
    },
    { rowsMax: 64, statementsMax: 2, copiesPerKeyMax: 8 },
  );
  const copies = Array.from({ length: 10_000 }, (_, i) => group.submit(`flood#${i}`));
  const other = group.submit('other#0');
  const answers = await Promise.all(copies);
  assert.equal(answers.filter((a) => a === 'statement').length, 9, 'the first copy and the 8 held');
  assert.equal(answers.filter((a) => a === 'surplus').length, 10_000 - 9);
  assert.equal(await other, 'statement');
  assert.ok(sent.every((items) => new Set(items.map((i) => i.split('#')[0])).size === items.length), 'never two copies in one statement');
  assert.equal(sent.flat().length, 10, 'one statement row per copy sent, none per surplus copy');
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(group.statementsInFlight, 0);
});

test('a runner that throws synchronously fails its waiters (no hang, no unhandled rejection) and frees its slot', async () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  try {
    const group = new GroupCommit<string, string>(
      {
        keyOf: (k) => k,
        runBatch: () => {
          throw new Error('batch threw');
        },
        runOne: (k) => {
          if (k === 'ok') return Promise.resolve('ok');
          throw new Error('one threw');
        },
        surplusCopy: (k) => k,
        isRowError: () => false,
        onBatchError: () => undefined,
      },
      { rowsMax: 64, statementsMax: 1, copiesPerKeyMax: 64 },
    );
    const settled = await Promise.allSettled(['a', 'b', 'c', 'a'].map((k) => group.submit(k)));
    assert.deepEqual(settled.map((s) => (s.status === 'rejected' ? (s.reason as Error).message : s.value)), ['one threw', 'batch threw', 'batch threw', 'batch threw'], 'the copy of a went with b and c, once the first a failed');
    assert.equal(await group.submit('ok'), 'ok', 'the slot was freed');
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(unhandled, []);
    assert.equal(group.statementsInFlight, 0);
  } finally {
    process.off('unhandledRejection', onUnhandled);
  }
});

test('a batch error no row can cause (pool, connection) fails each of its waiters with it and retries none; every batch error is reported', async () => {
  const reports: [string, number][] = [];
  const sent: string[][] = [];
  const statementError = Object.assign(new Error('connection terminated'), { kind: 'statement' });
  const group = new GroupCommit<string, string>(
    {
      keyOf: (k) => k,
      runBatch: async (items) => {
        sent.push([...items]);
        throw items.includes('bad') ? Object.assign(new Error('value too long'), { kind: 'row' }) : statementError;
      },
      runOne: async (k) => (sent.push([k]), await new Promise((resolve) => setImmediate(resolve)), k === 'bad' ? Promise.reject(new Error('bad row')) : k),
      surplusCopy: (k) => k,
      isRowError: (error) => (error as { kind?: string }).kind === 'row',
      onBatchError: (error, size) => reports.push([(error as Error).message, size]),
    },
    { rowsMax: 64, statementsMax: 1, copiesPerKeyMax: 64 },
  );
  const lone = group.submit('first');
  const down = ['a', 'b', 'c'].map((k) => group.submit(k));
  assert.equal(await lone, 'first');
  const settled = await Promise.allSettled(down);
  assert.ok(settled.every((s) => s.status === 'rejected' && s.reason === statementError), 'each waiter gets the batch error itself');
  await new Promise((resolve) => setImmediate(resolve));
  const second = group.submit('second');
  const rows = ['x', 'bad', 'y'].map((k) => group.submit(k));
  assert.equal(await second, 'second');
  const alone = await Promise.allSettled(rows);
  assert.deepEqual(alone.map((s) => s.status), ['fulfilled', 'rejected', 'fulfilled'], 'a row error fails only its row');
  assert.deepEqual(sent, [['first'], ['a', 'b', 'c'], ['second'], ['bad', 'x', 'y'], ['bad'], ['x'], ['y']], 'the statement error retried nothing; the row error retried each row, one at a time');
  assert.deepEqual(reports, [['connection terminated', 3], ['value too long', 3]]);
});

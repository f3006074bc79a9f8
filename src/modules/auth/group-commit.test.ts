import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { GroupCommit, type GroupCommitRunner } from './group-commit.js';

type Outcome = 'fresh' | 'replayed';

/** An in-memory "table" behind a runner whose statements finish in the scheduler's order; some batches fail. */
function fakeRunner(s: fc.Scheduler, failures: boolean[], limits: { rowsMax: number; statementsMax: number }) {
  const stored = new Set<string>();
  const seen = { batches: 0, inFlight: 0, inFlightPeak: 0 };
  const record = (key: string): Outcome => (stored.has(key) ? 'replayed' : (stored.add(key), 'fresh'));
  const statement = async <X>(label: string, body: () => X): Promise<X> => {
    seen.inFlight += 1;
    seen.inFlightPeak = Math.max(seen.inFlightPeak, seen.inFlight);
    try {
      await s.schedule(Promise.resolve(), label);
      return body();
    } finally {
      seen.inFlight -= 1;
    }
  };
  const runner: GroupCommitRunner<string, Outcome> = {
    keyOf: (key) => key,
    runBatch: (keys) =>
      statement(`batch ${keys.join(',')}`, () => {
        assert.ok(keys.length >= 2 && keys.length <= limits.rowsMax, `batch of ${keys.length}`);
        assert.equal(new Set(keys).size, keys.length, 'a batch never holds one key twice');
        seen.batches += 1;
        // A failed statement commits nothing.
        if (failures[seen.batches % Math.max(1, failures.length)] === true) throw new Error('statement failed');
        return keys.map(record);
      }),
    runOne: (key) => statement(`one ${key}`, () => record(key)),
  };
  return { runner, seen, stored };
}

test('any interleaving of jtis, duplicates inside and across batches, failed batches: exactly one grant per jti', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.scheduler(),
      fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'), { minLength: 1, maxLength: 40 }),
      fc.integer({ min: 1, max: 5 }),
      fc.integer({ min: 1, max: 3 }),
      fc.array(fc.boolean(), { maxLength: 5 }),
      async (s, keys, rowsMax, statementsMax, failures) => {
        const { runner, seen, stored } = fakeRunner(s, failures, { rowsMax, statementsMax });
        const group = new GroupCommit(runner, rowsMax, statementsMax);
        const answers = keys.map((key) => s.schedule(Promise.resolve(key), `arrive ${key}`).then((k) => group.submit(k)));
        await s.waitFor(Promise.all(answers));
        const outcomes = await Promise.all(answers);
        for (const key of new Set(keys)) {
          const fresh = keys.filter((k, i) => k === key && outcomes[i] === 'fresh').length;
          assert.equal(fresh, 1, `${key}: ${fresh} grants`);
        }
        assert.deepEqual([...stored].sort(), [...new Set(keys)].sort());
        assert.ok(seen.inFlightPeak <= statementsMax * rowsMax, 'only failed batches add lone statements, one per row');
        assert.equal(group.statementsInFlight, 0, 'drained: nothing left in flight');
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
    },
    64,
    1,
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
  const runner: GroupCommitRunner<string, string> = { keyOf: (k) => k, runBatch: async (k) => k, runOne: async (k) => k };
  assert.throws(() => new GroupCommit(runner, 0, 1), /rowsMax/);
  assert.throws(() => new GroupCommit(runner, 4, 1.5), /statementsMax/);
});

test('a batch answered with the wrong number of outcomes fails its items and retries none (its rows may have committed)', async () => {
  let lone = 0;
  const group = new GroupCommit<string, string>(
    {
      keyOf: (k) => k,
      runBatch: async (keys) => keys.slice(1),
      runOne: async (k) => (lone += 1, await new Promise((resolve) => setImmediate(resolve)), k),
    },
    64,
    1,
  );
  const [first, ...rest] = ['a', 'b', 'c'].map((k) => group.submit(k));
  assert.equal(await first, 'a');
  const settled = await Promise.allSettled(rest);
  assert.deepEqual(settled.map((s) => s.status), ['rejected', 'rejected']);
  assert.equal(lone, 1, 'only the lone first item ran alone');
});

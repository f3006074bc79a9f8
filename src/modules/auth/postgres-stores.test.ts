import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import { CompiledQuery } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../../test/support/db.js';
import { fixedClock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/pool.js';
import { isRowError, PgReplayStore, PgServiceSigningKeys, SIGNING_KEYS_UNKNOWN_KID_RELOAD_MS } from './postgres-stores.js';

let database: TestDatabase;
before(async () => {
  database = await createTestDatabase();
});
after(() => database.drop());

/** The database, counting the queries on signing_keys. */
function counting(db: Db): { db: Db; reads: () => number } {
  let reads = 0;
  const proxy = new Proxy(db, {
    get(target, property, receiver) {
      if (property === 'selectFrom') {
        return (table: never) => {
          if (String(table) === 'signing_keys') reads += 1;
          return target.selectFrom(table);
        };
      }
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value; // Kysely uses #private fields
    },
  });
  return { db: proxy, reads: () => reads };
}

test('forged kids do not turn into database queries: unknown kids reload at most once per interval', async () => {
  const clock = fixedClock('2026-11-23T15:00:00.000Z');
  const { db, reads } = counting(database.db);
  const keys = new PgServiceSigningKeys(db, clock.now);
  const { kid } = await keys.current();
  const afterFirstLoad = reads();
  const lookups = await Promise.all(Array.from({ length: 50 }, (_, i) => keys.byKid(`forged-${i}`)));
  assert.ok(lookups.every((k) => k === null));
  assert.equal(reads(), afterFirstLoad, 'a kid seen right after a load is not looked up again');
  clock.set(new Date(clock.now().getTime() + SIGNING_KEYS_UNKNOWN_KID_RELOAD_MS));
  await Promise.all(Array.from({ length: 50 }, (_, i) => keys.byKid(`forged-again-${i}`)));
  assert.ok(reads() - afterFirstLoad <= 2, `one shared reload (ensureKey + keys), got ${reads() - afterFirstLoad} queries`);
  assert.notEqual(await keys.byKid(kid), null);
});

test('a key made by another instance verifies here once the interval has passed', async () => {
  const clock = fixedClock('2026-11-23T15:00:00.000Z');
  const here = new PgServiceSigningKeys(database.db, clock.now);
  await here.current();
  const elsewhere = new PgServiceSigningKeys(database.db, clock.now);
  const newKid = await elsewhere.rotate();
  clock.set(new Date(clock.now().getTime() + SIGNING_KEYS_UNKNOWN_KID_RELOAD_MS));
  assert.notEqual(await here.byKid(newKid), null);
});

/** The database, counting the jti statements sent (group commit: fewer than the requests under load). */
function countingStatements(db: Db): { db: Db; statements: () => number } {
  let statements = 0;
  const proxy = new Proxy(db, {
    get(target, property, receiver) {
      if (property === 'executeQuery') {
        return (query: Parameters<Db['executeQuery']>[0]) => {
          statements += 1;
          return target.executeQuery(query);
        };
      }
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db: proxy, statements: () => statements };
}

/** Version 7 for client 'versioned-…', no partner otherwise (the partners module's subquery has the same shape). */
const versionOf = (param: string) => `(select 7::int8 where ${param} like 'versioned-%')`;
const expiresAt = new Date('2026-11-28T05:00:00.000Z');

test('group commit on PostgreSQL: concurrent jtis, each twice, go in few statements and each is granted exactly once', async () => {
  const { db, statements } = countingStatements(database.db);
  const store = new PgReplayStore(db, versionOf, { limits: { rowsMax: 16, statementsMax: 1 } });
  const jtis = Array.from({ length: 60 }, (_, i) => `gc-${i}-'",{}\\ ${'é'.repeat(i % 3)}`);
  const remember = (i: number) => store.remember(i % 2 === 0 ? 'client-a' : 'versioned-b', jtis[i] as string, expiresAt, i % 2 === 0 ? undefined : 7);
  const order = jtis.map((_, i) => i);
  const calls = [...order, ...order.reverse()].map(remember);
  const outcomes = await Promise.all(calls);
  assert.equal(outcomes.filter((o) => o === 'fresh').length, 60, 'one grant per (client, jti)');
  assert.ok(!outcomes.includes('stale'));
  assert.ok(statements() < 30, `${statements()} statements for 120 requests`);
  const { rows } = await database.db.executeQuery(CompiledQuery.raw(`select count(*)::int as n, min(expires_at) as e from assertion_jtis where jti like 'gc-%'`, []));
  assert.deepEqual(rows[0], { n: 60, e: expiresAt });
});

test('group commit on PostgreSQL: in one statement a stale version or an unknown partner stores nothing, the current version does', async () => {
  const store = new PgReplayStore(database.db, versionOf, { limits: { rowsMax: 16, statementsMax: 1 } });
  const blocker = store.remember('client-a', 'v-first', expiresAt);
  const batch = [
    store.remember('versioned-c', 'v-current', expiresAt, 7),
    store.remember('versioned-c', 'v-old', expiresAt, 6),
    store.remember('unknown-c', 'v-unknown', expiresAt, 7),
    store.remember('client-a', 'v-unversioned', expiresAt),
  ];
  assert.equal(await blocker, 'fresh');
  assert.deepEqual(await Promise.all(batch), ['fresh', 'stale', 'stale', 'fresh']);
  const { rows } = await database.db.executeQuery(CompiledQuery.raw(`select jti from assertion_jtis where jti like 'v-%' order by jti`, []));
  assert.deepEqual(rows, [{ jti: 'v-current' }, { jti: 'v-first' }, { jti: 'v-unversioned' }]);
  assert.equal(await store.remember('versioned-c', 'v-old', expiresAt, 7), 'fresh', 'a stale refusal burnt nothing');
});

test('group commit on PostgreSQL: a row the database refuses fails only its own request', async () => {
  const reports: [string, number][] = [];
  const store = new PgReplayStore(database.db, versionOf, { limits: { rowsMax: 16, statementsMax: 1 }, onBatchError: (error, size) => reports.push([(error as { code: string }).code, size]) });
  const blocker = store.remember('client-a', 'bad-first', expiresAt);
  // Past the b-tree's entry size (~2.7 kB): the whole statement fails, then each row goes alone.
  const batch = [store.remember('client-a', 'bad-ok-1', expiresAt), store.remember('client-a', randomBytes(6000).toString('base64'), expiresAt), store.remember('versioned-d', 'bad-ok-2', expiresAt, 7)];
  await blocker;
  const settled = await Promise.allSettled(batch);
  assert.deepEqual(settled.map((s) => s.status), ['fulfilled', 'rejected', 'fulfilled']);
  assert.deepEqual(settled.map((s) => (s.status === 'fulfilled' ? s.value : 'error')), ['fresh', 'error', 'fresh']);
  assert.deepEqual(reports, [['54000', 3]], 'the failed batch reported once, as a row error');
});

test('group commit: a batch error no row can cause (connection lost, pool timeout) fails every waiter with it, retries no row alone, and is reported', async () => {
  const { db, statements } = countingStatements(database.db);
  const lost = Object.assign(new Error('Connection terminated unexpectedly'), { code: undefined });
  const failing = new Proxy(db, {
    get(target, property, receiver) {
      if (property === 'executeQuery') return (query: { sql: string }) => (query.sql.includes('unnest') ? Promise.reject(lost) : target.executeQuery(query as never));
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const reports: [unknown, number][] = [];
  const store = new PgReplayStore(failing, versionOf, { limits: { rowsMax: 16, statementsMax: 1 }, onBatchError: (error, size) => reports.push([error, size]) });
  const blocker = store.remember('client-a', 'lost-first', expiresAt);
  const batch = ['lost-1', 'lost-2', 'lost-3'].map((jti) => store.remember('client-a', jti, expiresAt));
  assert.equal(await blocker, 'fresh');
  const settled = await Promise.allSettled(batch);
  assert.ok(settled.every((s) => s.status === 'rejected' && s.reason === lost));
  assert.deepEqual(reports, [[lost, 3]]);
  assert.equal(statements(), 1, 'the lone first jti only: no row retried alone');
});

test('row errors are the SQLSTATE classes a row can cause (22, 23, 54), nothing else', () => {
  for (const code of ['22001', '23505', '54000', '22P02']) assert.ok(isRowError({ code }), code);
  for (const code of ['57P01', '53300', '08006', '40P01', '42P01', 'ECONNRESET', undefined]) assert.ok(!isRowError({ code }), String(code));
  assert.ok(!isRowError(new Error('timeout exceeded when trying to connect')));
  assert.ok(!isRowError(null));
});

test('group commit on PostgreSQL: two batches holding the same keys in reverse order do not deadlock (each batch sorted, inserted in that order)', async () => {
  // Each row's version check sleeps, so a batch's inserts are spread over its statement: unsorted,
  // A [k1, k2] and B [k2, k1] would each hold one row the other needs until deadlock_timeout (1 s).
  const slowVersionOf = (param: string) => `(select 7::int8 where ${param} like 'versioned-%' and pg_sleep(0.05) is not null)`;
  const [a, b] = [new PgReplayStore(database.db, slowVersionOf, { limits: { rowsMax: 16, statementsMax: 1 } }), new PgReplayStore(database.db, slowVersionOf, { limits: { rowsMax: 16, statementsMax: 1 } })];
  const started = performance.now();
  const blockers = [a.remember('versioned-dl', 'dl-blocker-a', expiresAt, 7), b.remember('versioned-dl', 'dl-blocker-b', expiresAt, 7)];
  const batchA = ['dl-1', 'dl-2', 'dl-3'].map((jti) => a.remember('versioned-dl', jti, expiresAt, 7));
  const batchB = ['dl-3', 'dl-2', 'dl-1'].map((jti) => b.remember('versioned-dl', jti, expiresAt, 7));
  assert.deepEqual(await Promise.all(blockers), ['fresh', 'fresh']);
  const outcomes = [...(await Promise.all(batchA)), ...(await Promise.all(batchB))];
  const elapsed_ms = performance.now() - started;
  for (const i of [0, 1, 2]) assert.deepEqual([outcomes[i], outcomes[5 - i]].sort(), ['fresh', 'replayed'], `dl-${i + 1} granted once`);
  assert.ok(elapsed_ms < 900, `${Math.round(elapsed_ms)} ms: no wait for deadlock_timeout`);
});

test('a store without the version subquery refuses a versioned jti as stale, sending nothing (the versioned statement asserts it has its subquery)', async () => {
  const { db, statements } = countingStatements(database.db);
  const store = new PgReplayStore(db);
  assert.equal(await store.remember('versioned-e', 'no-subquery', expiresAt, 7), 'stale');
  assert.equal(statements(), 0);
  assert.equal(await store.remember('client-a', 'no-subquery', expiresAt), 'fresh');
});

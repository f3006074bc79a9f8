import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createTestDatabase, type TestDatabase } from '../../../test/support/db.js';
import { fixedClock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/pool.js';
import { PgServiceSigningKeys, SIGNING_KEYS_UNKNOWN_KID_RELOAD_MS } from './postgres-stores.js';

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

// The read model's platform part against real PostgreSQL: hit only while the scope's version is
// the stored one, an older fill never replaces a newer one, the purge (past days, the row limit).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../test/support/db.js';
import { createAnswerCache, deploymentFingerprint, purgeAnswers } from './answer-cache.js';
import { localDate } from './dates.js';

let database: TestDatabase;
before(async () => {
  database = await createTestDatabase();
});
after(() => database.drop());

const cache = createAnswerCache('on', deploymentFingerprint({ publicUrl: 'http://x' }));
const scopeOf = (id: string) => ({ text: 'select $1::uuid as scope', parameters: [id] });
const bump = (id: string) => sql`insert into answer_versions (scope, version) values (${id}, 1) on conflict (scope) do update set version = answer_versions.version + 1`.execute(database.db);

test('keys: partner, query, input, date and deployment each make a different key', () => {
  const base = { partnerId: 'p', query: 'q', input: { a: 1, b: 2 }, asOf: localDate('2026-11-23') };
  const key = cache.keyOf(base);
  assert.equal(cache.keyOf({ ...base, input: { b: 2, a: 1 } }), key, 'the input is normalized (key order)');
  for (const other of [{ ...base, partnerId: 'p2' }, { ...base, query: 'q2' }, { ...base, input: { a: 1, b: 3 } }, { ...base, asOf: localDate('2026-11-24') }]) assert.notEqual(cache.keyOf(other), key);
  assert.notEqual(createAnswerCache('on', deploymentFingerprint({ publicUrl: 'http://y' })).keyOf(base), key);
});

test('a stored answer is a hit while its scope keeps the version it was computed at', async () => {
  const db = database.db;
  const scope = randomUUID();
  const entry = { key: randomUUID(), partnerId: randomUUID(), query: 'q', asOf: localDate('2026-11-23'), scope, version: 0, body: '{"a":0}' };
  assert.deepEqual(await cache.read(db, entry.key, scopeOf(scope)), { scope, version: 0, body: null });
  assert.equal(await cache.read(db, entry.key, { text: 'select null::uuid as scope where false', parameters: [] }), null, 'no scope: no row');
  await cache.fill(db, entry);
  assert.equal((await cache.read(db, entry.key, scopeOf(scope)))?.body, '{"a":0}', 'never written since: version 0');
  await bump(scope);
  assert.deepEqual(await cache.read(db, entry.key, scopeOf(scope)), { scope, version: 1, body: null }, 'a write since: a miss');
  await cache.fill(db, { ...entry, version: 1, body: '{"a":1}' });
  assert.deepEqual(await cache.read(db, entry.key, scopeOf(scope)), { scope, version: 1, body: '{"a":1}' });
  assert.equal((await cache.read(db, entry.key, scopeOf(randomUUID())))?.body, null, 'the key names another scope now: a miss');
  await bump(scope);
  await cache.fill(db, { ...entry, version: 2, body: '{"a":2}' });
  await cache.fill(db, { ...entry, version: 1, body: '{"a":1}' }); // a slower reader that read version 1
  assert.equal((await cache.read(db, entry.key, scopeOf(scope)))?.body, '{"a":2}', 'an older fill never replaces a newer one');
  assert.equal(await cache.versionOf(db, scope), 2);
});

test('the purge removes answers of past days, then the oldest beyond the row limit', async () => {
  const db = database.db;
  await sql`delete from answers`.execute(db);
  const scope = randomUUID();
  const row = (asOf: string, at: string) => sql`insert into answers (key, partner_id, query, as_of, scope, version, body, filled_at) values (${randomUUID()}, ${randomUUID()}, 'q', ${asOf}, ${scope}, 1, '{}', ${at})`.execute(db);
  await row('2026-11-22', '2026-11-22T12:00:00Z');
  for (const at of ['2026-11-23T10:00:00Z', '2026-11-23T11:00:00Z', '2026-11-23T12:00:00Z']) await row('2026-11-23', at);
  assert.equal(await purgeAnswers(db, new Date('2026-11-23T15:00:00Z'), 2), 2);
  const { rows } = await sql<{ filled_at: Date }>`select filled_at from answers order by filled_at`.execute(db);
  assert.deepEqual(rows.map((r) => r.filled_at.toISOString()), ['2026-11-23T11:00:00.000Z', '2026-11-23T12:00:00.000Z']);
});

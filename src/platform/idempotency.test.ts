import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import { createTestDatabase, type TestDatabase } from '../../test/support/db.js';
import { sql } from 'kysely';
import type { Tx } from './db/pool.js';
import { DomainError } from './errors.js';
import { executeIdempotent, purgeExpiredIdempotency, type IdempotencyScope } from './idempotency.js';

let database: TestDatabase;
before(async () => {
  database = await createTestDatabase();
});
after(() => database.drop());

test('the purge drains every expired record in bounded batches, and keeps the live ones', async () => {
  const now = new Date('2026-11-23T15:00:00.000Z');
  const partnerId = randomUUID();
  const row = (key: string, expires_at: Date) => ({ partner_id: partnerId, operation: 'X', key, request_hash: 'h', status_code: 200, body: '{}', created_at: now, expires_at });
  const expired = Array.from({ length: 25 }, (_, i) => row(`old-${i}`, new Date(now.getTime() - 1)));
  await database.db.insertInto('idempotency_records').values([...expired, row('fresh', new Date(now.getTime() + 60_000))]).execute();
  assert.equal(await purgeExpiredIdempotency(database.db, now, 10), 25);
  const keys = (await database.db.selectFrom('idempotency_records').select('key').execute()).map((r) => r.key);
  assert.deepEqual(keys, ['fresh']);
});

test('a run stops after its batch bound; the next run goes on', async () => {
  const now = new Date('2026-11-23T15:00:00.000Z');
  const partnerId = randomUUID();
  const rows = Array.from({ length: 7 }, (_, i) => ({ partner_id: partnerId, operation: 'Y', key: `k-${i}`, request_hash: 'h', status_code: 200, body: '{}', created_at: now, expires_at: now }));
  await database.db.insertInto('idempotency_records').values(rows).execute();
  assert.equal(await purgeExpiredIdempotency(database.db, now, 2, 2), 4);
  assert.equal(await purgeExpiredIdempotency(database.db, now, 2, 10), 3);
});

// Issue 14: the claim (lock + lookup) is one statement, so its snapshot predates the lock; a record
// committed in between must still win. `work` commits such a record on another connection, as the
// request that held the key a moment earlier would have.
const NOW = new Date('2026-11-23T15:00:00.000Z');
const clock = { now: () => NOW };
const renderError = (error: DomainError) => ({ statusCode: 400, body: JSON.stringify(error.messages) });

function scopeOf(key: string, requestHash = 'h'): IdempotencyScope {
  return { partnerId: randomUUID(), operation: 'Race', key, requestHash };
}

async function commitWinner(scope: IdempotencyScope, body: string): Promise<void> {
  await database.db
    .insertInto('idempotency_records')
    .values({ partner_id: scope.partnerId, operation: scope.operation, key: scope.key, request_hash: scope.requestHash, status_code: 200, body, created_at: NOW, expires_at: new Date(NOW.getTime() + 60_000) })
    .execute();
}

async function effects(marker: string): Promise<number> {
  await sql`create table if not exists race_effects (marker text not null)`.execute(database.db);
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from race_effects where marker = ${marker}`.execute(database.db);
  return rows[0]?.n ?? 0;
}

test('a record committed after the claim wins: our effect is rolled back and its answer replayed', async () => {
  const scope = scopeOf('race-1');
  await effects('race-1');
  const outcome = await executeIdempotent(database.db, clock, scope, async (tx) => {
    await sql`insert into race_effects (marker) values ('race-1')`.execute(tx);
    await commitWinner(scope, '{"winner":true}');
    return '{"loser":true}';
  }, renderError);
  assert.deepEqual(outcome, { statusCode: 200, body: '{"winner":true}', replayed: true });
  assert.equal(await effects('race-1'), 0);
});

test('a business error after another request stored its record answers with that record', async () => {
  const scope = scopeOf('race-2');
  const outcome = await executeIdempotent(database.db, clock, scope, async () => {
    await commitWinner(scope, '{"winner":true}');
    throw new DomainError('business', [{ code: 'B1', description: 'refused' }]);
  }, renderError);
  assert.deepEqual(outcome, { statusCode: 200, body: '{"winner":true}', replayed: true });
});

test('an expired record is replaced by the new outcome in the storing statement', async () => {
  const scope = scopeOf('expired-1');
  await database.db
    .insertInto('idempotency_records')
    .values({ partner_id: scope.partnerId, operation: scope.operation, key: scope.key, request_hash: 'other', status_code: 200, body: '{"old":true}', created_at: NOW, expires_at: NOW })
    .execute();
  const outcome = await executeIdempotent(database.db, clock, scope, async () => '{"new":true}', renderError);
  assert.deepEqual(outcome, { statusCode: 200, body: '{"new":true}', replayed: false });
  const stored = await database.db.selectFrom('idempotency_records').select(['body', 'request_hash']).where('partner_id', '=', scope.partnerId).execute();
  assert.deepEqual(stored, [{ body: '{"new":true}', request_hash: 'h' }]);
});

// Issue 14: the work starts behind the claim, before the claim's answer. When the key is already
// answered, the claim raises and every statement of the work behind it fails: nothing of the work
// remains, and the stored answer is replayed, whatever the work threw meanwhile.
test('a replay: the work sent behind the claim leaves nothing, and the stored answer wins over its error', async () => {
  const scope = scopeOf('ahead-1');
  await effects('ahead-1');
  const work = async (tx: Tx) => {
    await sql`insert into race_effects (marker) values ('ahead-1')`.execute(tx);
    return '{"first":true}';
  };
  assert.deepEqual(await executeIdempotent(database.db, clock, scope, work, renderError), { statusCode: 200, body: '{"first":true}', replayed: false });
  assert.deepEqual(await executeIdempotent(database.db, clock, scope, work, renderError), { statusCode: 200, body: '{"first":true}', replayed: true });
  const refusing = async () => {
    throw new DomainError('validation', [{ code: 'V1', description: 'refused' }]);
  };
  assert.deepEqual(await executeIdempotent(database.db, clock, scope, refusing, renderError), { statusCode: 200, body: '{"first":true}', replayed: true });
  assert.equal(await effects('ahead-1'), 1);
});

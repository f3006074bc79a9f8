import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import { createTestDatabase, type TestDatabase } from '../../test/support/db.js';
import { purgeExpiredIdempotency } from './idempotency.js';

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

// Migration 0024 (one job queue) on a database holding work in the old shapes: every callback
// event's delivery state becomes a job of kind callback.deliver, in the events' order, pending
// platform jobs go on unchanged, and the view shows each event as the outbox showed it.
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { adminExecute, withDatabase } from './admin.js';
import { loadMigrations } from './migrate.js';

const base = process.env.CAAS_TEST_DATABASE_URL ?? '';
const name = `caas_m24_${randomBytes(5).toString('hex')}`;
let client: pg.Client;

before(async () => {
  await adminExecute(base, [`create database ${name}`]);
  client = new pg.Client({ connectionString: withDatabase(base, name) });
  await client.connect();
  for (const m of loadMigrations().filter((m) => m.version < 24)) await client.query(m.sql);
});
after(async () => {
  await client.end();
  await adminExecute(base, [`drop database if exists ${name} with (force)`]);
});

test('0024 moves every callback delivery state into a job and keeps pending platform jobs', async () => {
  const partner = randomUUID();
  const t = (s: number) => new Date(Date.UTC(2026, 10, 23, 15, 0, s));
  await client.query(`insert into partners (id, client_id, name, created_at, updated_at) values ($1, 'c1', 'P', $2, $2)`, [partner, t(0)]);
  const ev = [randomUUID(), randomUUID(), randomUUID()];
  const insert = `insert into callback_events (id, partner_id, event_type, ordering_key, body, status, attempts, next_attempt_at, locked_until, last_status, last_error, created_at, delivered_at, fail_reason)
                  values ($1, $2, $3, 'proposta:x', '{"A":1.10}', $4, $5, $6, null, $7, $8, $6, $9, $10)`;
  await client.query(insert, [ev[0], partner, 5, 'delivered', 1, t(1), 204, null, t(2), null]);
  await client.query(insert, [ev[1], partner, 6, 'failed', 50, t(3), 503, 'http_status: 503', null, 'max_attempts']);
  await client.query(insert, [ev[2], partner, 7, 'pending', 2, t(4), 500, 'http_status: 500', null, null]);
  await client.query(`insert into jobs (kind, payload, run_at, max_attempts, created_at) values ('boleto.register', '{"boletoId":"b"}', $1, 8, $1)`, [t(5)]);

  await client.query(loadMigrations().find((m) => m.version === 24)!.sql);

  const { rows } = await client.query(`select id, status, attempts, next_attempt_at, last_status, last_error, delivered_at, fail_reason, body from callback_deliveries order by seq`);
  assert.deepEqual(rows.map((r) => [r.id, r.status, r.attempts, r.last_status, r.fail_reason, r.body]), [
    [ev[0], 'delivered', 1, 204, null, '{"A":1.10}'],
    [ev[1], 'failed', 50, 503, 'max_attempts', '{"A":1.10}'],
    [ev[2], 'pending', 2, 500, null, '{"A":1.10}'],
  ]);
  assert.equal(rows[0].delivered_at.toISOString(), t(2).toISOString());
  assert.equal(rows[2].next_attempt_at.toISOString(), t(4).toISOString());
  const jobs = await client.query(`select kind, status, ordering_key from jobs order by seq`);
  assert.deepEqual(jobs.rows.map((r) => [r.kind, r.status, r.ordering_key]), [
    ['boleto.register', 'pending', null],
    ['callback.deliver', 'done', 'proposta:x'],
    ['callback.deliver', 'failed', 'proposta:x'],
    ['callback.deliver', 'pending', 'proposta:x'],
  ]);
});

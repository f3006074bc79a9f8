// /metrics as Prometheus scrapes it: the job queue by kind, the callback backlog and failures, the
// pool, boletos issued and paid, proposals by status — read from PostgreSQL at scrape time.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { enqueueJob } from '../../src/platform/jobs.js';
import { ok, openFor, singleBoleto, startWorld, type World } from './receivables-fixture.js';

let world: World;

before(async () => {
  world = await startWorld();
});
after(() => world?.service.close());

async function scrape(): Promise<string> {
  const response = await world.service.app.inject({ url: '/metrics' });
  assert.equal(response.statusCode, 200);
  assert.match(String(response.headers['content-type']), /text\/plain/);
  return response.body;
}

/** The value of one series, e.g. value(text, 'caas_jobs_pending{kind="x"}'). */
function value(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  assert.ok(line, `${series} missing from /metrics`);
  return Number(line.slice(series.length + 1));
}

describe('/metrics gauges read at scrape time', () => {
  test('job queue: depth, due and age of the oldest due job, by kind', async () => {
    const db = world.service.database.db;
    const now = world.service.clock.now();
    await enqueueJob(db, 'metrics_probe', {}, now, { runAt: new Date(now.getTime() - 90_000) });
    await enqueueJob(db, 'metrics_probe', {}, now, { runAt: new Date(now.getTime() + 3_600_000) });
    const text = await scrape();
    assert.equal(value(text, 'caas_jobs_pending{kind="metrics_probe"}'), 2);
    assert.equal(value(text, 'caas_jobs_due{kind="metrics_probe"}'), 1);
    assert.equal(value(text, 'caas_jobs_oldest_due_age_seconds{kind="metrics_probe"}'), 90);
  });

  test('pool: connections in use and idle, requests waiting', async () => {
    const text = await scrape();
    assert.ok(value(text, 'caas_db_pool_connections{state="idle"}') >= 0);
    assert.ok(value(text, 'caas_db_pool_connections{state="in_use"}') >= 0);
    assert.equal(value(text, 'caas_db_pool_waiting'), 0);
  });

  test('boletos issued and paid; proposals by status; callback backlog and failures', async () => {
    const db = world.service.database.db;
    const before = await scrape();
    assert.equal(value(before, 'caas_boletos_issued'), 0);
    const opening = await openFor(world);
    await ok(world, '/AgendaRecebivel/GerarUnicoBoleto', singleBoleto(opening.proposalId, [1]));
    await ok(world, '/AgendaRecebivel/GerarUnicoBoleto', singleBoleto(opening.proposalId, [2]));
    await db.updateTable('receivable_boletos').set({ registration_status: 5 }).where('id', '=', (await db.selectFrom('receivable_boletos').select('id').limit(1).executeTakeFirstOrThrow()).id).execute();
    const pending = await db.selectFrom('callback_deliveries').select(['id', 'job_id']).where('status', '=', 'pending').execute();
    assert.ok(pending.length >= 1, 'issuing boletos queues callbacks');
    await db.updateTable('jobs').set({ status: 'failed' }).where('id', '=', pending[0]!.job_id).execute();
    const proposals = await db.selectFrom('proposals').select(['status']).execute();

    const text = await scrape();
    assert.equal(value(text, 'caas_boletos_issued'), 2);
    assert.equal(value(text, 'caas_boletos_paid'), 1);
    assert.equal(value(text, 'caas_boletos{status="paid"}'), 1);
    assert.equal(value(text, 'caas_callbacks_pending'), pending.length - 1);
    assert.equal(value(text, 'caas_callbacks_failed'), 1);
    assert.ok(value(text, 'caas_callbacks_oldest_pending_age_seconds') >= 0);
    assert.equal(value(text, 'caas_proposals{status="disbursed"}'), proposals.filter((p) => p.status === 5).length);
    assert.equal(value(text, 'caas_proposals{status="refused"}'), 0, 'every status is shown, zero included');
    assert.ok(!text.includes('caas_metrics_read_failures_total{'), 'no read failed');
  });
});

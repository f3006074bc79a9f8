// The token endpoint when a batch of jtis fails with an error no row caused (group-commit.ts,
// review of the eleventh session): every request of the batch fails as one request would have (a
// 500 envelope with its request id, nothing internal), no jti is retried alone, and the failure is
// counted at /metrics (caas_token_jti_batch_failures{kind="statement"}). The jtis waiting show at
// /metrics too (caas_token_jtis_waiting), which is how the test knows the batch has formed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import pg from 'pg';
import { startTestService, type TestPartner, type TestService } from '../support/app.js';

async function tokenAnswer(service: TestService, partner: TestPartner, id: string) {
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
    client_assertion: await service.assertion(partner),
  });
  return service.app.inject({ method: 'POST', url: '/connect/token', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-request-id': id }, payload: form.toString() });
}

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 500; i += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`assertion: never ${what}`);
}

test('a jti batch whose statement fails (the table gone): each of its requests answers 500 with its request id and nothing internal; counted at /metrics', async () => {
  const service = await startTestService();
  const partner = await service.onboard();
  const locker = new pg.Client({ connectionString: service.database.url });
  await locker.connect();
  try {
    // The two statements in flight wait on the lock, the later requests queue for one batch; the
    // table then disappears, so the batch fails with 42P01 (not a row's error).
    await locker.query('begin');
    await locker.query('lock table assertion_jtis in access exclusive mode');
    const answers = Array.from({ length: 6 }, (_, i) => tokenAnswer(service, partner, `jti-batch-${i}`));
    const waiting = async () => (await locker.query<{ n: number }>("select count(*)::int as n from pg_locks where relation = 'assertion_jtis'::regclass and not granted")).rows[0]?.n === 2;
    await until(waiting, 'two jti statements waiting on the lock');
    // The other four requests' signatures checked: they wait in the group commit for one batch.
    const queued = async () => /caas_token_jtis_waiting 4\b/.test((await service.app.inject({ method: 'GET', url: '/metrics' })).body);
    await until(queued, 'four jtis waiting for a statement');
    await locker.query('alter table assertion_jtis rename to assertion_jtis_gone');
    await locker.query('commit');
    const settled = await Promise.all(answers);
    await locker.query('alter table assertion_jtis_gone rename to assertion_jtis');
    settled.forEach((answer, i) => {
      assert.equal(answer.statusCode, 500, answer.body);
      const body = JSON.parse(answer.body);
      assert.equal(body.messages[0].code, 'SYS500');
      assert.equal(body.messages[0].context, `jti-batch-${i}`);
      assert.doesNotMatch(answer.body, /assertion_jtis|relation|unnest|select|42P01/i, 'nothing internal');
    });
    const metrics = await service.app.inject({ method: 'GET', url: '/metrics' });
    assert.match(metrics.body, /caas_token_jti_batch_failures\{kind="statement"\} [1-9]/);
    assert.match(metrics.body, /caas_token_jti_batch_failures\{kind="row"\} 0/);
    assert.match(metrics.body, /caas_token_jtis_waiting 0\b/, 'nothing left waiting');
    const later = await tokenAnswer(service, partner, 'jti-batch-after');
    assert.equal(later.statusCode, 200, 'the table back: tokens again');
  } finally {
    await locker.end();
    await service.close();
  }
});

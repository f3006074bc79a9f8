// Issue 13: callbacks go through the command runner's outbox hook (ctx.enqueue) and the writer the
// composition root gives it. A command's events commit with it, once: a replay under its
// idempotency key enqueues nothing again, a failed command enqueues nothing, and a job's events
// (withOutbox) are rolled back with a failed attempt.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { commandDeps, outboxWriter } from '../../src/bindings.js';
import { emitCallback, EventType, payeeEvent } from '../../src/modules/callbacks/index.js';
import { runDefined, type Actor, type CommandDefinition } from '../../src/platform/commands.js';
import { enqueueJob, runOneJob, withOutbox } from '../../src/platform/jobs.js';
import { businessError } from '../../src/platform/errors.js';
import { call, ok, openFor, outbox, singleBoleto, startWorld, type World } from './receivables-fixture.js';
import { post } from './proposals-fixture.js';

let world: World;
const db = () => world.service.database.db;
const operator: Actor = { kind: 'operator', id: 'ana' };

before(async () => {
  world = await startWorld();
});
after(() => world.service.close());

const rowsOf = async (partnerId: string) => db().selectFrom('callback_events').select(['id', 'event_type', 'body']).where('partner_id', '=', partnerId).orderBy('seq').execute();
const deliveryJobs = async (ids: readonly string[]) => (await db().selectFrom('jobs').select('payload').where('kind', '=', 'callback.deliver').execute()).filter((j) => ids.includes((j.payload as { event_id: string }).event_id));

/** A command that emits one payee event and, when asked, fails after emitting it. */
function emitting(fail: boolean): CommandDefinition<{ payee: string }, { id: string }> {
  return {
    name: fail ? 'test.emit-then-fail' : 'test.emit',
    handler: async (input, ctx) => {
      const id = emitCallback(ctx.enqueue, world.partner.partnerId, payeeEvent(EventType.payeeApproved, ctx.now, { payeeId: input.payee, reason: null }));
      if (fail) throw businessError('X1', 'refused after enqueueing');
      return { id };
    },
  };
}

describe('the runner writes what a command enqueued, through the callbacks writer', () => {
  test('in its transaction: the row (with the id emitCallback chose) and its delivery job', async () => {
    const before = (await rowsOf(world.partner.partnerId)).length;
    const { result } = await runDefined(commandDeps(db(), world.service.clock), emitting(false), { payee: randomUUID() }, operator);
    const rows = await rowsOf(world.partner.partnerId);
    assert.equal(rows.length, before + 1);
    assert.equal(rows.at(-1)!.id, result.id);
    assert.equal((await deliveryJobs([result.id])).length, 1);
  });

  test('a replay under the idempotency key enqueues nothing again', async () => {
    const input = { payee: randomUUID() };
    const first = await runDefined(commandDeps(db(), world.service.clock), emitting(false), input, operator, 'emit-once');
    const count = (await rowsOf(world.partner.partnerId)).length;
    const again = await runDefined(commandDeps(db(), world.service.clock), emitting(false), input, operator, 'emit-once');
    assert.equal(again.replayed, true);
    assert.deepEqual(again.result, first.result);
    assert.equal((await rowsOf(world.partner.partnerId)).length, count);
  });

  test('a failed command enqueues nothing, on its first run as on its replay', async () => {
    const count = (await rowsOf(world.partner.partnerId)).length;
    const input = { payee: randomUUID() };
    for (let i = 0; i < 2; i += 1) await assert.rejects(runDefined(commandDeps(db(), world.service.clock), emitting(true), input, operator, 'emit-fail'), /refused after enqueueing/);
    await assert.rejects(runDefined(commandDeps(db(), world.service.clock), emitting(true), { payee: randomUUID() }, operator), /refused after enqueueing/);
    assert.equal((await rowsOf(world.partner.partnerId)).length, count);
  });

  test('without a writer a command may not enqueue (and changes nothing)', async () => {
    const count = (await rowsOf(world.partner.partnerId)).length;
    await assert.rejects(runDefined({ db: db(), clock: world.service.clock }, emitting(false), { payee: randomUUID() }, operator), /no outbox writer/);
    assert.equal((await rowsOf(world.partner.partnerId)).length, count);
  });
});

describe('a partner operation replayed over HTTP', () => {
  test('GerarUnicoBoleto under one IdempotencyKey: event 5 once, the replay byte for byte', async () => {
    const s = await openFor(world);
    const body = singleBoleto(s.proposalId, [1]);
    const first = await post(world.service, world.token, '/AgendaRecebivel/GerarUnicoBoleto', body, 'boleto-once');
    const again = await post(world.service, world.token, '/AgendaRecebivel/GerarUnicoBoleto', body, 'boleto-once');
    assert.equal(first.status, 200, first.raw.body);
    assert.equal(again.raw.body, first.raw.body);
    assert.equal(again.raw.headers['idempotent-replayed'], 'true');
    assert.deepEqual((await outbox(world, s.proposalId)).map((e) => e.type), [0, 5]);
  });

  test('a refused operation enqueues nothing', async () => {
    const s = await openFor(world);
    await ok(world, '/AgendaRecebivel/GerarUnicoBoleto', singleBoleto(s.proposalId, [1]));
    const refused = await call(world, '/AgendaRecebivel/GerarUnicoBoleto', singleBoleto(s.proposalId, [1]));
    assert.equal(refused.status, 400, refused.text);
    assert.deepEqual((await outbox(world, s.proposalId)).map((e) => e.type), [0, 5]);
  });
});

describe('jobs given the writer (withOutbox)', () => {
  const kind = 'test.emit-job';
  const jobs = (fail: boolean) =>
    withOutbox(
      {
        [kind]: async (payload, ctx) => {
          emitCallback(ctx.enqueue, world.partner.partnerId, payeeEvent(EventType.payeeApproved, ctx.now, { payeeId: (payload as { payee: string }).payee, reason: null }));
          if (fail) throw new Error('job failed after enqueueing');
        },
      },
      outboxWriter,
    );

  test('a failed attempt enqueues nothing; the successful one writes its events with it', async () => {
    const payee = randomUUID();
    await enqueueJob(db(), kind, { payee }, world.service.clock.now());
    const count = (await rowsOf(world.partner.partnerId)).length;
    assert.equal(await runOneJob(db(), world.service.clock, jobs(true)), 'retry');
    assert.equal((await rowsOf(world.partner.partnerId)).length, count);
    world.service.clock.advance(60 * 60 * 1000);
    assert.equal(await runOneJob(db(), world.service.clock, jobs(false)), 'done');
    const rows = await rowsOf(world.partner.partnerId);
    assert.equal(rows.length, count + 1);
    assert.match(rows.at(-1)!.body, new RegExp(payee));
  });

  test('a job kind not given the writer may not enqueue', async () => {
    await enqueueJob(db(), 'test.bare-job', {}, world.service.clock.now());
    const bare = { 'test.bare-job': async (_p: unknown, ctx: { enqueue: (e: { kind: string; payload: unknown }) => void }) => ctx.enqueue({ kind: 'callback', payload: {} }) };
    assert.equal(await runOneJob(db(), world.service.clock, bare), 'retry');
    const job = await db().selectFrom('jobs').select('last_error').where('kind', '=', 'test.bare-job').executeTakeFirstOrThrow();
    assert.match(job.last_error ?? '', /no outbox writer/);
  });
});

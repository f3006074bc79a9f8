// Issue 18 with the one job queue: when the sandbox clock jumps, the composition root's catch-up
// phases do the real work that fell due, in order at every step: callbacks first, then the
// registrations of the job queue, then the daily expiry write-off (test/http/boleto-expiry.test.ts).
// (Overdue marking has no phase: fines and mora are computed from the clock when read or paid. The
// order of the four phases is tested with stand-ins in platform/sandbox-clock/time-travel.test.ts.)
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { catchUpPhases } from '../../src/compose.js';
import { moveSandboxClock, type CatchUpPhase } from '../../src/platform/sandbox-clock/time-travel.js';
import { startReceiver, type CallbackReceiver } from '../support/callback-receiver.js';
import { startTestService } from '../support/app.js';
import { ok, openFor, singleBoleto, type World } from './receivables-fixture.js';

let world: World;
let receiver: CallbackReceiver;

before(async () => {
  const service = await startTestService();
  receiver = await startReceiver({ now: () => service.clock.now() });
  const partner = await service.onboard({ callbackUrl: receiver.url });
  receiver.secrets = [partner.callbackSecret];
  world = { service, partner, token: await service.token(partner) };
});
after(async () => {
  await receiver?.close();
  await world?.service.close();
});

test('a clock jump runs the callbacks, then the registrations, that fell due in the skipped interval', async () => {
  const { db } = world.service.database;
  const opening = await openFor(world);
  await ok(world, '/AgendaRecebivel/GerarUnicoBoleto', singleBoleto(opening.proposalId, [1], { tipoRegistro: 2 })); // offline: a registration job
  const registration = await db.selectFrom('jobs').select(['id', 'status']).where('kind', '=', 'boleto.register').executeTakeFirstOrThrow();
  assert.equal(registration.status, 'pending');
  const pendingCallbacks = await db.selectFrom('callback_deliveries').select('id').where('status', '=', 'pending').execute();
  assert.ok(pendingCallbacks.length >= 1, 'opening the schedule and issuing the boleto queued callbacks');

  const phases = catchUpPhases(db, world.service.config, world.service.clock);
  assert.deepEqual(phases.map((p) => p.name), ['callbacks', 'registrations', 'expirations']);
  const work: string[] = [];
  const recorded = phases.map((p): CatchUpPhase => ({
    name: p.name,
    round: async (at) => {
      const handled = await p.round(at);
      if (handled > 0) work.push(`${at.toISOString().slice(0, 10)} ${p.name}`);
      return handled;
    },
  }));
  const from = world.service.clock.now();
  const report = await moveSandboxClock(db, world.service.clock, new Date(from.getTime() + 2 * 86_400_000), recorded);

  assert.equal(report.steps, 2);
  assert.ok(report.handled.callbacks >= pendingCallbacks.length && report.handled.registrations === 1, JSON.stringify(report.handled));
  // A proposal's events go one per round (in order), so a phase may take several rounds.
  const phasesWithWork = work.filter((w, i) => w !== work[i - 1]);
  assert.deepEqual(phasesWithWork.slice(0, 2), ['2026-11-24 callbacks', '2026-11-24 registrations'], 'callbacks first, then registrations, at the first step');
  assert.equal((await db.selectFrom('jobs').select('status').where('id', '=', registration.id).executeTakeFirstOrThrow()).status, 'done');
  for (const { id } of pendingCallbacks) assert.ok(receiver.byId(`msg_${id}`).length === 1, `msg_${id} delivered once`);
  assert.ok(receiver.receipts.every((r) => r.verified.ok), 'signed (Standard Webhooks)');
});

// The daily write-off of expired boletos (issue 17, decision S27) on the one job queue, with the
// frozen clock: one run per day, due at the start of the day in São Paulo, writes off the live
// boletos whose dtExpiracao has passed (event 6; a charge's boleto cancels the charge: 9 then 6),
// frees their installments, and schedules the next day; one run is pending at a time; running a
// day again changes nothing; a sandbox clock jump runs it in its "expirations" phase.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { catchUpPhases } from '../../src/compose.js';
import { BOLETO_EXPIRE_JOB, receivablesJobHandlers, scheduleBoletoExpiry } from '../../src/modules/receivables/index.js';
import { localDate } from '../../src/platform/dates.js';
import { enqueueJob, runDueJobs, withOutbox } from '../../src/platform/jobs.js';
import { outboxWriter } from '../../src/bindings.js';
import { moveSandboxClock } from '../../src/platform/sandbox-clock/time-travel.js';
import { ok, openFor, outbox, singleBoleto, startWorld, type World } from './receivables-fixture.js';

let world: World;
before(async () => {
  world = await startWorld();
});
after(() => world?.service.close());

const db = () => world.service.database.db;
const run = () => runDueJobs(db(), world.service.clock, withOutbox(receivablesJobHandlers, outboxWriter));
const boletoStatus = async (numero: number) => (await db().selectFrom('receivable_boletos').select('registration_status').where('numero', '=', numero).executeTakeFirstOrThrow()).registration_status;
const pendingRuns = () => db().selectFrom('jobs').select(['payload', 'run_at']).where('kind', '=', BOLETO_EXPIRE_JOB).where('status', '=', 'pending').execute();
const dayOf = (payload: unknown) => ((typeof payload === 'string' ? JSON.parse(payload) : payload) as { day: string }).day;
const schedule = (day: string) => db().transaction().execute((tx) => scheduleBoletoExpiry(tx, localDate(day), world.service.clock.now()));

/** Moves the frozen clock (forward) with a fresh access token for the partner. */
async function setClock(at: string): Promise<void> {
  world.service.clock.set(at);
  world.token = await world.service.token(world.partner);
}

async function boleto(proposalId: string, n: number, due: string, expiry: string): Promise<number> {
  const body = await ok(world, '/AgendaRecebivel/GerarUnicoBoleto', singleBoleto(proposalId, [n], { dtVencimento: due, dtExpiracao: expiry }));
  return (body.boletos as Array<{ numeroBoleto: number }>)[0]!.numeroBoleto;
}

test('each day at 00:00 in São Paulo the boletos expired before it are written off, once; the next day is scheduled', async () => {
  const s = await openFor(world);
  const expiring = await boleto(s.proposalId, 1, '2026-11-24T00:00:00Z', '2026-11-25T00:00:00Z');
  const later = await boleto(s.proposalId, 2, '2026-11-24T00:00:00Z', '2026-11-30T00:00:00Z');
  const charge = await ok(world, '/AgendaRecebivel/GerarUnicaCobranca', { dto: { codigoProposta: s.proposalId, nroParcelas: [3] }, dtoGerarUnicaLiquidacao: { dtVencimento: '2026-11-24T00:00:00Z', dtExpiracao: '2026-11-25T00:00:00Z', liquidacao: true, descricaoLiquidacao: 'Parcela 3' } });
  const chargeId = (charge.cobrancas as Array<{ codigoLiquidacao: string }>)[0]!.codigoLiquidacao;

  assert.equal(await schedule('2026-11-23'), true);
  assert.equal(await schedule('2026-11-23'), false, 'one run pending at a time (every instance asks)');
  await run();
  assert.deepEqual((await pendingRuns()).map((j) => [dayOf(j.payload), j.run_at.toISOString()]), [['2026-11-24', '2026-11-24T03:00:00.000Z']], 'the next day, at its start in São Paulo');
  assert.deepEqual([await boletoStatus(expiring), await boletoStatus(later)], [1, 1], 'nothing expired yet');

  await setClock('2026-11-25T12:00:00Z');
  await run();
  assert.equal(await boletoStatus(expiring), 1, 'dtExpiracao is the last day it can be paid');

  await setClock('2026-11-26T03:00:00Z');
  const before = (await outbox(world, s.proposalId)).length;
  await run();
  assert.deepEqual([await boletoStatus(expiring), await boletoStatus(later)], [4, 1], 'written off the day after dtExpiracao');
  const chargeRow = await db().selectFrom('receivable_charges').select('status').where('id', '=', chargeId).executeTakeFirstOrThrow();
  assert.equal(chargeRow.status, 'cancelled', "a charge's boleto cancels its charge");
  assert.deepEqual((await outbox(world, s.proposalId)).slice(before).map((e) => e.type).sort(), [6, 6, 9]);
  assert.deepEqual((await pendingRuns()).map((j) => dayOf(j.payload)), ['2026-11-27']);

  // The same day again (a duplicate run): nothing changes, and still one run pending.
  const events = (await outbox(world, s.proposalId)).length;
  await db().transaction().execute((tx) => enqueueJob(tx, BOLETO_EXPIRE_JOB, { day: '2026-11-26' }, world.service.clock.now()));
  assert.deepEqual(await run(), { done: 1, retried: 0, failed: 0 });
  assert.equal((await outbox(world, s.proposalId)).length, events);
  assert.deepEqual((await pendingRuns()).map((j) => dayOf(j.payload)), ['2026-11-27']);
  // The installment is free for a new boleto.
  await boleto(s.proposalId, 1, '2026-11-27T00:00:00Z', '2026-11-27T00:00:00Z');
});

test('a sandbox clock jump writes expired boletos off in its "expirations" phase, day by day', async () => {
  const s = await openFor(world);
  const at = world.service.clock.now();
  const expiring = await boleto(s.proposalId, 1, '2026-11-27T00:00:00Z', '2026-11-28T00:00:00Z');
  const phases = catchUpPhases(db(), world.service.config, world.service.clock);
  assert.deepEqual(phases.map((p) => p.name), ['callbacks', 'registrations', 'expirations']);
  const report = await moveSandboxClock(db(), world.service.clock, new Date(at.getTime() + 4 * 86_400_000), phases);
  assert.equal(await boletoStatus(expiring), 4);
  assert.ok(report.handled.expirations >= 1, JSON.stringify(report.handled));
  assert.deepEqual((await pendingRuns()).map((j) => dayOf(j.payload)), ['2026-12-01']);
});

// A Pix provider over the API Pix (a local fake: real HTTPS with client certificates made by
// openssl, OAuth2, webhooks): a charge registered as cobv with a dynamic BR Code, paid, notified,
// confirmed with GET /pix, settled once (endToEndId), with the provider as actor; the webhook's
// secret; a notification that cannot be confirmed yet stays pending; a pix for a cancelled charge
// is an unmatched receipt; cob, removal and refunds through the client; start-up validation.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, test } from 'node:test';
import { parseBrCode } from '../../src/modules/receivables/collections/pix/br-code.js';
import { PIX_CONFIRM_JOB, PIX_PROVIDER_UNAVAILABLE, PixApiClient, pixClientFor, pixRefundCommand, reconcile, settlementJobKinds } from '../../src/modules/settlement/index.js';
import { runDueJobs } from '../../src/platform/jobs.js';
import { runDefined } from '../../src/platform/commands.js';
import { DomainError } from '../../src/platform/errors.js';
import { settlementDeps } from '../../src/bindings.js';
import { jobKinds, moduleContext } from '../../src/compose.js';
import { ConfigError, loadConfig } from '../../src/config.js';
import { dec } from '../../src/platform/money.js';
import type { FakeCerts, FakePixProvider } from '../support/fake-pix-provider.js';
import { startTestService } from '../support/app.js';
import { details, ok, openFor, outbox, type World } from '../http/receivables-fixture.js';
import { deliverWebhooksTo, pixChargeOf, pixEnv, registeredAt, startPixWorld, WEBHOOK_SECRET, type PixWorld } from './pix-fixture.js';

const SECRET = WEBHOOK_SECRET;
let pix: PixWorld;
let certs: FakeCerts;
let provider: FakePixProvider;
let world: World;

before(async () => {
  pix = await startPixWorld();
  ({ certs, provider, world } = pix);
  deliverWebhooksTo(provider, world);
});
after(() => pix.close());

function client(): PixApiClient {
  return new PixApiClient(world.service.config.settlement.pix!, world.service.clock);
}

const registered = (chargeId: string) => registeredAt(world, chargeId);
const pixCharge = (proposalId: string, parcela: number, due: string) => pixChargeOf(world, proposalId, parcela, due);

test('a cobv charge at the provider is paid, notified, confirmed and settled once, with the provider as actor', async () => {
  const s = await openFor(world, { firstDue: '2024-02-10', disbursedOn: '2024-01-10', count: 3 });
  const chargeId = await pixCharge(s.proposalId, 1, '2024-02-10');
  const reg = await registered(chargeId);
  const cobv = provider.charges.get(reg.txid)!;
  assert.equal(cobv.kind, 'cobv');
  assert.deepEqual((cobv.body as { calendario: unknown }).calendario, { dataDeVencimento: '2024-02-10', validadeAposVencimento: (cobv.body as { calendario: { validadeAposVencimento: number } }).calendario.validadeAposVencimento });
  assert.deepEqual((cobv.body as { valor: { multa: unknown; juros: unknown } }).valor.multa, { modalidade: 2, valorPerc: '2.00' });
  assert.equal((cobv.body as { valor: { original: string } }).valor.original, '350.00');
  assert.equal(reg.txid.length, 32, 'an API Pix txid (26 to 35 characters)');
  const parsed = parseBrCode(reg.emv);
  assert.ok(parsed.ok);
  assert.equal(parsed.code.url, cobv.location, 'a dynamic BR Code: the provider location, no key');
  assert.equal(parsed.code.key, null);
  assert.equal((await client().getCobv(reg.txid)).status, 'ATIVA');

  const paid = await provider.pay(reg.txid, '350.00', '2024-02-09T13:00:00-03:00');
  assert.equal(paid.webhookStatus, 200);
  assert.ok(provider.requests.includes(`GET /pix/${paid.endToEndId}`), 'confirmed with GET /pix before settling');
  const parcelas = (await details(world, s.proposalId)).parcelas;
  assert.deepEqual([parcelas[0]!.situacao, parcelas[0]!.lancamentos![0]!.viaBoleto], [1, false]);
  const db = world.service.database.db;
  const event = await db.selectFrom('settlement_events').selectAll().where('source_key', '=', `pix:${paid.endToEndId}`).executeTakeFirstOrThrow();
  assert.deepEqual([event.kind, event.channel, event.actor, event.outcome, event.paid_on], ['settled', 'pix', `psp:${new URL(provider.url).host}`, 'full', '2024-02-09']);
  assert.ok((await outbox(world, s.proposalId)).some((e) => e.type === 3));

  // The provider delivers the same notification again: nothing changes.
  const again = await world.service.app.inject({ method: 'POST', url: `/webhooks/pix/${SECRET}/pix`, payload: { pix: [{ endToEndId: paid.endToEndId, txid: reg.txid, valor: '350.00', horario: '2024-02-09T13:00:00-03:00' }] } });
  assert.equal(again.statusCode, 200);
  assert.equal((await db.selectFrom('receivable_launches').select('id').where('charge_id', '=', chargeId).execute()).length, 1);

  // Refund through the provider.
  const refund = await client().refund(paid.endToEndId, 'D1', '10.00');
  assert.deepEqual([refund.id, refund.valor, refund.status], ['D1', '10.00', 'DEVOLVIDO']);
});

test('the webhook: wrong secret 404, bad body 400; unconfirmable pix stays pending then settles; cancelled charge → unmatched', async () => {
  assert.equal((await world.service.app.inject({ method: 'POST', url: `/webhooks/pix/${'x'.repeat(40)}/pix`, payload: { pix: [] } })).statusCode, 404);
  assert.equal((await world.service.app.inject({ method: 'POST', url: `/webhooks/pix/${SECRET}/pix`, payload: { pix: [{ endToEndId: 'short', valor: '1', horario: 'x' }] } })).statusCode, 400);

  const s = await openFor(world, { firstDue: '2024-02-10', disbursedOn: '2024-01-10', count: 3 });
  const chargeId = await pixCharge(s.proposalId, 2, '2024-03-10');
  const { txid } = await registered(chargeId);
  provider.failGetPix = true;
  const down = await provider.pay(txid, '100.00', '2024-02-20T10:00:00-03:00');
  assert.equal(down.webhookStatus, 200, 'stored: the provider need not retry');
  const db = world.service.database.db;
  const pending = await db.selectFrom('settlement_pix_notifications').selectAll().where('end_to_end_id', '=', down.endToEndId).executeTakeFirstOrThrow();
  assert.deepEqual([pending.confirmed_at, pending.attempts], [null, 1]);
  assert.equal((await db.selectFrom('receivable_launches').select('id').where('charge_id', '=', chargeId).execute()).length, 0);
  provider.failGetPix = false;
  const retry = await world.service.app.inject({ method: 'POST', url: `/webhooks/pix/${SECRET}/pix`, payload: { pix: [{ endToEndId: down.endToEndId, txid, valor: '100.00', horario: '2024-02-20T10:00:00-03:00' }] } });
  assert.equal(retry.statusCode, 200);
  const partial = await db.selectFrom('settlement_events').select(['outcome', 'amount_paid']).where('source_key', '=', `pix:${down.endToEndId}`).executeTakeFirstOrThrow();
  assert.deepEqual([partial.outcome, partial.amount_paid], ['partial', '100.00']);

  // Cancelled at the provider and here, then paid anyway: an unmatched receipt, never lost.
  const cancelledId = await pixCharge(s.proposalId, 3, '2024-04-10');
  const cancelled = await registered(cancelledId);
  // CancelarCobrancas: the job removes the charge at the provider first; while the provider is down
  // the charge stays "cancelling" and the job is retried.
  const cancel = await world.service.call('/FGTS/CancelarCobrancas', { dto: { codigoProposta: s.proposalId }, dtoCancelarCobrancas: { codigosLiquidacoes: [cancelledId] } }, { token: world.token });
  assert.equal(cancel.statusCode, 200, cancel.body);
  // Every module's job kinds as the service runs them (receivables' cancellation removes at the provider first).
  const jobs = jobKinds(moduleContext(db, world.service.clock, world.service.config));
  const status = async () => (await db.selectFrom('receivable_charges').select('status').where('id', '=', cancelledId).executeTakeFirstOrThrow()).status;
  provider.failCharges = true;
  await runDueJobs(db, world.service.clock, jobs);
  provider.failCharges = false;
  assert.equal(await status(), 'cancelling');
  assert.equal(provider.charges.get(cancelled.txid)!.status, 'ATIVA');
  world.service.clock.advance(10_000);
  await runDueJobs(db, world.service.clock, jobs);
  assert.equal(await status(), 'cancelled');
  assert.equal(provider.charges.get(cancelled.txid)!.status, 'REMOVIDA_PELO_USUARIO_RECEBEDOR');
  assert.ok(provider.requests.includes(`PATCH /cobv/${cancelled.txid}`));
  assert.ok((await outbox(world, s.proposalId)).some((e) => e.type === 9), 'callback 9 once removed');
  const late = await provider.pay(cancelled.txid, '350.00', '2024-02-21T10:00:00-03:00');
  assert.equal(late.webhookStatus, 200);
  const unmatched = await db.selectFrom('settlement_unmatched').selectAll().where('source_key', '=', `pix:${late.endToEndId}`).executeTakeFirstOrThrow();
  assert.deepEqual([unmatched.amount, unmatched.channel, dec(unmatched.amount).toFixed(2)], ['350.00', 'pix', '350.00']);
  assert.match(unmatched.reason, /cancelada/);
});

test('a pix whose confirmation fails is retried by a job until the provider confirms it; reconcile lists it meanwhile', async () => {
  const s = await openFor(world, { firstDue: '2024-02-10', disbursedOn: '2024-01-10', count: 3 });
  const chargeId = await pixCharge(s.proposalId, 1, '2024-02-10');
  const { txid } = await registered(chargeId);
  const db = world.service.database.db;
  const handlers = settlementJobKinds(world.service.config, settlementDeps(world.service.config), db);
  provider.failGetPix = true;
  const down = await provider.pay(txid, '350.00', '2024-02-09T13:00:00-03:00');
  assert.equal(down.webhookStatus, 200);
  const myJob = async () => {
    const jobs = await db.selectFrom('jobs').select(['id', 'payload', 'status', 'attempts', 'max_attempts']).where('kind', '=', PIX_CONFIRM_JOB).execute();
    const mine = jobs.filter((j) => JSON.stringify(j.payload).includes(down.endToEndId));
    assert.equal(mine.length, 1, 'one retry job for the notification');
    return mine[0]!;
  };
  assert.deepEqual([(await myJob()).status, (await myJob()).max_attempts], ['pending', 30]);
  const pending = await reconcile(db, '2024-02-09' as never);
  const line = pending.pendingPix.find((p) => p.endToEndId === down.endToEndId);
  assert.ok(line, 'reconcile lists the pix pending confirmation');
  assert.deepEqual([line.amount, line.attempts], ['350.00', 1]);
  assert.match(line.lastError ?? '', /503/);
  assert.ok(pending.channels.find((c) => c.channel === 'pix')!.pendingConfirmation.count >= 1);

  // The job runs while the provider is still down: retried later, nothing applied.
  world.service.clock.advance(10_000);
  await runDueJobs(db, world.service.clock, handlers);
  assert.deepEqual([(await myJob()).status, (await myJob()).attempts], ['pending', 1]);
  assert.equal((await db.selectFrom('receivable_launches').select('id').where('charge_id', '=', chargeId).execute()).length, 0);
  // The provider is back: the next attempt confirms and settles, with the provider as the command's actor.
  provider.failGetPix = false;
  world.service.clock.advance(60_000);
  await runDueJobs(db, world.service.clock, handlers);
  assert.equal((await myJob()).status, 'done');
  assert.equal((await db.selectFrom('receivable_launches').select('id').where('charge_id', '=', chargeId).execute()).length, 1);
  const notification = await db.selectFrom('settlement_pix_notifications').selectAll().where('end_to_end_id', '=', down.endToEndId).executeTakeFirstOrThrow();
  assert.notEqual(notification.confirmed_at, null);
  const audit = await db.selectFrom('command_audit').select(['command', 'actor_kind', 'actor_id', 'summary']).where('summary', 'like', `%${down.endToEndId}%`).execute();
  assert.deepEqual(audit.map((a) => [a.command, a.actor_kind, a.actor_id, a.summary]), [['settlement.pix.apply', 'system', `psp:${new URL(provider.url).host}`, `pix ${down.endToEndId}: settled`]]);
  assert.equal((await reconcile(db, '2024-02-09' as never)).pendingPix.some((p) => p.endToEndId === down.endToEndId), false);
  assert.ok((await outbox(world, s.proposalId)).some((e) => e.type === 3), 'event 3 with the settlement');

  // The operator returns part of it through the provider: the command settlement.pix.refund.
  const refund = pixRefundCommand(pixClientFor(world.service.config.settlement.pix!), db);
  const deps = { db, clock: world.service.clock };
  const operator = { kind: 'operator' as const, id: 'ana' };
  const done = await runDefined(deps, refund, { endToEndId: down.endToEndId, refundId: 'R1', amount: '25.00' }, operator, 'refund-r1');
  assert.deepEqual([done.result.status, done.result.amount], ['DEVOLVIDO', '25.00']);
  assert.equal(provider.pixes.get(down.endToEndId)!.devolucoes.length, 1);
  const replay = await runDefined(deps, refund, { endToEndId: down.endToEndId, refundId: 'R1', amount: '25.00' }, operator, 'refund-r1');
  assert.equal(replay.replayed, true);
  assert.equal(provider.pixes.get(down.endToEndId)!.devolucoes.length, 1, 'a replay does not refund twice');
  const code = async (input: { endToEndId: string; refundId: string; amount: string }) => {
    try {
      await runDefined(deps, refund, input, operator);
      return 'ok';
    } catch (error) {
      return (error as DomainError).messages[0]!.code;
    }
  };
  assert.equal(await code({ endToEndId: down.endToEndId, refundId: 'R2', amount: '350.01' }), 'DEV004');
  assert.equal(await code({ endToEndId: 'E'.repeat(32), refundId: 'R3', amount: '1.00' }), 'DEV003');
  assert.equal(await code({ endToEndId: down.endToEndId, refundId: 'R-4', amount: '1.00' }), 'DEV001');
  const audit2 = await db.selectFrom('command_audit').select(['actor_kind', 'actor_id']).where('command', '=', 'settlement.pix.refund').execute();
  assert.deepEqual(audit2, [{ actor_kind: 'operator', actor_id: 'ana' }]);

  // The refunds of one pix never add up to more than it brought (350.00, 25.00 already returned).
  assert.equal(await code({ endToEndId: down.endToEndId, refundId: 'R2', amount: '325.01' }), 'DEV004');
  assert.equal(await code({ endToEndId: down.endToEndId, refundId: 'R2', amount: '325.00' }), 'ok');
  assert.equal(await code({ endToEndId: down.endToEndId, refundId: 'R5', amount: '0.01' }), 'DEV004');
  assert.equal(await code({ endToEndId: down.endToEndId, refundId: 'R1', amount: '25.00' }), 'ok', 'the same refund again (a retry under another key) is not counted twice');
  assert.equal(await code({ endToEndId: down.endToEndId, refundId: 'R1', amount: '20.00' }), 'DEV001', 'a refund id names one amount');
  const refunds = await db.selectFrom('settlement_pix_refunds').select(['refund_id', 'amount']).where('end_to_end_id', '=', down.endToEndId).orderBy('refund_id').execute();
  assert.deepEqual(refunds, [{ refund_id: 'R1', amount: '25.00' }, { refund_id: 'R2', amount: '325.00' }]);
  assert.deepEqual(provider.pixes.get(down.endToEndId)!.devolucoes.map((d) => [d.id, d.valor]), [['R1', '25.00'], ['R2', '325.00']]);
});

test('GerarUnicaCobranca with the provider down: 503 PIX001 with Retry-After, nothing created; the same key later creates it; a charge due and expiring today is a cob', async () => {
  const s = await openFor(world, { firstDue: '2024-02-10', disbursedOn: '2024-01-10', count: 3 });
  const body = { dto: { codigoProposta: s.proposalId, nroParcelas: [1] }, dtoGerarUnicaLiquidacao: { dtVencimento: '2024-02-10', descricaoLiquidacao: 'Parcela 1', pagamentoViaPIX: true, pagamentoViaBoleto: false } };
  const db = world.service.database.db;
  const before = (await db.selectFrom('receivable_charges').select('id').execute()).length;
  provider.failCharges = true;
  const down = await world.service.call('/AgendaRecebivel/GerarUnicaCobranca', body, { token: world.token, key: 'pix-down-1' });
  provider.failCharges = false;
  assert.equal(down.statusCode, 503, down.body);
  assert.equal(down.headers['retry-after'], '30');
  const envelope = down.json() as { hasError: boolean; messages: Array<{ code: string; description: string }> };
  assert.equal(envelope.hasError, true);
  assert.equal(envelope.messages[0]!.code, PIX_PROVIDER_UNAVAILABLE);
  assert.doesNotMatch(down.body, /127\.0\.0\.1|503 Serviço|PixHttpError|stack/, 'no internals of the provider call leak');
  assert.equal((await db.selectFrom('receivable_charges').select('id').execute()).length, before, 'nothing created');
  const again = await world.service.call('/AgendaRecebivel/GerarUnicaCobranca', body, { token: world.token, key: 'pix-down-1' });
  assert.equal(again.statusCode, 200, again.body);
  const chargeId = (again.json() as { cobrancas: Array<{ codigoLiquidacao: string }> }).cobrancas[0]!.codigoLiquidacao;
  assert.equal(provider.charges.get((await registered(chargeId)).txid)!.kind, 'cobv');

  // Due and expiring today (2024-01-15, the frozen clock): an immediate cob, amount net of the discount, expiring at the end of the day.
  const today = await ok(world, '/AgendaRecebivel/GerarUnicaCobranca', { dto: { codigoProposta: s.proposalId, nroParcelas: [2] }, dtoGerarUnicaLiquidacao: { dtVencimento: '2024-01-15', dtExpiracao: '2024-01-15', vlrDesconto: 10, descricaoLiquidacao: 'Parcela 2 hoje', pagamentoViaPIX: true, pagamentoViaBoleto: false } });
  const cob = provider.charges.get((await registered((today.cobrancas as Array<{ codigoLiquidacao: string }>)[0]!.codigoLiquidacao)).txid)!;
  assert.equal(cob.kind, 'cob');
  const cobBody = cob.body as { calendario: { expiracao: number }; valor: { original: string } };
  assert.equal(cobBody.calendario.expiracao, (Date.parse('2024-01-16T03:00:00Z') - world.service.clock.now().getTime()) / 1000, 'until midnight in Brasília');
  assert.equal(cobBody.valor.original, (await db.selectFrom('receivable_charges').select('amount').where('pix_txid', '=', cob.txid).executeTakeFirstOrThrow()).amount);
});

test('cob (immediate) through the client; configuration validated at start-up', async () => {
  const txid = 'a'.repeat(30);
  const created = await client().putCob(txid, { calendario: { expiracao: 3600 }, valor: { original: '12.34' }, chave: '11222333000181' });
  assert.equal(created.status, 'ATIVA');
  assert.equal((await client().getCob(txid)).valor.original, '12.34');
  assert.throws(() => loadConfig({ CAAS_PIX_PSP_URL: 'http://psp.example', CAAS_PIX_WEBHOOK_SECRET: 'short', CAAS_PIX_PSP_CERT: '/nonexistent.pem' }), (e: unknown) => {
    const text = (e as ConfigError).problems.join('\n');
    for (const expected of ['CAAS_PIX_PSP_TOKEN_URL is required', 'CAAS_PIX_PSP_CLIENT_ID is required', 'CAAS_PIX_WEBHOOK_SECRET must be 32', 'CAAS_PIX_PSP_URL must be an https URL', 'CAAS_PIX_PSP_CERT: cannot read', 'CAAS_PIX_PSP_CERT and CAAS_PIX_PSP_KEY go together']) assert.ok(text.includes(expected), `${expected} in:\n${text}`);
    return true;
  });
  assert.equal(loadConfig({}).settlement.pix, null, 'no provider: the sandbox stays as it is');
});

test('the webhook secret never reaches the request log: the route pattern is logged', async () => {
  let logged = '';
  const capture = new Writable({ write: (chunk: Buffer, _encoding, done) => ((logged += chunk.toString()), done()) });
  const service = await startTestService({ ...pixEnv(provider, certs), LOG_LEVEL: 'info' }, [], { logStream: capture });
  try {
    const answer = await service.app.inject({ method: 'POST', url: `/webhooks/pix/${SECRET}/pix`, payload: { pix: [{ endToEndId: 'short', valor: '1', horario: 'x' }] } });
    assert.equal(answer.statusCode, 400);
    assert.match(logged, /"path":"\/webhooks\/pix\/:secret\/pix"/);
    assert.ok(!logged.includes(SECRET), 'the secret was logged');
  } finally {
    await service.close();
  }
});

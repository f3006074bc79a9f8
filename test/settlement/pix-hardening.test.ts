// Review findings of issue 17 on Pix, against the fake provider (real HTTPS) and real PostgreSQL:
// the amount, txid and time of a pix are what GET /pix confirmed, not what the first notification
// said (refunds are capped by it); a refund is recorded as requested before the provider is
// called, so one the provider accepted is never lost when the commit fails, and the same refund id
// resumes it.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { pixClientFor, pixRefundCommand } from '../../src/modules/settlement/index.js';
import { runDefined } from '../../src/platform/commands.js';
import type { DomainError } from '../../src/platform/errors.js';
import type { FakePixProvider } from '../support/fake-pix-provider.js';
import { ok, openFor, type World } from '../http/receivables-fixture.js';
import { startPixWorld, type PixWorld } from './pix-fixture.js';

const SECRET = 'h'.repeat(40);
let pix: PixWorld;
let provider: FakePixProvider;
let world: World;

before(async () => {
  pix = await startPixWorld({ CAAS_PIX_WEBHOOK_SECRET: SECRET });
  ({ provider, world } = pix);
});
after(() => pix.close());

const db = () => world.service.database.db;
const notify = (pix: object) => world.service.app.inject({ method: 'POST', url: `/webhooks/pix/${SECRET}/pix`, payload: { pix: [pix] } });

/** A charge registered at the provider and paid there (350.00); the webhook is the test's to call. */
async function paidPix(): Promise<{ endToEndId: string; txid: string }> {
  const s = await openFor(world, { firstDue: '2024-02-10', disbursedOn: '2024-01-10', count: 2 });
  const body = await ok(world, '/AgendaRecebivel/GerarUnicaCobranca', { dto: { codigoProposta: s.proposalId, nroParcelas: [1] }, dtoGerarUnicaLiquidacao: { dtVencimento: '2024-02-10', descricaoLiquidacao: 'Parcela 1', pagamentoViaPIX: true, pagamentoViaBoleto: false } });
  const chargeId = (body.cobrancas as Array<{ codigoLiquidacao: string }>)[0]!.codigoLiquidacao;
  const txid = (await db().selectFrom('receivable_charges').select('pix_txid').where('id', '=', chargeId).executeTakeFirstOrThrow()).pix_txid!;
  provider.webhook = null;
  const { endToEndId } = await provider.pay(txid, '350.00', '2024-02-09T13:00:00-03:00');
  return { endToEndId, txid };
}

const refund = () => pixRefundCommand(pixClientFor(world.service.config.settlement.pix!), db());
const operator = { kind: 'operator' as const, id: 'ana' };

async function refundCode(input: { endToEndId: string; refundId: string; amount: string }): Promise<string> {
  try {
    return (await runDefined({ db: db(), clock: world.service.clock }, refund(), input, operator)).result.status;
  } catch (error) {
    return (error as DomainError).messages?.[0]?.code ?? (error as Error).message;
  }
}

test('a pix is stored as GET /pix confirmed it (amount, txid, time), whatever the first notification said; refunds are capped by that', async () => {
  const { endToEndId, txid } = await paidPix();
  const notified = await notify({ endToEndId, valor: '999.00', horario: '2024-02-01T10:00:00-03:00' });
  assert.equal(notified.statusCode, 200, notified.body);
  const row = await db().selectFrom('settlement_pix_notifications').select(['amount', 'txid', 'paid_at', 'confirmed_at']).where('end_to_end_id', '=', endToEndId).executeTakeFirstOrThrow();
  assert.deepEqual([row.amount, row.txid, row.paid_at], ['350.00', txid, '2024-02-09T13:00:00-03:00']);
  assert.notEqual(row.confirmed_at, null);
  assert.equal(await refundCode({ endToEndId, refundId: 'C1', amount: '350.01' }), 'DEV004');
  assert.equal(await refundCode({ endToEndId, refundId: 'C1', amount: '350.00' }), 'DEVOLVIDO');
});

test('a refund the provider accepted survives a failed commit: it counts against the pix, and the same id resumes it', async () => {
  const { endToEndId, txid } = await paidPix();
  assert.equal((await notify({ endToEndId, txid, valor: '350.00', horario: '2024-02-09T13:00:00-03:00' })).statusCode, 200);
  // The command's commit fails after the provider accepted R1 (a trigger refuses the recorded answer).
  await sql`create function refuse_refund_answer() returns trigger language plpgsql as $$ begin if new.rtr_id is not null then raise exception 'commit failed (test)'; end if; return new; end $$`.execute(db());
  await sql`create trigger refuse_refund_answer before insert or update on settlement_pix_refunds for each row execute function refuse_refund_answer()`.execute(db());
  try {
    assert.match(await refundCode({ endToEndId, refundId: 'R1', amount: '25.00' }), /commit failed/);
  } finally {
    await sql`drop trigger refuse_refund_answer on settlement_pix_refunds`.execute(db());
    await sql`drop function refuse_refund_answer()`.execute(db());
  }
  assert.deepEqual(provider.pixes.get(endToEndId)!.devolucoes.map((d) => [d.id, d.valor]), [['R1', '25.00']], 'the provider returned the money');
  const requested = await db().selectFrom('settlement_pix_refunds').select(['refund_id', 'amount', 'status', 'rtr_id']).where('end_to_end_id', '=', endToEndId).execute();
  assert.deepEqual(requested, [{ refund_id: 'R1', amount: '25.00', status: 'requested', rtr_id: null }]);
  // Another refund cannot go past the cap: R1 counts while requested.
  assert.equal(await refundCode({ endToEndId, refundId: 'R2', amount: '350.00' }), 'DEV004');
  // The same refund id again resumes R1: the provider answers the refund it has, recorded now.
  assert.equal(await refundCode({ endToEndId, refundId: 'R1', amount: '25.00' }), 'DEVOLVIDO');
  const resumed = await db().selectFrom('settlement_pix_refunds').select(['status', 'rtr_id']).where('end_to_end_id', '=', endToEndId).executeTakeFirstOrThrow();
  assert.deepEqual([resumed.status, resumed.rtr_id], ['DEVOLVIDO', provider.pixes.get(endToEndId)!.devolucoes[0]!.rtrId]);
  assert.equal(provider.pixes.get(endToEndId)!.devolucoes.length, 1, 'not refunded twice');

  // The provider down: DEV005; the refund stays requested (counted); the same id later completes it.
  provider.failRefunds = true;
  try {
    assert.equal(await refundCode({ endToEndId, refundId: 'R3', amount: '300.00' }), 'DEV005');
  } finally {
    provider.failRefunds = false;
  }
  assert.equal(await refundCode({ endToEndId, refundId: 'R4', amount: '25.01' }), 'DEV004', '25.00 + 300.00 requested + 25.01 > 350.00');
  assert.equal(await refundCode({ endToEndId, refundId: 'R3', amount: '300.00' }), 'DEVOLVIDO');
  assert.deepEqual(provider.pixes.get(endToEndId)!.devolucoes.map((d) => [d.id, d.valor]), [['R1', '25.00'], ['R3', '300.00']]);
});

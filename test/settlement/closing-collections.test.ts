// A schedule that closes (cancelled, or paid off) closes what could still be paid (issue 17,
// decision S26): its Pix charges registered at the provider are removed there (PATCH) by the
// charge.cancel job, then cancelled with event 9; its boletos the bank registered are cancelled
// (event 6) and their write-off requests go in the next remittance. The collection that pays the
// schedule off is kept (it becomes paid). A fake provider (mTLS, OAuth2) and CNAB files.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { proposalDeps, settlementDeps } from '../../src/bindings.js';
import { jobKinds, moduleContext } from '../../src/compose.js';
import { cancelScheduleWith } from '../../src/modules/receivables/schedule/schedule-lifecycle.js';
import { bankProfile, buildReturn, importReturnFile, makeRemittance, remittanceText } from '../../src/modules/settlement/index.js';
import { localDate, type LocalDate } from '../../src/platform/dates.js';
import { runDueJobs } from '../../src/platform/jobs.js';
import { details, ok, openFor, outbox, type World } from '../http/receivables-fixture.js';
import { createOk, personDto } from '../http/proposals-fixture.js';
import { approveProposal, disburseProposal } from '../../src/modules/proposals/operator-lifecycle.js';
import type { FakePixProvider } from '../support/fake-pix-provider.js';
import { deliverWebhooksTo, pixChargeOf, registeredAt, startPixWorld, type PixWorld } from './pix-fixture.js';
import { inOutbox } from '../support/outbox.js';

let pix: PixWorld;
let provider: FakePixProvider;
let world: World;
let dir: string;
let returnSequence = 0;

before(async () => {
  pix = await startPixWorld({ CAAS_BOLETO_REGISTRATION: 'cnab' });
  ({ provider, world } = pix);
  deliverWebhooksTo(provider, world);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caas-closing-'));
});
after(async () => {
  await pix.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const db = () => world.service.database.db;
const jobs = () => jobKinds(moduleContext(db(), world.service.clock, world.service.config));
const chargeStatus = async (id: string) => (await db().selectFrom('receivable_charges').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const atProvider = async (chargeId: string) => provider.charges.get((await registeredAt(world, chargeId)).txid)!.status;

/** An offline boleto of installment `n`, sent in a remittance and registered by the bank's return. */
async function registeredBoleto(proposalId: string, n: number, due: string): Promise<{ id: string; numero: number }> {
  await ok(world, '/AgendaRecebivel/GerarUnicoBoleto', { dto: { codigoProposta: proposalId, nroParcelas: [n] }, dtoGerarUnicoBoleto: { dtVencimento: due, descricaoBoleto: `Parcela ${n}`, tipoRegistro: 2 } });
  const b = await db().selectFrom('receivable_boletos as b').innerJoin('receivable_schedules as s', 's.id', 'b.schedule_id').select(['b.id', 'b.numero', 'b.nosso_numero_seq', 'b.amount']).where('s.proposal_id', '=', proposalId).orderBy('b.numero', 'desc').executeTakeFirstOrThrow();
  const settings = world.service.config.receivables;
  assert.equal((await makeRemittance(db(), world.service.clock, settings, '001', dir)).registrations, 1);
  returnSequence += 1;
  const event = { movement: '02', sequence: BigInt(b.nosso_numero_seq), documentNumber: String(b.numero), dueDate: localDate(due), amount: b.amount };
  const text = remittanceText(buildReturn({ profile: bankProfile('001'), issuer: settings.issuer, company: settings.beneficiary, fileSequence: returnSequence, generatedOn: '2024-01-15' as LocalDate, events: [event] }));
  assert.deepEqual((await importReturnFile(db(), world.service.clock, settlementDeps(world.service.config), `ret-${returnSequence}.ret`, Buffer.from(text, 'latin1'))).outcomes, { registered: 1 });
  return { id: b.id, numero: b.numero };
}

const boletoStatus = async (id: string) => (await db().selectFrom('receivable_boletos').select('registration_status').where('id', '=', id).executeTakeFirstOrThrow()).registration_status;

test('a cancelled schedule: its provider charge removed at the provider then cancelled (event 9); its registered boleto written off in the next remittance', async () => {
  const s = await openFor(world, { firstDue: '2024-02-10', disbursedOn: '2024-01-10', count: 3 });
  const boleto = await registeredBoleto(s.proposalId, 1, '2024-02-10');
  const chargeId = await pixChargeOf(world, s.proposalId, 2, '2024-03-10');
  await inOutbox(db(), world.service.clock, (o) => cancelScheduleWith(world.service.config.receivables)(o.tx, o.enqueue, { proposalId: s.proposalId, partnerId: world.partner.partnerId, cancelledOn: localDate('2024-01-15'), refundAmount: null, refundDueDate: localDate('2024-01-22'), description: 'Desistência' }, world.service.clock.now()));
  assert.equal(await chargeStatus(chargeId), 'cancelling', 'waits for the provider');
  assert.equal(await atProvider(chargeId), 'ATIVA');
  assert.equal(await boletoStatus(boleto.id), 4, 'cancelled');
  assert.equal((await outbox(world, s.proposalId)).filter((e) => e.type === 9).length, 0);

  provider.failCharges = true;
  await runDueJobs(db(), world.service.clock, jobs());
  provider.failCharges = false;
  assert.equal(await chargeStatus(chargeId), 'cancelling', 'a provider failure retries the job');
  world.service.clock.advance(10_000);
  await runDueJobs(db(), world.service.clock, jobs());
  assert.equal(await chargeStatus(chargeId), 'cancelled');
  assert.equal(await atProvider(chargeId), 'REMOVIDA_PELO_USUARIO_RECEBEDOR');
  assert.ok(provider.requests.includes(`PATCH /cobv/${(await registeredAt(world, chargeId)).txid}`));
  assert.deepEqual((await outbox(world, s.proposalId)).map((e) => e.type).filter((t) => t === 9 || t === 6 || t === 1), [6, 1, 9]);

  const writeOff = await makeRemittance(db(), world.service.clock, world.service.config.receivables, '001', dir);
  assert.deepEqual([writeOff.registrations, writeOff.writeOffs], [0, 1]);
  const segmentP = fs.readFileSync(writeOff.path!, 'latin1').split('\r\n')[2]!;
  assert.deepEqual([segmentP[13], segmentP.slice(15, 17)], ['P', '02'], 'movement 02: write-off request');
});

/** A real proposal (the pay-off tells the proposals module), created, approved and disbursed today. */
async function disbursedProposal(): Promise<string> {
  const p = await createOk(world.service, world.token, personDto({ prazo: 3, dtPrimeiroVencto: '2024-02-15' }));
  const step = { numero: p.numero, at: localDate('2024-01-15'), reason: null, by: 'operador:teste' };
  await inOutbox(db(), world.service.clock, (s) => approveProposal(s, step));
  await inOutbox(db(), world.service.clock, (s) => disburseProposal(s, step, proposalDeps(world.service.config)));
  return p.codigo;
}

test('a schedule paid off: the paying charge kept (paid); the other provider charge removed; the registered boleto written off', async () => {
  const proposalId = await disbursedProposal();
  const boleto = await registeredBoleto(proposalId, 1, '2024-02-15');
  const paying = await pixChargeOf(world, proposalId, 2, '2024-03-15');
  const other = await pixChargeOf(world, proposalId, 3, '2024-04-15');
  // Installments 1 and 3 paid by launches (the boleto and the charge stay open), then 2 by its pix.
  const balances = (await details(world, proposalId)).parcelas;
  const launch = (n: number) => ({ nroParcela: n, dtPagamento: '2024-01-15T00:00:00Z', vlrPagamento: balances[n - 1]!.vlrSaldoAtual, descricaoLancamento: `Parcela ${n}` });
  await ok(world, '/AgendaRecebivel/IncluirLancamentoMultiplasParcelas', { dto: { codigoProposta: proposalId }, dtoLancamentoParcelas: [launch(1), launch(3)], parametros: [] });
  assert.deepEqual([await boletoStatus(boleto.id), await chargeStatus(other)], [1, 'active'], 'not paid off yet: nothing closed');

  const { amount } = await db().selectFrom('receivable_charges').select('amount').where('id', '=', paying).executeTakeFirstOrThrow();
  const paid = await provider.pay((await registeredAt(world, paying)).txid, amount, '2024-01-15T13:00:00-03:00');
  assert.equal(paid.webhookStatus, 200);
  assert.equal((await details(world, proposalId)).situacaoAgenda, 1, 'paid off');
  assert.equal(await chargeStatus(paying), 'paid', 'the paying charge is kept');
  assert.equal(await atProvider(paying), 'CONCLUIDA');
  assert.equal(await boletoStatus(boleto.id), 4);
  assert.equal(await chargeStatus(other), 'cancelling');
  await runDueJobs(db(), world.service.clock, jobs());
  assert.equal(await chargeStatus(other), 'cancelled');
  assert.equal(await atProvider(other), 'REMOVIDA_PELO_USUARIO_RECEBEDOR');
  const types = (await outbox(world, proposalId)).map((e) => e.type);
  assert.deepEqual(types.filter((t) => t === 6 || t === 7 || t === 9), [6, 7, 9], `boleto cancelled, paid off, then the removed charge: ${types}`);

  const writeOff = await makeRemittance(db(), world.service.clock, world.service.config.receivables, '001', dir);
  assert.deepEqual([writeOff.registrations, writeOff.writeOffs], [0, 1]);
});

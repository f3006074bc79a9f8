// The read model of the four reads (issue 14) over HTTP. The suite runs with CAAS_ANSWER_CACHE=
// verify: every hit is also computed and compared byte for byte (a difference is a 500), so a read
// after a write that the triggers missed fails here. Each kind of write: read (fill), read (hit,
// verified), write, read (must be fresh and show the write), read (hit, verified).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { proposalDeps } from '../../src/bindings.js';
import { approveProposal, disburseProposal } from '../../src/modules/proposals/operator-lifecycle.js';
import { payCharge } from '../../src/modules/receivables/payments/pay-collection.js';
import { cancelScheduleWith } from '../../src/modules/receivables/schedule/schedule-lifecycle.js';
import { requireOpenSchedule } from '../../src/modules/receivables/schedule/schedule-repository.js';
import { sandboxSettings } from '../../src/modules/receivables/settings.js';
import { localDate } from '../../src/platform/dates.js';
import { observeStatements } from '../../src/platform/db/prepared.js';
import type { Tx } from '../../src/platform/db/pool.js';
import { startTestService } from '../support/app.js';
import { inOutbox } from '../support/outbox.js';
import { createOk, personDto } from './proposals-fixture.js';
import { call, ok, openFor, post, runJobs, singleBoleto, startWorld, type World } from './receivables-fixture.js';

let world: World;
let onWorld: World;
before(async () => {
  world = await startWorld();
  const service = await startTestService({ CAAS_ANSWER_CACHE: 'on' });
  const partner = await service.onboard();
  onWorld = { service, partner, token: await service.token(partner) };
});
after(async () => {
  await world.service.close();
  await onWorld.service.close();
});

const READS: Array<[string, (id: string) => unknown]> = [
  ['/AgendaRecebivel/ConsultarDetalhes', (id) => ({ dto: { codigoProposta: id }, dtoConsultaDetalhes: { trazerBoleto: true, trazerAgendaDetalhada: true } })],
  ['/AgendaRecebivel/ConsultarParcelas', (id) => ({ dto: { codigoProposta: id } })],
  ['/AgendaRecebivel/ConsultarBoletos', (id) => ({ dto: { codigoProposta: id }, dtoConsultaBoletos: { trazerBoletosCancelados: true } })],
];
const CONSULT: [string, (id: string) => unknown] = ['/Proposta/Consultar', (id) => ({ dto: { codigoProposta: id } })];

async function readAll(w: World, id: string, reads = READS): Promise<string[]> {
  const texts: string[] = [];
  for (const [path, body] of reads) {
    const r = await call(w, path, body(id));
    assert.equal(r.status, 200, `${path}: ${r.text}`);
    texts.push(r.text);
  }
  return texts;
}

/** Fill, hit, write, then the fresh answers (verified on the next hit); returns before and after. */
async function aroundWrite(id: string, write: () => Promise<unknown>, reads = READS): Promise<{ before: string[]; after: string[] }> {
  const before = await readAll(world, id, reads);
  assert.deepEqual(await readAll(world, id, reads), before, 'a hit is the same answer');
  await write();
  const after = await readAll(world, id, reads);
  assert.deepEqual(await readAll(world, id, reads), after);
  return { before, after };
}

const changed = (r: { before: string[]; after: string[] }, index: number) => assert.notEqual(r.after[index], r.before[index], 'the write shows in the answer');

describe('hit path', () => {
  test('one statement, the stored bytes of the computed answer', async () => {
    const s = await openFor(onWorld);
    for (const [path, body] of [...READS]) {
      const miss = await call(onWorld, path, body(s.proposalId));
      const sent: string[] = [];
      const stop = observeStatements((text) => sent.push(text));
      let hit: Awaited<ReturnType<typeof call>>;
      try {
        hit = await call(onWorld, path, body(s.proposalId));
      } finally {
        stop();
      }
      assert.equal(hit.status, 200);
      assert.equal(hit.text, miss.text, path);
      assert.equal(sent.length, 1, sent.join('\n'));
    }
  });

  test('an unknown proposal costs one statement (the scope select answers the refusal); one created right after is found', async () => {
    const codigoOperacao = `late-${Date.now()}`;
    const unknown = { dto: { codigoOperacao } };
    const sent: string[] = [];
    const stop = observeStatements((text) => sent.push(text));
    let miss: Awaited<ReturnType<typeof call>>;
    try {
      miss = await call(onWorld, '/Proposta/Consultar', unknown);
    } finally {
      stop();
    }
    assert.equal(miss.status, 400, miss.text);
    assert.equal(miss.body.messages[0]?.code, 'C0112/V0001');
    assert.equal(sent.length, 1, sent.join('\n'));
    // In verify mode the query runs too and must refuse with the same message.
    assert.equal((await call(world, '/Proposta/Consultar', unknown)).text, miss.text);
    await createOk(onWorld.service, onWorld.token, personDto({ codigoOperacao }));
    assert.equal((await call(onWorld, '/Proposta/Consultar', unknown)).status, 200);
  });

  test('errors are never stored; another partner never sees the answer', async () => {
    const s = await openFor(onWorld);
    const stranger = await onWorld.service.onboard();
    const strangerWorld = { ...onWorld, partner: stranger, token: await onWorld.service.token(stranger) };
    await readAll(onWorld, s.proposalId);
    for (const [path, body] of READS) assert.equal((await call(strangerWorld, path, body(s.proposalId))).status, 400, path);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from answers where partner_id = ${stranger.partnerId}`.execute(onWorld.service.database.db);
    assert.equal(rows[0]!.n, 0);
  });
});

describe('fresh after every kind of write', () => {
  test('a launch (payment)', async () => {
    const s = await openFor(world);
    const r = await aroundWrite(s.proposalId, () => ok(world, '/AgendaRecebivel/IncluirLancamentoMultiplasParcelas', { dto: { codigoProposta: s.proposalId }, dtoLancamentoParcelas: [{ nroParcela: 1, dtPagamento: '2026-11-23', vlrPagamento: 10 }] }));
    changed(r, 0);
    changed(r, 1);
  });

  test('a boleto issued, then the schedule cancelled (its boletos with it)', async () => {
    const s = await openFor(world);
    changed(await aroundWrite(s.proposalId, () => ok(world, '/AgendaRecebivel/GerarUnicoBoleto', singleBoleto(s.proposalId, [1]))), 2);
    const cancel = cancelScheduleWith(world.service.config.receivables);
    const write = () => inOutbox(world.service.database.db, world.service.clock, (o) => cancel(o.tx, o.enqueue, { proposalId: s.proposalId, partnerId: world.partner.partnerId, cancelledOn: localDate('2026-11-23'), refundAmount: null, refundDueDate: localDate('2026-11-30'), description: 'x' }, world.service.clock.now()));
    const r = await aroundWrite(s.proposalId, write);
    changed(r, 0);
    changed(r, 2);
  });

  test('a Pix charge issued (job), then paid', async () => {
    const s = await openFor(world);
    let code = '';
    const issue = async () => {
      const body = await ok(world, '/AgendaRecebivel/GerarUnicaCobranca', { dto: { codigoProposta: s.proposalId, nroParcelas: [2] }, dtoGerarUnicaLiquidacao: { dtVencimento: '2026-12-23', liquidacao: true, descricaoLiquidacao: 'Cobrança', pagamentoViaBoleto: false, pagamentoViaPIX: true } });
      code = (body.cobrancas as Array<{ codigoLiquidacao: string }>)[0]!.codigoLiquidacao;
      await runJobs(world);
    };
    changed(await aroundWrite(s.proposalId, issue), 0);
    const pay = () => inOutbox(world.service.database.db, world.service.clock, (o) => payCharge(o.tx, o.enqueue, o.clock, { settings: sandboxSettings(), proposals: {} }, code, { amount: null, at: null }));
    changed(await aroundWrite(s.proposalId, pay), 0);
  });

  test("the partner's name (shown by ConsultarBoletos)", async () => {
    const s = await openFor(world);
    await ok(world, '/AgendaRecebivel/GerarUnicoBoleto', singleBoleto(s.proposalId, [1]));
    const rename = () => sql`update partners set name = name || ' renamed' where id = ${world.partner.partnerId}`.execute(world.service.database.db);
    changed(await aroundWrite(s.proposalId, rename), 2);
  });

  test('a writer outside the code paths (a job, psql): the triggers still see it; one statement bumps once', async () => {
    const s = await openFor(world);
    const db = world.service.database.db;
    const version = async () => (await sql<{ version: number }>`select version from answer_versions where scope = ${s.proposalId}`.execute(db)).rows[0]!.version;
    const v0 = await version();
    const r = await aroundWrite(s.proposalId, () => sql`update receivable_installments set due_date = due_date + 1 where schedule_id = (select id from receivable_schedules where proposal_id = ${s.proposalId})`.execute(db));
    changed(r, 0);
    assert.equal(await version(), v0 + 1, 'one statement over every installment: one bump');
  });

  test('a proposal approved, disbursed, its Consultar fresh at each step', async () => {
    const p = await createOk(world.service, world.token, personDto());
    const db = world.service.database.db;
    const clock = world.service.clock;
    changed(await aroundWrite(p.codigo, () => inOutbox(db, clock, (o) => approveProposal(o, { proposalNumber: p.numero, by: 'teste' })), [CONSULT]), 0);
    changed(await aroundWrite(p.codigo, () => inOutbox(db, clock, (o) => disburseProposal(o, { proposalNumber: p.numero, by: 'teste' }, proposalDeps(world.service.config))), [CONSULT]), 0);
    const r = await aroundWrite(p.codigo, () => ok(world, '/AgendaRecebivel/IncluirLancamentoMultiplasParcelas', { dto: { codigoProposta: p.codigo }, dtoLancamentoParcelas: [{ nroParcela: 1, dtPagamento: '2026-11-23', vlrPagamento: 10 }] }), [CONSULT, ...READS]);
    changed(r, 0);
  });
  test('the day changes (the service clock, the sandbox clock included): a new date is a new key', async () => {
    const s = await openFor(world);
    const r = await aroundWrite(s.proposalId, async () => {
      world.service.clock.advance(40 * 86_400_000);
      world.token = await world.service.token(world.partner); // the old one expired
    });
    changed(r, 1); // dtCalculo is today
  });
});

test('a writer and readers racing never leave a stale hit', async () => {
  const s = await openFor(world);
  const detail = READS[0]!;
  for (let round = 0; round < 6; round++) {
    const launch = post(world.service, world.token, '/AgendaRecebivel/IncluirLancamentoMultiplasParcelas', { dto: { codigoProposta: s.proposalId }, dtoLancamentoParcelas: [{ nroParcela: 1, dtPagamento: '2026-11-23', vlrPagamento: 1 }] });
    const reads = Array.from({ length: 3 }, () => call(world, detail[0], detail[1](s.proposalId)));
    const results = await Promise.all([launch, ...reads]);
    for (const r of results) assert.equal(r.status, 200, "raw" in r ? r.raw.body : r.text);
    await readAll(world, s.proposalId, [detail]); // a hit here is verified against a fresh computation
    await readAll(world, s.proposalId, [detail]);
  }
});

describe('versions: one bump per writing transaction and proposal (migration 0047)', () => {
  const versionOf = async (scope: string) =>
    Number((await sql<{ v: string }>`select coalesce((select version from answer_versions where scope = ${scope}), 0) as v`.execute(world.service.database.db)).rows[0]!.v);
  const touch = (tx: Tx, proposalId: string) =>
    sql`update receivable_installments set due_date = due_date where number = 1 and schedule_id = (select id from receivable_schedules where proposal_id = ${proposalId})`.execute(tx);

  test('a charge (charge, boleto and their links) bumps its proposal once; each transaction bumps again', async () => {
    const s = await openFor(world);
    const v0 = await versionOf(s.proposalId);
    const due = new Date(world.service.clock.now().getTime() + 10 * 86_400_000).toISOString().slice(0, 10); // the clock moved in earlier tests
    await ok(world, '/AgendaRecebivel/GerarUnicaCobranca', { dto: { codigoProposta: s.proposalId, nroParcelas: [2] }, dtoGerarUnicaLiquidacao: { dtVencimento: due, liquidacao: true, descricaoLiquidacao: 'Parcela 2' } });
    assert.equal(await versionOf(s.proposalId), v0 + 1);
    await ok(world, '/AgendaRecebivel/GerarUnicoBoleto', singleBoleto(s.proposalId, [1], { dtVencimento: due }));
    assert.equal(await versionOf(s.proposalId), v0 + 2);
  });

  test('a rolled-back savepoint takes its bump with it; the next write of the transaction bumps', async () => {
    const s = await openFor(world);
    const v0 = await versionOf(s.proposalId);
    await world.service.database.db.transaction().execute(async (tx) => {
      await sql`savepoint a`.execute(tx);
      await touch(tx, s.proposalId);
      await sql`rollback to savepoint a`.execute(tx);
      await touch(tx, s.proposalId);
    });
    assert.equal(await versionOf(s.proposalId), v0 + 1);
  });

  test('a transaction over more proposals than the list holds still bumps every one (some twice)', async () => {
    const opened: string[] = [];
    for (let i = 0; i < 70; i++) opened.push((await openFor(world, { count: 1 })).proposalId);
    const before = await Promise.all(opened.map(versionOf));
    await world.service.database.db.transaction().execute(async (tx) => {
      for (const id of opened) await touch(tx, id);
      for (const id of opened) await touch(tx, id);
    });
    const after = await Promise.all(opened.map(versionOf));
    assert.equal(after[0], before[0]! + 1, 'listed: bumped once');
    assert.ok(after.every((v, i) => v > before[i]!), 'every proposal bumped');
  });

  test('a newer schedule re-using a codigoOperacao bumps the proposal that held it', async () => {
    const older = await openFor(world, { codigoOperacao: 'OP-REUSED-0047' });
    const v0 = await versionOf(older.proposalId);
    await openFor(world, { codigoOperacao: 'OP-REUSED-0047' });
    assert.equal(await versionOf(older.proposalId), v0 + 1);
  });
});

describe("versions: the schedule's lock bumps for its rows (migration 0057)", () => {
  const versionOf = async (db: Tx | typeof world.service.database.db, scope: string) =>
    Number((await sql<{ v: string }>`select coalesce((select version from answer_versions where scope = ${scope}), 0) as v`.execute(db)).rows[0]!.v);
  const touchInstallment = (tx: Tx, proposalId: string) =>
    sql`update receivable_installments set due_date = due_date where number = 1 and schedule_id = (select id from receivable_schedules where proposal_id = ${proposalId})`.execute(tx);

  test('the lock bumps once and lists the schedule; its rows fire no bump; another schedule in the same transaction still bumps', async () => {
    const a = await openFor(world);
    const b = await openFor(world);
    const db = world.service.database.db;
    const [a0, b0] = [await versionOf(db, a.proposalId), await versionOf(db, b.proposalId)];
    await db.transaction().execute(async (tx) => {
      const schedule = await requireOpenSchedule(tx, world.partner.partnerId, { proposalId: a.proposalId });
      assert.equal(await versionOf(tx, a.proposalId), a0 + 1, 'the lock bumped');
      const listed = (await sql<{ s: string }>`select current_setting('caas.answer_scopes', true) as s`.execute(tx)).rows[0]!.s;
      assert.ok(listed.includes(schedule.id) && listed.includes(a.proposalId), 'schedule and scope listed');
      await touchInstallment(tx, a.proposalId);
      assert.equal(await versionOf(tx, a.proposalId), a0 + 1, 'a row of the listed schedule: no second bump');
      await touchInstallment(tx, b.proposalId);
      assert.equal(await versionOf(tx, b.proposalId), b0 + 1, 'a row of another schedule: its trigger bumps');
    });
    assert.equal(await versionOf(db, a.proposalId), a0 + 1);
    assert.equal(await versionOf(db, b.proposalId), b0 + 1);
  });

  test('a lock rolled back with its savepoint takes the bump and the listing: the rows written after bump through their trigger', async () => {
    const a = await openFor(world);
    const db = world.service.database.db;
    const a0 = await versionOf(db, a.proposalId);
    await db.transaction().execute(async (tx) => {
      await sql`savepoint a`.execute(tx);
      await requireOpenSchedule(tx, world.partner.partnerId, { proposalId: a.proposalId });
      await sql`rollback to savepoint a`.execute(tx);
      await touchInstallment(tx, a.proposalId);
    });
    assert.equal(await versionOf(db, a.proposalId), a0 + 1);
  });

  test('a boleto, a charge, a launch and a cancellation each bump their proposal exactly once, through the lock', async () => {
    const s = await openFor(world);
    const db = world.service.database.db;
    const v0 = await versionOf(db, s.proposalId);
    const due = new Date(world.service.clock.now().getTime() + 10 * 86_400_000).toISOString().slice(0, 10);
    await ok(world, '/AgendaRecebivel/GerarUnicoBoleto', singleBoleto(s.proposalId, [1], { dtVencimento: due }));
    assert.equal(await versionOf(db, s.proposalId), v0 + 1);
    await ok(world, '/AgendaRecebivel/GerarUnicaCobranca', { dto: { codigoProposta: s.proposalId, nroParcelas: [2] }, dtoGerarUnicaLiquidacao: { dtVencimento: due, liquidacao: true, descricaoLiquidacao: 'Parcela 2' } });
    assert.equal(await versionOf(db, s.proposalId), v0 + 2);
    await ok(world, '/AgendaRecebivel/IncluirLancamentoMultiplasParcelas', { dto: { codigoProposta: s.proposalId }, dtoLancamentoParcelas: [{ nroParcela: 3, dtPagamento: world.service.clock.now().toISOString().slice(0, 10), vlrPagamento: 1, vlrDesconto: 0, permiteDescapitalizacao: false, descricaoLancamento: 'x' }] });
    assert.equal(await versionOf(db, s.proposalId), v0 + 3);
    const charge = (await sql<{ id: string }>`select c.id from receivable_charges c join receivable_schedules s on s.id = c.schedule_id where s.proposal_id = ${s.proposalId}`.execute(db)).rows[0]!.id;
    await ok(world, '/FGTS/CancelarCobrancas', { dto: { codigoProposta: s.proposalId }, dtoCancelarCobrancas: { codigosLiquidacoes: [charge] } });
    assert.equal(await versionOf(db, s.proposalId), v0 + 4, 'the cancellation (charge and its boleto) bumps once');
  });
});

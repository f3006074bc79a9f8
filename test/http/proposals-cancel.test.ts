// FGTS/CancelarProposta over HTTP (issue 4): the 7-day window in São Paulo calendar days, every
// technical message number, the PascalCase envelope and the refund boleto. The clock only moves
// forward through the file (tokens and the rate limiter follow it).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { localDate } from '../../src/platform/dates.js';
import { approveProposal, assignProposal, disburseProposal, requestPayment } from '../../src/modules/proposals/operator-lifecycle.js';
import { proposalDeps } from '../../src/bindings.js';
import { startTestService, type TestPartner, type TestService } from '../support/app.js';
import { OTHER_CPF, consult, createOk, personDto } from './proposals-fixture.js';
import { inOutbox } from '../support/outbox.js';

let service: TestService;
let partner: TestPartner;
let token: string;

const CANCEL = '/FGTS/CancelarProposta';
const op = (numero: number, at?: string) => ({ proposalNumber: numero, at: at ? localDate(at) : null, reason: null, by: 'operador:teste' });

interface Pascal {
  Msg: string | null;
  HasError: boolean;
  Messages: { MessageType: number; Code: string; Context: string; Description: string; Field: string | null }[];
  Boleto?: string | null;
}

async function cancel(body: Record<string, unknown>): Promise<{ status: number; body: Pascal }> {
  const r = await service.call(CANCEL, body, { token });
  return { status: r.statusCode, body: JSON.parse(r.body) as Pascal };
}

async function refusedWith(body: Record<string, unknown>, code: string, field: string | null = 'dto'): Promise<Pascal> {
  const r = await cancel(body);
  assert.equal(r.status, 400, JSON.stringify(r.body));
  assert.equal(r.body.HasError, true);
  assert.deepEqual(r.body.Messages.map((m) => [m.Field, m.Code]), [[field, code]], JSON.stringify(r.body));
  return r.body;
}

async function proposal(stage: 'finalized' | 'pending' | 'disbursed' | 'assigned', disbursedAt?: string) {
  const p = await createOk(service, token, personDto());
  if (stage === 'finalized') return p;
  const db = service.database.db;
  await inOutbox(db, service.clock, (s) => approveProposal(s, op(p.numero)));
  if (stage === 'pending') {
    await inOutbox(db, service.clock, (s) => requestPayment(s, op(p.numero)));
    return p;
  }
  await inOutbox(db, service.clock, (s) => disburseProposal(s, op(p.numero, disbursedAt), proposalDeps(service.config)));
  if (stage === 'assigned') await inOutbox(db, service.clock, (s) => assignProposal(s, op(p.numero)));
  return p;
}

async function moveClockTo(at: string): Promise<void> {
  service.clock.set(at);
  token = await service.token(partner);
}

let dayZero: { codigo: string; numero: number };
let daySeven: { codigo: string; numero: number };
let dayEight: { codigo: string; numero: number };

before(async () => {
  service = await startTestService();
  partner = await service.onboard();
  token = await service.token(partner);
  dayZero = await proposal('disbursed');
  daySeven = await proposal('disbursed');
  dayEight = await proposal('disbursed');
});
after(() => service.close());

describe('on the disbursement day (2026-11-23)', () => {
  test('success: cancelada, schedule cancelled, the refund boleto in `Boleto`, PascalCase envelope', async () => {
    const r = await cancel({ dto: { codigoProposta: dayZero.codigo }, documentoCliente: '123.456.789-09', motivoCancelamento: 'Desistência do cliente' });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(Object.keys(r.body), ['Msg', 'HasError', 'Messages', 'Boleto']);
    assert.deepEqual([r.body.Msg, r.body.HasError, r.body.Messages], [null, false, []]);
    assert.match(r.body.Boleto!, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const { proposta } = await consult(service, token, { codigoProposta: dayZero.codigo });
    assert.deepEqual([proposta.situacao, proposta.descricaoSituacao, proposta.dtCancelamento], [7, 'Cancelada', '2026-11-23T00:00:00Z']);
    assert.equal((proposta.agenda as { situacaoAgenda: number }).situacaoAgenda, 0);
    assert.equal((proposta.historico as { motivo: string }[]).at(-1)!.motivo, 'Desistência do cliente');
    // Nothing paid yet: the customer returns the whole amount released (not the financed costs).
    const { rows } = await sql<{ refund_amount: string; refund_boleto_id: string }>`select refund_amount, refund_boleto_id from proposals where id = ${dayZero.codigo}`.execute(service.database.db);
    assert.deepEqual(rows[0], { refund_amount: '10000.00', refund_boleto_id: r.body.Boleto });
  });

  test('27: already cancelled', async () => {
    await refusedWith({ dto: { numeroProposta: dayZero.numero } }, '27');
  });

  test('38: nothing identifies the proposal, or it is not found (another partner’s included)', async () => {
    await refusedWith({ dto: {} }, '38');
    await refusedWith({ dto: { numeroProposta: 999999 } }, '38');
    const other = await service.onboard();
    const theirs = await createOk(service, await service.token(other), personDto());
    await refusedWith({ dto: { codigoProposta: theirs.codigo } }, '38');
  });

  test('4: documentoCliente invalid, or not the customer’s', async () => {
    const p = await proposal('disbursed');
    await refusedWith({ dto: { codigoProposta: p.codigo }, documentoCliente: '12345678900' }, '4', 'documentoCliente');
    await refusedWith({ dto: { codigoProposta: p.codigo }, documentoCliente: OTHER_CPF }, '4', 'documentoCliente');
    const r = await cancel({ dto: { codigoProposta: p.codigo }, documentoCliente: '12345678909' });
    assert.equal(r.status, 200, JSON.stringify(r.body));
  });

  test('28: a finalized (never disbursed) or refused proposal; 13: payment still pending', async () => {
    const finalized = await proposal('finalized');
    const body = await refusedWith({ dto: { codigoProposta: finalized.codigo } }, '28');
    assert.match(body.Messages[0]!.Description, /somente uma proposta liberada pode ser cancelada \(situação atual: Finalizada\)/);
    await refusedWith({ dto: { codigoProposta: (await proposal('pending')).codigo } }, '13');
  });

  test('28: cedida (10)', async () => {
    const body = await refusedWith({ dto: { codigoProposta: (await proposal('assigned')).codigo } }, '28');
    assert.match(body.Messages[0]!.Description, /cedida/);
  });

  test('10: before the disbursement date (a disbursement dated ahead)', async () => {
    const p = await proposal('disbursed', '2026-11-30');
    const body = await refusedWith({ dto: { codigoProposta: p.codigo } }, '10');
    assert.match(body.Messages[0]!.Description, /antes da data da liberação \(2026-11-30\)/);
  });

  test('5: another operation holds the proposal', async () => {
    const p = await proposal('disbursed');
    await service.database.db.transaction().execute(async (trx) => {
      await sql`select id from proposals where id = ${p.codigo} for update`.execute(trx);
      await refusedWith({ dto: { codigoProposta: p.codigo } }, '5');
    });
    assert.equal((await cancel({ dto: { codigoProposta: p.codigo } })).status, 200);
  });

  test('5: a receivables command holds the schedule (the refund must not be computed from a stale total paid)', async () => {
    const p = await proposal('disbursed');
    await service.database.db.transaction().execute(async (trx) => {
      // What a launch, a boleto or a payment does first: lock the schedule row.
      await sql`select id from receivable_schedules where proposal_id = ${p.codigo} for update`.execute(trx);
      await refusedWith({ dto: { codigoProposta: p.codigo } }, '5');
    });
    assert.equal((await cancel({ dto: { codigoProposta: p.codigo } })).status, 200);
  });
});

describe('the 7-day window, in calendar days in São Paulo', () => {
  test('day 7 (2026-11-30, 23:30 in São Paulo = 02:30Z on 1 December): still allowed', async () => {
    await moveClockTo('2026-12-01T02:30:00Z');
    const r = await cancel({ dto: { codigoProposta: daySeven.codigo } });
    assert.equal(r.status, 200, JSON.stringify(r.body));
  });

  test('day 8 (2026-12-01): 28, the window ended on 2026-11-30', async () => {
    await moveClockTo('2026-12-01T12:00:00Z');
    const body = await refusedWith({ dto: { codigoProposta: dayEight.codigo } }, '28');
    assert.match(body.Messages[0]!.Description, /prazo de 7 dias após a liberação terminou em 2026-11-30/);
  });
});

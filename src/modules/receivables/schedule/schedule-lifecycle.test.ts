// openSchedule / cancelSchedule / summarizeSchedule against real PostgreSQL.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestDatabase, type TestDatabase } from '../../../../test/support/db.js';
import { localDate } from '../../../platform/dates.js';
import { dec, ZERO } from '../../../platform/money.js';
import { issueBoleto } from '../collections/boleto-issue.js';
import { startRegistration } from '../collections/boleto-registration.js';
import { BoletoStatus } from '../collections/boleto-status.js';
import { cancelScheduleWith, openSchedule, summarizeSchedule } from './schedule-lifecycle.js';
import { installmentsOf, requireSchedule } from './schedule-repository.js';
import { sandboxSettings } from '../settings.js';
import { insertPartner, openSampleSchedule, sampleOpening } from '../../../../test/support/receivables-data.js';
import { inOutbox } from '../../../../test/support/outbox.js';

const NOW = new Date('2026-11-23T15:00:00.000Z');
let database: TestDatabase;
let partnerId: string;

async function events(proposalId: string): Promise<Array<{ event_type: number; body: string }>> {
  return database.db.selectFrom('callback_events').select(['event_type', 'body']).where('ordering_key', '=', `proposta:${proposalId}`).orderBy('seq').execute();
}

before(async () => {
  database = await createTestDatabase();
  partnerId = await insertPartner(database.db, NOW);
});
after(() => database.drop());

describe('openSchedule', () => {
  test('stores the schedule and its installments open, and enqueues event 0', async () => {
    const opening = await openSampleSchedule(database.db, partnerId, NOW);
    const schedule = await requireSchedule(database.db, partnerId, { proposalId: opening.proposalId });
    assert.equal(schedule.situacao, 2);
    assert.equal(schedule.proposal_number, opening.proposalNumber);
    const rows = await installmentsOf(database.db, schedule);
    assert.deepEqual(rows.map((r) => [r.number, r.due_date, r.amount, r.principal]), [
      [1, '2026-12-23', '350.00', '350.00'],
      [2, '2027-01-23', '350.00', '350.00'],
      [3, '2027-02-23', '350.00', '350.00'],
    ]);
    const [event] = await events(opening.proposalId);
    assert.equal(event?.event_type, 0);
    const body = JSON.parse(event!.body);
    assert.equal(body.NomeEvento, 'AgendaCriada');
    // Event 0 is flat (compatibility-notes): the schedule's fields sit beside the header.
    assert.equal(body.QtdeParcelas, 3);
    assert.equal(body.VlrTotalDivida, 1050);
    assert.deepEqual(body.Conta, { CodigoBanco: 341, NomeBanco: 'Itaú Unibanco S.A.', Agencia: '0001', Conta: '123456', ContaDigito: '7' });
    assert.match(event!.body, /"VlrParcela":350\.00/);
  });

  test('is found by codigoOperacao too, and only by its own partner', async () => {
    const opening = await openSampleSchedule(database.db, partnerId, NOW, { codigoOperacao: '771204' });
    const byOperation = await requireSchedule(database.db, partnerId, { operationCode: '771204' });
    assert.equal(byOperation.proposal_id, opening.proposalId);
    const other = await insertPartner(database.db, NOW);
    await assert.rejects(requireSchedule(database.db, other, { proposalId: opening.proposalId }), /Agenda de Recebíveis não foi encontrada/);
    assert.equal(await summarizeSchedule(database.db, other, opening.proposalId), null);
  });

  test('rolls back with the caller transaction', async () => {
    const opening = sampleOpening(partnerId);
    await assert.rejects(
      inOutbox(database.db, NOW, async ({ tx, enqueue }) => {
        await openSchedule(tx, enqueue, opening, NOW);
        throw new Error('proposal update failed');
      }),
      /proposal update failed/,
    );
    assert.equal(await summarizeSchedule(database.db, partnerId, opening.proposalId), null);
    assert.deepEqual(await events(opening.proposalId), []);
  });

  test('refuses a malformed plan as a programmer error', async () => {
    const opening = sampleOpening(partnerId);
    const broken = { ...opening, installments: [opening.installments[1]!] };
    await assert.rejects(inOutbox(database.db, NOW, ({ tx, enqueue }) => openSchedule(tx, enqueue, broken, NOW)), /assertion/);
  });
});

describe('summarizeSchedule', () => {
  test('an open schedule: nothing paid, the whole face value owed', async () => {
    const opening = await openSampleSchedule(database.db, partnerId, NOW);
    const summary = await summarizeSchedule(database.db, partnerId, opening.proposalId);
    assert.deepEqual(
      { ...summary, totalPaid: summary?.totalPaid.toFixed(2), outstandingBalance: summary?.outstandingBalance.toFixed(2) },
      { status: 2, statusText: 'Em aberto', installmentCount: 3, paidInstallmentCount: 0, totalPaid: '0.00', outstandingBalance: '1050.00', paidOffOn: null },
    );
  });
});

describe('cancelSchedule', () => {
  const cancelSchedule = cancelScheduleWith(sandboxSettings());

  test('cancels the schedule and its live boletos (event 6 each, then 1) and issues the refund boleto', async () => {
    const opening = await openSampleSchedule(database.db, partnerId, NOW);
    const schedule = await requireSchedule(database.db, partnerId, { proposalId: opening.proposalId });
    const [first] = await installmentsOf(database.db, schedule);
    const live = await inOutbox(database.db, NOW, async ({ tx, enqueue }) => {
      const boleto = await issueBoleto(
        tx,
        enqueue,
        sandboxSettings(),
        { schedule, purpose: 'installments', chargeId: null, settlement: false, description: 'Parcela 1', notifyCustomer: false, dueDate: localDate('2026-12-23'), expiresOn: localDate('2026-12-23'), documentAmount: dec('350'), discount: ZERO, allowDecapitalization: false, registrationMode: 1, installments: [{ row: first!, discount: ZERO }] },
        NOW,
      );
      return startRegistration(tx, enqueue, boleto, NOW);
    });
    assert.equal(live.registration_status, BoletoStatus.registered);

    const result = await inOutbox(database.db, NOW, ({ tx, enqueue }) =>
      cancelSchedule(tx, enqueue, { proposalId: opening.proposalId, partnerId, cancelledOn: localDate('2026-11-23'), refundAmount: dec('1000.00'), refundDueDate: localDate('2026-11-30'), description: 'Devolução do valor liberado' }, NOW),
    );
    assert.ok(result.refundBoletoId);
    const boletos = await database.db.selectFrom('receivable_boletos').selectAll().where('schedule_id', '=', schedule.id).orderBy('numero').execute();
    assert.deepEqual(boletos.map((b) => [b.purpose, b.registration_status, b.amount]), [
      ['installments', BoletoStatus.cancelled, '350.00'],
      ['refund', BoletoStatus.registered, '1000.00'],
    ]);
    assert.equal(boletos[1]!.id, result.refundBoletoId);
    assert.equal(boletos[1]!.due_date, '2026-11-30');
    assert.deepEqual((await events(opening.proposalId)).map((e) => e.event_type), [0, 5, 6, 1]);
    const summary = await summarizeSchedule(database.db, partnerId, opening.proposalId);
    assert.equal(summary?.status, 0);
    assert.equal(summary?.statusText, 'Cancelada');
    assert.equal(summary?.outstandingBalance.toFixed(2), '0.00');
    const rows = await installmentsOf(database.db, schedule);
    assert.ok(rows.every((r) => r.cancelled));
  });

  test('without a refund amount no boleto is issued; a second cancellation is a programmer error', async () => {
    const opening = await openSampleSchedule(database.db, partnerId, NOW);
    const closing = { proposalId: opening.proposalId, partnerId, cancelledOn: localDate('2026-11-23'), refundAmount: null, refundDueDate: localDate('2026-11-30'), description: 'Cancelada' };
    const result = await inOutbox(database.db, NOW, ({ tx, enqueue }) => cancelSchedule(tx, enqueue, closing, NOW));
    assert.equal(result.refundBoletoId, null);
    assert.deepEqual((await events(opening.proposalId)).map((e) => e.event_type), [0, 1]);
    await assert.rejects(inOutbox(database.db, NOW, ({ tx, enqueue }) => cancelSchedule(tx, enqueue, closing, NOW)), /assertion/);
  });
});

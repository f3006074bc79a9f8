// The boleto and charge inserts send back only what the database fills (issue 14): the row they
// return is the bound values plus those, and must be the row as stored, value for value and type
// for type (what a `select *` of it reads), since every caller reads it as the stored row. The
// cancellation's statement, built once per shape, is the one kysely builds each time.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import type { TestDatabase } from '../../../../test/support/db.js';
import { databaseWithPartner, openSampleSchedule } from '../../../../test/support/receivables-data.js';
import { inOutbox } from '../../../../test/support/outbox.js';
import { localDate } from '../../../platform/dates.js';
import { dec, ZERO } from '../../../platform/money.js';
import { installmentsOf, requireSchedule } from '../schedule/schedule-repository.js';
import { sandboxSettings } from '../settings.js';
import { issueBoleto, pixCodeFor } from './boleto-issue.js';
import { cancellationStatement, cancellationValues, insertCharge, requestChargesCancellation } from './collection-repository.js';
import { CHARGE_CANCEL_JOB } from './collection-cancel.js';
import { jobRow } from '../../../platform/jobs.js';
import { observeStatements } from '../../../platform/db/prepared.js';
import type { ScheduleKey } from '../schedule/schedule-repository.js';

const NOW = new Date('2026-11-23T15:00:00.123Z');
let database: TestDatabase;
let partnerId: string;
before(async () => ({ database, partnerId } = await databaseWithPartner(NOW)));
after(() => database.drop());

test('insertCharge and insertBoleto return the row as stored (only numero is sent back)', async () => {
  const opening = await openSampleSchedule(database.db, partnerId, NOW);
  const schedule = await requireSchedule(database.db, partnerId, { proposalId: opening.proposalId });
  const [first, second] = await installmentsOf(database.db, schedule);
  const settings = sandboxSettings();
  const pix = await pixCodeFor(settings, dec('699.90'));
  const { charge, boleto } = await inOutbox(database.db, NOW, async ({ tx, enqueue }) => {
    const chargeId = randomUUID();
    const charge = await insertCharge(
      tx,
      { id: chargeId, partner_id: partnerId, schedule_id: schedule.id, via_boleto: true, via_pix: true, settlement: false, description: 'Cobrança', due_date: '2026-12-23', expires_on: '2027-01-22', amount: '699.90', discount: '0.10', permite_descapitalizacao: true, notify_customer: false, pix_txid: pix.txid, pix_emv: pix.emv, pix_image: pix.image, status: 'active', created_at: NOW, cancel_requested_at: null, cancelled_at: null, paid_on: null, amount_paid: null },
      [first!, second!].map((row) => ({ charge_id: chargeId, installment_id: row.id, installment_number: row.number, discount: '0.05', live: true })),
    );
    const request = { schedule, purpose: 'installments' as const, chargeId, settlement: false, description: 'Parcelas 1 e 2', notifyCustomer: false, dueDate: localDate('2026-12-23'), expiresOn: localDate('2027-01-22'), documentAmount: dec('700'), discount: dec('0.1'), allowDecapitalization: true, registrationMode: 1 as const };
    const boleto = await issueBoleto(tx, enqueue, settings, { ...request, installments: [first!, second!].map((row) => ({ row, discount: dec('0.05') })) }, NOW, pix);
    return { charge, boleto };
  });
  const storedCharge = await database.db.selectFrom('receivable_charges').selectAll().where('id', '=', charge.id).executeTakeFirstOrThrow();
  const storedBoleto = await database.db.selectFrom('receivable_boletos').selectAll().where('id', '=', boleto.id).executeTakeFirstOrThrow();
  assert.deepStrictEqual(charge, storedCharge);
  assert.deepStrictEqual(boleto, storedBoleto);
  assert.equal(typeof boleto.numero, 'number');
  assert.equal(boleto.document_amount, '700.00');
  assert.equal(boleto.registered_at?.toISOString(), NOW.toISOString());
  // An offline boleto: registered_at null, ZERO discount.
  const [third] = (await installmentsOf(database.db, schedule)).slice(2);
  const offline = await inOutbox(database.db, NOW, ({ tx, enqueue }) =>
    issueBoleto(tx, enqueue, settings, { schedule, purpose: 'installments', chargeId: null, settlement: true, description: 'Parcela 3', notifyCustomer: true, dueDate: localDate('2027-02-23'), expiresOn: localDate('2027-02-23'), documentAmount: dec('350'), discount: ZERO, allowDecapitalization: false, registrationMode: 2, installments: [{ row: third!, discount: ZERO }] }, NOW),
  );
  assert.deepStrictEqual(offline, await database.db.selectFrom('receivable_boletos').selectAll().where('id', '=', offline.id).executeTakeFirstOrThrow());
});

test('requestChargesCancellation sends the text and values kysely builds for it, built once per shape (issue 14)', async () => {
  const sent: Array<{ sql: string; parameters: readonly unknown[] }> = [];
  const stop = observeStatements((text, values) => void (text.startsWith('with "schedule"') && sent.push({ sql: text, parameters: values })));
  const job = jobRow(CHARGE_CANCEL_JOB, { partnerId, chargeIds: ['x'] }, NOW);
  const keys: ScheduleKey[] = [{ column: 'proposal_id', value: randomUUID() }, { column: 'codigo_operacao', value: 'OP-1' }, { column: 'proposal_number', value: 42 }];
  const rollback = new Error('rollback');
  try {
    await database.db.transaction().execute(async (tx) => {
      for (const round of [1, 2]) {
        for (const key of keys) {
          for (const ids of [[randomUUID()], [randomUUID(), randomUUID()]]) {
            const at = new Date(NOW.getTime() + round);
            assert.equal((await requestChargesCancellation(tx, key, partnerId, ids, at, job)).size, 0);
            const direct = cancellationStatement(tx, key.column, cancellationValues(key, partnerId, ids, at, job)).compile();
            assert.equal(sent.at(-1)!.sql, direct.sql);
            assert.deepEqual(sent.at(-1)!.parameters, direct.parameters);
          }
        }
      }
      throw rollback;
    });
  } catch (error) {
    if (error !== rollback) throw error;
  } finally {
    stop();
  }
  assert.equal(sent.length, 12);
  // The text by proposal id, the same for one charge or two: one text per key column.
  assert.equal(sent[0]!.sql, sent[1]!.sql);
  assert.match(sent[0]!.sql, /^with "schedule" as \(select "locked"\."id", "locked"\."proposal_id", case when .* from \(select "id", "proposal_id" from "receivable_schedules" where "partner_id" = \$1 and "proposal_id" = \$2 order by "created_at" desc limit \$3 for update\) as "locked"\), "answer_bump" as \(insert into "answer_versions" \("scope", "version"\) select "proposal_id", 1 as "version" from "schedule" on conflict \("scope"\) do update set "version" = answer_versions\.version \+ 1\), "charge" as \(update "receivable_charges" set "status" = \$4, "cancel_requested_at" = \$5 where "partner_id" = \$6 and "schedule_id" = \(select "id" from "schedule"\) and "id" = any\(\$7::uuid\[\]\) and "status" = \$8 returning "id", "partner_id"\), "boleto" as \(update "receivable_boletos" as "b" set "registration_status" = \$9, "cancel_requested_at" = \$10 from "charge" where "b"\."partner_id" = "charge"\."partner_id" and "b"\."charge_id" = "charge"\."id" and "b"\."registration_status" in \(\$11, \$12, \$13\)\), "job" as \(insert into "jobs" \("kind", "payload", "run_at", "max_attempts", "locked_until", "last_error", "created_at", "finished_at", "ordering_key", "last_status", "fail_reason"\) values \(\$14, \$15, \$16, \$17, \$18, \$19, \$20, \$21, \$22, \$23, \$24\)\) select "id" from "charge"$/s);
});

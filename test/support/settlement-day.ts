// A day of settlement for the reconciliation tests (caas reconcile, the "Conciliação" page): three
// offline boletos of one schedule sent in a remittance; the bank's return registers two, settles
// the first (due that day, paid in full) and the second (overpaid), and reports 50.00 for an
// unknown nosso número (an unmatched receipt); the third stays sent and unconfirmed. A pix the
// provider notified and that is not confirmed yet is stored as the webhook stores it.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openSampleSchedule } from './receivables-data.js';
import { settlementDeps } from '../../src/bindings.js';
import type { ReceivablesSettings } from '../../src/modules/receivables/settings.js';
import { bankProfile, buildReturn, importReturnFile, makeRemittance, remittanceText, type BankEvent } from '../../src/modules/settlement/index.js';
import type { Clock } from '../../src/platform/clock.js';
import type { Config } from '../../src/platform/config/env.js';
import { addDays, type LocalDate } from '../../src/platform/dates.js';
import type { Db } from '../../src/platform/db/pool.js';

export interface SettlementDay {
  proposalId: string;
  /** The nosso número sequence the bank reported and nobody issued. */
  unknownSequence: bigint;
  pendingEndToEndId: string;
}

export interface SettlementDayInput {
  db: Db;
  clock: Clock;
  config: Config;
  partnerId: string;
  day: LocalDate;
  /** Issues a boleto through the partner API (GerarUnicoBoleto with this body). */
  issue: (body: unknown) => Promise<void>;
}

export async function seedSettlementDay(input: SettlementDayInput): Promise<SettlementDay> {
  const { db, clock, config, day } = input;
  const opening = await openSampleSchedule(db, input.partnerId, clock.now(), { firstDue: addDays(day, 30), disbursedOn: addDays(day, -1), count: 3 });
  const dues = [day, addDays(day, 30), addDays(day, 60)];
  for (const [i, due] of dues.entries()) {
    await input.issue({ dto: { codigoProposta: opening.proposalId, nroParcelas: [i + 1] }, dtoGerarUnicoBoleto: { dtVencimento: due, descricaoBoleto: `Parcela ${i + 1}`, tipoRegistro: 2 } });
  }
  const boletos = await db.selectFrom('receivable_boletos as b').innerJoin('receivable_schedules as s', 's.id', 'b.schedule_id').select(['b.numero', 'b.nosso_numero_seq', 'b.due_date', 'b.amount']).where('s.proposal_id', '=', opening.proposalId).orderBy('b.numero').execute();
  assert.equal(boletos.length, 3);
  const settings: ReceivablesSettings = config.receivables;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caas-settlement-day-'));
  try {
    const sent = await makeRemittance(db, clock, settings, settings.issuer.bankCode, dir);
    assert.equal(sent.registrations, 3);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const event = (b: (typeof boletos)[number]) => ({ sequence: BigInt(b.nosso_numero_seq), documentNumber: String(b.numero), dueDate: b.due_date as LocalDate, amount: b.amount });
  const [b1, b2] = boletos as [(typeof boletos)[number], (typeof boletos)[number]];
  const unknownSequence = 9_999_999n;
  const events: BankEvent[] = [
    { ...event(b1), movement: '02' },
    { ...event(b2), movement: '02' },
    { ...event(b1), movement: '06', paid: b1.amount, occurredOn: day, creditedOn: addDays(day, 1) },
    { ...event(b2), movement: '06', paid: '400.00', occurredOn: day, creditedOn: addDays(day, 1) },
    { sequence: unknownSequence, documentNumber: '999', dueDate: day, amount: '50.00', movement: '06', paid: '50.00', occurredOn: day, creditedOn: addDays(day, 1) },
  ];
  const text = remittanceText(buildReturn({ profile: bankProfile(settings.issuer.bankCode), issuer: settings.issuer, company: settings.beneficiary, fileSequence: 1, generatedOn: addDays(day, 1), events }));
  await importReturnFile(db, clock, settlementDeps(config), `retorno-${day}.ret`, Buffer.from(text, 'latin1'));
  const pendingEndToEndId = `E0000000020${day.replaceAll('-', '')}0000${randomUUID().replaceAll('-', '').slice(0, 8)}`.slice(0, 32);
  await db.insertInto('settlement_pix_notifications').values({ end_to_end_id: pendingEndToEndId, txid: null, amount: '120.00', paid_at: `${day}T12:00:00-03:00`, received_at: clock.now(), confirmed_at: null, last_error: 'GET /pix: 503' }).execute();
  return { proposalId: opening.proposalId, unknownSequence, pendingEndToEndId };
}

// Test data for receivables tests: a partner row and a disbursed proposal's schedule, opened
// through openSchedule exactly as the proposals module does. Used by tests only.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/platform/db/pool.js';
import { createTestDatabase, type TestDatabase } from './db.js';
import { addMonths, localDate, type LocalDate } from '../../src/platform/dates.js';
import { dec, roundCents, type Decimal } from '../../src/platform/money.js';
import type { PlannedInstallment, ScheduleOpening } from '../../src/modules/receivables/schedule/schedule-contract.js';
import { openSchedule } from '../../src/modules/receivables/schedule/schedule-lifecycle.js';
import { inOutbox } from './outbox.js';

export async function insertPartner(db: Db, now: Date): Promise<string> {
  const id = randomUUID();
  await db.insertInto('partners').values({ id, client_id: `test.${id.slice(0, 8)}`, name: 'Parceiro de teste', scopes: null, callback_url: null, callback_header_name: null, callback_header_value: null, created_at: now, updated_at: now }).execute();
  return id;
}

/** A fresh test database holding one partner (dropped by `database.drop()`). */
export async function databaseWithPartner(now: Date): Promise<{ database: TestDatabase; partnerId: string }> {
  const database = await createTestDatabase();
  return { database, partnerId: await insertPartner(database.db, now) };
}

/** A Price plan: fixed `amount`, interest on the balance at `rate`, the last installment closing the balance. */
export function pricePlan(financed: Decimal, rate: Decimal, amount: Decimal, count: number, firstDue: LocalDate): PlannedInstallment[] {
  let balance = financed;
  return Array.from({ length: count }, (_, i) => {
    const interest = roundCents(balance.times(rate));
    const principal = i === count - 1 ? balance : amount.minus(interest);
    balance = balance.minus(principal);
    return { number: i + 1, dueDate: addMonths(firstDue, i), amount, principal, interest, balanceAfter: balance };
  });
}

export interface OpeningOverrides {
  codigoOperacao?: string | null;
  amount?: string;
  count?: number;
  firstDue?: string;
  rate?: string;
  disbursedOn?: string;
  proposalNumber?: number;
}

let proposalNumber = 1000;

export function sampleOpening(partnerId: string, o: OpeningOverrides = {}): ScheduleOpening {
  const rate = dec(o.rate ?? '0.02');
  const amount = dec(o.amount ?? '350.00');
  const count = o.count ?? 3;
  const financed = dec('1000.00');
  proposalNumber += 1;
  return {
    proposalId: randomUUID(),
    partnerId,
    proposalNumber: o.proposalNumber ?? proposalNumber,
    operationCode: o.codigoOperacao === undefined ? `OP-${proposalNumber}` : o.codigoOperacao,
    customerDocument: '52998224725',
    customerName: 'Maria da Silva',
    contractType: 'CCB',
    financedAmount: financed,
    monthlyRate: rate,
    contractDate: localDate(o.disbursedOn ?? '2026-11-20'),
    disbursedOn: localDate(o.disbursedOn ?? '2026-11-20'),
    creditAccount: { bankNumber: '341', bankName: 'Itaú Unibanco S.A.', branch: '0001', account: '123456', accountDigit: '7' },
    installments: pricePlan(financed, rate, amount, count, localDate(o.firstDue ?? '2026-12-23')),
  };
}

/** Opens a schedule in its own transaction (what a disbursement does) and returns the opening. */
export async function openSampleSchedule(db: Db, partnerId: string, now: Date, o: OpeningOverrides = {}): Promise<ScheduleOpening> {
  const opening = sampleOpening(partnerId, o);
  await inOutbox(db, now, ({ tx, enqueue }) => openSchedule(tx, enqueue, opening, now));
  return opening;
}

// Shared set-up of the delivery worker tests: a fresh database, a real receiver on 127.0.0.1,
// partners onboarded the way the service team does it, and event builders.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from './db.js';
import { startReceiver, type CallbackReceiver } from './callback-receiver.js';
import { createPartner, generatePartnerKeyPair, type PartnerFlags } from '../../src/modules/partners/index.js';
import { fixedClock } from '../../src/platform/clock.js';
import { boletoCreatedEvent, type CallbackEvent } from '../../src/modules/callbacks/events.js';
import { localDate } from '../../src/platform/dates.js';
import { dec } from '../../src/platform/money.js';
import { enqueueCallback } from '../../src/modules/callbacks/outbox.js';

export const T0 = new Date('2026-11-23T15:00:00.000Z');

export const at = (ms_after_t0: number): Date => new Date(T0.getTime() + ms_after_t0);

export interface FixturePartner {
  partnerId: string;
  clientId: string;
  secret: string;
}

export interface WorkerFixture {
  database: TestDatabase;
  receiver: CallbackReceiver;
  clock: ReturnType<typeof fixedClock>;
  /** The instant the receiver verifies timestamps against (set it to the tick's `now`). */
  setNow(now: Date): void;
  partner(flags?: PartnerFlags): Promise<FixturePartner>;
  enqueue(partnerId: string, event: CallbackEvent, created?: Date): Promise<string>;
  row(id: string): Promise<Record<string, unknown> & { status: string; attempts: number; next_attempt_at: Date; locked_until: Date | null }>;
  /** Empties the outbox and resets the receiver between tests. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

/** A BoletoGerado event of proposal `proposal` (same proposal = same ordering key). */
export function boleto(proposal: string, n: number): CallbackEvent {
  return boletoCreatedEvent({ nroProposta: n, codigoProposta: proposal, codigoOperacao: `op-${n}` }, T0, { codigoBoleto: randomUUID(), nroBoleto: n, vlrBoleto: dec('350.00'), dtVencimento: localDate('2026-12-23'), liquidacao: false });
}

export async function startWorkerFixture(): Promise<WorkerFixture> {
  const database = await createTestDatabase();
  const clock = fixedClock(T0);
  let now = T0;
  const receiver = await startReceiver({ now: () => now });
  const keys = await generatePartnerKeyPair();
  return {
    database,
    receiver,
    clock,
    setNow(next) {
      now = next;
    },
    async partner(flags = {}) {
      const created = await createPartner(database.db, clock, { name: `Partner ${randomUUID().slice(0, 8)}`, publicKeyPem: keys.publicKeyPem, callbackUrl: receiver.url, ...flags });
      receiver.secrets = [created.callbackSecret];
      return { partnerId: created.partnerId, clientId: created.clientId, secret: created.callbackSecret };
    },
    enqueue: (partnerId, event, created = T0) => enqueueCallback(database.db, partnerId, event, created),
    async row(id) {
      const { rows } = await sql<never>`select * from callback_deliveries where id = ${id}`.execute(database.db);
      if (rows.length !== 1) throw new Error(`no outbox row ${id}`);
      return rows[0]!;
    },
    async reset() {
      await sql`delete from callback_events`.execute(database.db);
      await sql`delete from jobs`.execute(database.db);
      receiver.receipts.length = 0;
      receiver.reply = () => ({ status: 200 });
      now = T0;
    },
    async close() {
      await receiver.close();
      await database.drop();
    },
  };
}

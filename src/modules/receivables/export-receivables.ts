// Exports of the receivables book (issue 15, `caas export installments|payments`): every
// installment of every schedule, and every payment launch, in batches by keyset on an indexed key
// ((schedule, number) and (schedule, seq)), so memory stays bounded and a deep page costs no more
// than the first. Run inside inReadSnapshot so all batches read one consistent state. Read-only.
import { sql } from 'kysely';
import { LIMITS } from '../../platform/config/limits.js';
import type { LocalDate } from '../../platform/dates.js';
import type { Executor } from '../../platform/db/pool.js';
import { keysetBatches } from '../../platform/db/read-snapshot.js';
import { clientIdOf } from '../partners/index.js';

/** Inclusive calendar-date bounds: the installment's due date, the payment's date. */
export interface DateRange {
  from: LocalDate | null;
  to: LocalDate | null;
}

export interface InstallmentRecord {
  proposalNumber: number;
  partner: string;
  installment: number;
  dueDate: string;
  amount: string;
  state: 'open' | 'paid' | 'cancelled';
  principalOwed: string;
  unpaidFine: string;
  unpaidLateInterest: string;
  unpaidContractInterest: string;
  totalPaid: string;
  totalDiscount: string;
  paidOn: string | null;
}

export interface PaymentRecord {
  proposalNumber: number;
  partner: string;
  installment: number;
  paymentDate: string;
  dueDate: string;
  amountPaid: string;
  discount: string;
  fine: string;
  interest: string;
  lateInterest: string;
  installmentBalance: string;
  viaBoleto: boolean;
  boletoNumber: number | null;
  launchCode: string;
  description: string | null;
  recordedAt: string;
}

interface ScheduleKey {
  scheduleId: string;
  position: number;
}

function installmentsQuery(db: Executor, range: DateRange) {
  return db
    .selectFrom('receivable_installments as i')
    .innerJoin('receivable_schedules as s', 's.id', 'i.schedule_id')
    .$if(range.from !== null, (q) => q.where('i.due_date', '>=', range.from as string))
    .$if(range.to !== null, (q) => q.where('i.due_date', '<=', range.to as string));
}

function paymentsQuery(db: Executor, range: DateRange) {
  return db
    .selectFrom('receivable_launches as l')
    .innerJoin('receivable_schedules as s', 's.id', 'l.schedule_id')
    .leftJoin('receivable_boletos as b', 'b.id', 'l.boleto_id')
    .$if(range.from !== null, (q) => q.where('l.dt_lancamento', '>=', range.from as string))
    .$if(range.to !== null, (q) => q.where('l.dt_lancamento', '<=', range.to as string));
}

type Keyed<T> = T & { key: ScheduleKey };

/** The batches without the keyset key (an internal cursor, not a column). */
async function* unkeyed<T>(batches: AsyncGenerator<Array<Keyed<T>>>): AsyncGenerator<T[]> {
  for await (const batch of batches) yield batch.map(({ key: _key, ...record }) => record as T);
}

export function installmentBatches(db: Executor, range: DateRange, batchSize: number = LIMITS.EXPORT_BATCH_ROWS): AsyncGenerator<InstallmentRecord[]> {
  const page = async (after: ScheduleKey | null, limit: number) => {
    const rows = await installmentsQuery(db, range)
      .select(['i.schedule_id', 'i.number', 'i.due_date', 'i.amount', 'i.cancelled', 'i.paid_on', 'i.principal', 'i.unpaid_fine', 'i.unpaid_late_interest', 'i.unpaid_contract_interest', 'i.total_paid', 'i.total_discount', 's.proposal_number', clientIdOf('i.partner_id').as('client_id')])
      .$if(after !== null, (q) => q.where(sql<boolean>`(i.schedule_id, i.number) > (${after?.scheduleId}::uuid, ${after?.position}::int)`))
      .orderBy('i.schedule_id')
      .orderBy('i.number')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      key: { scheduleId: r.schedule_id, position: r.number },
      proposalNumber: r.proposal_number,
      partner: r.client_id,
      installment: r.number,
      dueDate: r.due_date,
      amount: r.amount,
      state: r.cancelled ? ('cancelled' as const) : r.paid_on !== null ? ('paid' as const) : ('open' as const),
      principalOwed: r.principal,
      unpaidFine: r.unpaid_fine,
      unpaidLateInterest: r.unpaid_late_interest,
      unpaidContractInterest: r.unpaid_contract_interest,
      totalPaid: r.total_paid,
      totalDiscount: r.total_discount,
      paidOn: r.paid_on,
    }));
  };
  return unkeyed(keysetBatches(page, (r) => r.key, batchSize));
}

export function paymentBatches(db: Executor, range: DateRange, batchSize: number = LIMITS.EXPORT_BATCH_ROWS): AsyncGenerator<PaymentRecord[]> {
  const page = async (after: ScheduleKey | null, limit: number) => {
    const rows = await paymentsQuery(db, range)
      .select(['l.schedule_id', 'l.seq', 'l.launch_group_id', 'l.installment_number', 'l.dt_lancamento', 'l.dt_vencimento', 'l.vlr_pagamento', 'l.vlr_desconto', 'l.vlr_multa', 'l.vlr_juros', 'l.vlr_mora', 'l.vlr_saldo_parcela', 'l.via_boleto', 'l.descricao', 'l.created_at', 'b.numero as boleto_numero', 's.proposal_number', clientIdOf('l.partner_id').as('client_id')])
      .$if(after !== null, (q) => q.where(sql<boolean>`(l.schedule_id, l.seq) > (${after?.scheduleId}::uuid, ${after?.position}::bigint)`))
      .orderBy('l.schedule_id')
      .orderBy('l.seq')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      key: { scheduleId: r.schedule_id, position: r.seq },
      proposalNumber: r.proposal_number,
      partner: r.client_id,
      installment: r.installment_number,
      paymentDate: r.dt_lancamento,
      dueDate: r.dt_vencimento,
      amountPaid: r.vlr_pagamento,
      discount: r.vlr_desconto,
      fine: r.vlr_multa,
      interest: r.vlr_juros,
      lateInterest: r.vlr_mora,
      installmentBalance: r.vlr_saldo_parcela,
      viaBoleto: r.via_boleto,
      boletoNumber: r.boleto_numero,
      launchCode: r.launch_group_id,
      description: r.descricao,
      recordedAt: r.created_at.toISOString(),
    }));
  };
  return unkeyed(keysetBatches(page, (r) => r.key, batchSize));
}

export async function countInstallments(db: Executor, range: DateRange): Promise<number> {
  const row = await installmentsQuery(db, range).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countPayments(db: Executor, range: DateRange): Promise<number> {
  const row = await paymentsQuery(db, range).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

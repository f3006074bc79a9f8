// The service team's read side of receivables for the console (issue 16): the Painel figures
// (overdue installments, boletos and charges issued and paid on a day), one proposal's schedule
// (installments, boletos, Pix charges, launches), the Cobrança lists and the boleto slip by its
// number. Read-only, on the pool: never a write transaction.
import { sql } from 'kysely';
import type { LocalDate } from '../../platform/dates.js';
import type { Db, Executor } from '../../platform/db/pool.js';
import { BoletoStatus, boletoStatusText } from './collections/boleto-status.js';
import { printBoleto } from './collections/boleto-print.js';
import type { ReceivablesSettings } from './settings.js';

export interface CountAmount {
  count: number;
  /** Decimal text, two places. */
  amount: string;
}

export interface CollectionFigures {
  /** Open schedules' unpaid installments due before the day: count and what is still owed of them. */
  overdue: CountAmount;
  boletosIssued: CountAmount;
  boletosPaid: CountAmount;
  chargesIssued: CountAmount;
  chargesPaid: CountAmount;
}

const SAO_PAULO_DAY = (column: string) => sql<string>`(${sql.ref(column)} at time zone 'America/Sao_Paulo')::date`;
const countAmount = (amount: string) => [sql<number>`count(*)::int`.as('n'), sql<string>`coalesce(sum(${sql.ref(amount)}), 0)::numeric(20,2)::text`.as('amount')] as const;
const figure = (row: { n: number; amount: string }): CountAmount => ({ count: row.n, amount: row.amount });

/** The Painel figures for `day` (a São Paulo calendar date). */
export async function collectionFiguresOn(db: Executor, day: LocalDate): Promise<CollectionFigures> {
  const overdue = db
    .selectFrom('receivable_installments as i')
    .innerJoin('receivable_schedules as s', 's.id', 'i.schedule_id')
    .where('s.situacao', '=', 2)
    .where('i.cancelled', '=', false)
    .where('i.paid_on', 'is', null)
    .where('i.due_date', '<', day)
    .select([sql<number>`count(*)::int`.as('n'), sql<string>`coalesce(sum(greatest(i.amount - i.total_paid - i.total_discount, 0)), 0)::numeric(20,2)::text`.as('amount')])
    .executeTakeFirstOrThrow();
  const boletosIssued = db.selectFrom('receivable_boletos').select(countAmount('amount')).where(SAO_PAULO_DAY('created_at'), '=', day).executeTakeFirstOrThrow();
  const boletosPaid = db.selectFrom('receivable_boletos').select(countAmount('amount_paid')).where('paid_on', '=', day).executeTakeFirstOrThrow();
  const chargesIssued = db.selectFrom('receivable_charges').select(countAmount('amount')).where(SAO_PAULO_DAY('created_at'), '=', day).executeTakeFirstOrThrow();
  const chargesPaid = db.selectFrom('receivable_charges').select(countAmount('amount_paid')).where('paid_on', '=', day).executeTakeFirstOrThrow();
  const [o, bi, bp, ci, cp] = await Promise.all([overdue, boletosIssued, boletosPaid, chargesIssued, chargesPaid]);
  return { overdue: figure(o), boletosIssued: figure(bi), boletosPaid: figure(bp), chargesIssued: figure(ci), chargesPaid: figure(cp) };
}

export interface InstallmentLine {
  number: number;
  dueDate: string;
  amount: string;
  totalPaid: string;
  paidOn: string | null;
  state: 'paga' | 'cancelada' | 'vencida' | 'em aberto';
}

export interface BoletoLine {
  number: number;
  status: number;
  statusDescription: string;
  purpose: 'installments' | 'refund';
  installments: number[];
  dueDate: string;
  amount: string;
  amountPaid: string | null;
  paidOn: string | null;
  /** The slip can be printed (a cancelled boleto is not served). */
  printable: boolean;
}

export interface ChargeLine {
  code: string;
  proposalNumber: number;
  partnerId: string;
  viaBoleto: boolean;
  viaPix: boolean;
  status: string;
  dueDate: string;
  amount: string;
  amountPaid: string | null;
  paidOn: string | null;
  createdAt: string;
}

export interface LaunchLine {
  installmentNumber: number;
  on: string;
  viaBoleto: boolean;
  payment: string;
  discount: string;
  balanceAfter: string;
  description: string | null;
}

export interface ScheduleView {
  status: number;
  installments: InstallmentLine[];
  boletos: BoletoLine[];
  charges: ChargeLine[];
  launches: LaunchLine[];
}

function installmentState(i: { paid_on: string | null; cancelled: boolean; due_date: string }, day: LocalDate): InstallmentLine['state'] {
  if (i.paid_on !== null) return 'paga';
  if (i.cancelled) return 'cancelada';
  return i.due_date < day ? 'vencida' : 'em aberto';
}

function chargesQuery(db: Executor) {
  return db
    .selectFrom('receivable_charges as c')
    .innerJoin('receivable_schedules as s', 's.id', 'c.schedule_id')
    .select(['c.id', 's.proposal_number', 'c.partner_id', 'c.via_boleto', 'c.via_pix', 'c.status', 'c.due_date', 'c.amount', 'c.amount_paid', 'c.paid_on', 'c.created_at']);
}

type ChargeRow = Awaited<ReturnType<ReturnType<typeof chargesQuery>['execute']>>[number];

const chargeLine = (c: ChargeRow): ChargeLine => ({
  code: c.id,
  proposalNumber: Number(c.proposal_number),
  partnerId: c.partner_id,
  viaBoleto: c.via_boleto,
  viaPix: c.via_pix,
  status: c.status,
  dueDate: c.due_date,
  amount: c.amount,
  amountPaid: c.amount_paid,
  paidOn: c.paid_on,
  createdAt: c.created_at.toISOString(),
});

async function boletoLines(db: Executor, where: { scheduleId?: string; status?: number | null }, limit: number, offset = 0): Promise<(BoletoLine & { proposalNumber: number; partnerId: string })[]> {
  const rows = await db
    .selectFrom('receivable_boletos as b')
    .innerJoin('receivable_schedules as s', 's.id', 'b.schedule_id')
    .select(['b.id', 'b.numero', 'b.registration_status', 'b.purpose', 'b.due_date', 'b.amount', 'b.amount_paid', 'b.paid_on', 's.proposal_number', 'b.partner_id'])
    .$if(where.scheduleId !== undefined, (q) => q.where('b.schedule_id', '=', where.scheduleId as string))
    .$if(where.status != null, (q) => q.where('b.registration_status', '=', where.status as number))
    .orderBy('b.numero', where.scheduleId === undefined ? 'desc' : 'asc')
    .limit(limit)
    .offset(offset)
    .execute();
  const links = rows.length === 0 ? [] : await db.selectFrom('receivable_boleto_installments').select(['boleto_id', 'installment_number']).where('boleto_id', 'in', rows.map((b) => b.id)).orderBy('installment_number').execute();
  return rows.map((b) => ({
    number: Number(b.numero),
    status: b.registration_status,
    statusDescription: boletoStatusText(b.registration_status),
    purpose: b.purpose,
    installments: links.filter((l) => l.boleto_id === b.id).map((l) => l.installment_number),
    dueDate: b.due_date,
    amount: b.amount,
    amountPaid: b.amount_paid,
    paidOn: b.paid_on,
    printable: b.registration_status !== BoletoStatus.cancelled,
    proposalNumber: Number(b.proposal_number),
    partnerId: b.partner_id,
  }));
}

/** One proposal's schedule as the console's detail page shows it; null before the disbursement. */
export async function scheduleView(db: Executor, proposalId: string, day: LocalDate): Promise<ScheduleView | null> {
  const schedule = await db.selectFrom('receivable_schedules').select(['id', 'situacao']).where('proposal_id', '=', proposalId).executeTakeFirst();
  if (schedule === undefined) return null;
  const [installments, boletos, charges, launches] = await Promise.all([
    db.selectFrom('receivable_installments').select(['number', 'due_date', 'amount', 'total_paid', 'paid_on', 'cancelled']).where('schedule_id', '=', schedule.id).orderBy('number').execute(),
    boletoLines(db, { scheduleId: schedule.id }, 1_000),
    chargesQuery(db).where('c.schedule_id', '=', schedule.id).orderBy('c.created_at').execute(),
    db
      .selectFrom('receivable_launches')
      .select(['installment_number', 'dt_lancamento', 'via_boleto', 'vlr_pagamento', 'vlr_desconto', 'vlr_saldo_parcela', 'descricao'])
      .where('schedule_id', '=', schedule.id)
      .orderBy('seq')
      .execute(),
  ]);
  return {
    status: schedule.situacao,
    installments: installments.map((i) => ({ number: i.number, dueDate: i.due_date, amount: i.amount, totalPaid: i.total_paid, paidOn: i.paid_on, state: installmentState(i, day) })),
    boletos,
    charges: charges.map(chargeLine),
    launches: launches.map((l) => ({ installmentNumber: l.installment_number, on: l.dt_lancamento, viaBoleto: l.via_boleto, payment: l.vlr_pagamento, discount: l.vlr_desconto, balanceAfter: l.vlr_saldo_parcela, description: l.descricao })),
  };
}

/** The Cobrança page: boletos, newest first, optionally of one registration status. */
export async function pageBoletos(db: Executor, status: number | null, page: number, pageSize: number): Promise<{ rows: Awaited<ReturnType<typeof boletoLines>>; total: number }> {
  const [rows, count] = await Promise.all([
    boletoLines(db, { status }, pageSize, (page - 1) * pageSize),
    db.selectFrom('receivable_boletos').$if(status !== null, (q) => q.where('registration_status', '=', status as number)).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.n };
}

export const CHARGE_STATUSES = ['active', 'cancelling', 'cancelled', 'paid'] as const;

/** The Cobrança page: charges (cobranças with boleto and/or Pix), newest first. */
export async function pageCharges(db: Executor, status: (typeof CHARGE_STATUSES)[number] | null, page: number, pageSize: number): Promise<{ rows: ChargeLine[]; total: number }> {
  const [rows, count] = await Promise.all([
    chargesQuery(db).$if(status !== null, (q) => q.where('c.status', '=', status as (typeof CHARGE_STATUSES)[number])).orderBy('c.created_at', 'desc').orderBy('c.id').limit(pageSize).offset((page - 1) * pageSize).execute(),
    db.selectFrom('receivable_charges').$if(status !== null, (q) => q.where('status', '=', status as (typeof CHARGE_STATUSES)[number])).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(chargeLine), total: count.n };
}

/** The slip of boleto `numero`, the same PDF as its urlImpressao; null when unknown or cancelled. */
export async function boletoSlipByNumber(db: Db, settings: ReceivablesSettings, numero: number): Promise<{ pdf: Buffer; number: number } | null> {
  const boleto = await db.selectFrom('receivable_boletos').selectAll().where('numero', '=', String(numero) as never).executeTakeFirst();
  if (boleto === undefined || boleto.registration_status === BoletoStatus.cancelled) return null;
  return { pdf: await printBoleto(db, settings, boleto), number: numero };
}

/** The boleto registration statuses as [code, description] pairs (the Cobrança filter). */
export const BOLETO_STATUS_OPTIONS: readonly (readonly [string, string])[] = Object.values(BoletoStatus).map((s) => [String(s), boletoStatusText(s)] as const);

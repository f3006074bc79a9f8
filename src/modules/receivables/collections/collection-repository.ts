// Data access of boletos and charges (cobranças) and the installments they cover. Reads take the
// partner id and filter by it.
import { CompiledQuery, sql } from 'kysely';
import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../../../platform/db/pool.js';
import type { JobsTable } from '../../../platform/db/schema.js';
import { partnerNameById } from '../../partners/index.js';
import { BoletoStatus, LIVE_BOLETO_STATUSES } from './boleto-status.js';
import { insertRowWithLinks, rowWithLinksStatement } from './row-with-links.js';
import { answerBumpOfSchedule, lockedScheduleId, type InstallmentRow, type ScheduleKey } from '../schedule/schedule-repository.js';
import { assertColumnsExactly, bound, type Bound, ShapedStatements } from '../../../platform/db/fixed-text.js';
import type {
  ReceivableBoletoInstallmentsTable,
  ReceivableBoletosTable,
  ReceivableChargeInstallmentsTable,
  ReceivableChargesTable,
} from '../tables.js';

export type BoletoRow = Selectable<ReceivableBoletosTable>;
export type ChargeRow = Selectable<ReceivableChargesTable>;
export type BoletoInstallmentRow = Selectable<ReceivableBoletoInstallmentsTable>;
export type ChargeInstallmentRow = Selectable<ReceivableChargeInstallmentsTable>;

// The row and its installment links in ONE statement of fixed text (row-with-links.ts, issue 14);
// exported for bench/row-return-micro.ts.
export const BOLETO_INSERT = rowWithLinksStatement<Insertable<ReceivableBoletosTable>, Insertable<ReceivableBoletoInstallmentsTable>>(
  'receivable_boletos',
  ['id', 'partner_id', 'schedule_id', 'charge_id', 'purpose', 'settlement', 'description', 'notify_customer', 'due_date', 'expires_on', 'document_amount', 'discount', 'amount', 'permite_descapitalizacao', 'bank_code', 'nosso_numero_seq', 'nosso_numero', 'barcode', 'linha_digitavel', 'pix_txid', 'pix_emv', 'pix_image', 'print_token', 'registration_mode', 'registration_status', 'created_at', 'registered_at', 'cancel_requested_at', 'cancelled_at', 'paid_on', 'amount_paid'],
  'receivable_boleto_installments',
  [['boleto_id', 'uuid'], ['installment_id', 'uuid'], ['installment_number', 'integer'], ['discount', 'numeric'], ['live', 'boolean']],
  ['numero'],
  ['document_amount', 'discount', 'amount', 'amount_paid'],
);

const CHARGE_INSERT = rowWithLinksStatement<Insertable<ReceivableChargesTable>, Insertable<ReceivableChargeInstallmentsTable>>(
  'receivable_charges',
  ['id', 'partner_id', 'schedule_id', 'via_boleto', 'via_pix', 'settlement', 'description', 'due_date', 'expires_on', 'amount', 'discount', 'permite_descapitalizacao', 'notify_customer', 'pix_txid', 'pix_emv', 'pix_image', 'status', 'created_at', 'cancel_requested_at', 'cancelled_at', 'paid_on', 'amount_paid'],
  'receivable_charge_installments',
  [['charge_id', 'uuid'], ['installment_id', 'uuid'], ['installment_number', 'integer'], ['discount', 'numeric'], ['live', 'boolean']],
  [],
  ['amount', 'discount', 'amount_paid'],
);

/** `row`: every column of BOLETO_INSERT (an assertion otherwise). */
export async function insertBoleto(tx: Executor, row: Insertable<ReceivableBoletosTable>, installments: Insertable<ReceivableBoletoInstallmentsTable>[]): Promise<BoletoRow> {
  return insertRowWithLinks<Insertable<ReceivableBoletosTable>, Insertable<ReceivableBoletoInstallmentsTable>, BoletoRow>(tx, BOLETO_INSERT, row, installments);
}

/** `row`: every column of CHARGE_INSERT (an assertion otherwise). */
export async function insertCharge(tx: Executor, row: Insertable<ReceivableChargesTable>, installments: Insertable<ReceivableChargeInstallmentsTable>[]): Promise<ChargeRow> {
  return insertRowWithLinks<Insertable<ReceivableChargesTable>, Insertable<ReceivableChargeInstallmentsTable>, ChargeRow>(tx, CHARGE_INSERT, row, installments);
}

export async function boletoById(db: Executor, partnerId: string, boletoId: string, lock = false): Promise<BoletoRow | undefined> {
  const query = db.selectFrom('receivable_boletos').selectAll().where('partner_id', '=', partnerId).where('id', '=', boletoId);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

/** By numeroBoleto, across partners: the operator's `caas boleto pay` names a boleto by number. */
export async function boletoByNumber(db: Executor, numero: number, lock = false): Promise<BoletoRow | undefined> {
  const query = db.selectFrom('receivable_boletos').selectAll().where('numero', '=', numero);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

export async function boletoByPrintToken(db: Executor, token: string): Promise<BoletoRow | undefined> {
  return db.selectFrom('receivable_boletos').selectAll().where('print_token', '=', token).executeTakeFirst();
}

export async function boletosOfSchedule(db: Executor, partnerId: string, scheduleId: string): Promise<BoletoRow[]> {
  return db.selectFrom('receivable_boletos').selectAll().where('partner_id', '=', partnerId).where('schedule_id', '=', scheduleId).orderBy('numero').execute();
}

export async function boletoOfCharge(db: Executor, partnerId: string, chargeId: string, lock = false): Promise<BoletoRow | undefined> {
  const query = db.selectFrom('receivable_boletos').selectAll().where('partner_id', '=', partnerId).where('charge_id', '=', chargeId);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

export async function chargeById(db: Executor, partnerId: string, chargeId: string, lock = false): Promise<ChargeRow | undefined> {
  const query = db.selectFrom('receivable_charges').selectAll().where('partner_id', '=', partnerId).where('id', '=', chargeId);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

/** By codigoLiquidacao, across partners (the operator's `caas pix pay`). */
export async function chargeByCode(db: Executor, chargeId: string, lock = false): Promise<ChargeRow | undefined> {
  const query = db.selectFrom('receivable_charges').selectAll().where('id', '=', chargeId);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

/** One installment a boleto or charge covers, as the reads show it. */
export interface CoveredInstallment {
  installment_id: string;
  installment_number: number;
}

/** A row's installment links as a json array by installment number (a correlated subquery). */
function coveredOf(links: 'receivable_boleto_installments' | 'receivable_charge_installments', key: 'boleto_id' | 'charge_id', outer: 'b' | 'c') {
  return sql<CoveredInstallment[]>`coalesce((select json_agg(json_build_object('installment_id', l.installment_id, 'installment_number', l.installment_number) order by l.installment_number) from ${sql.table(links)} l where l.${sql.ref(key)} = ${sql.ref(outer)}.id), '[]'::json)`;
}

function boletosCoveringQuery(db: Executor, partnerId: string, scheduleId: string) {
  return db
    .selectFrom('receivable_boletos as b')
    .selectAll('b')
    .select(coveredOf('receivable_boleto_installments', 'boleto_id', 'b').as('covered'))
    .where('b.partner_id', '=', partnerId)
    .where('b.schedule_id', '=', scheduleId)
    .orderBy('b.numero');
}

/** A schedule's boletos by number with the installments each covers: ONE statement (issue 14). */
export async function boletosCoveringOfSchedule(db: Executor, partnerId: string, scheduleId: string): Promise<Array<{ boleto: BoletoRow; covered: CoveredInstallment[] }>> {
  const rows = await boletosCoveringQuery(db, partnerId, scheduleId).execute();
  return rows.map(({ covered, ...boleto }) => ({ boleto, covered }));
}

/**
 * The same, each row with the partner's name (ConsultarBoletos shows it in every entry): the name
 * costs no statement of its own (issue 14).
 */
export async function boletosCoveringWithPartnerName(db: Executor, partnerId: string, scheduleId: string): Promise<Array<{ boleto: BoletoRow; covered: CoveredInstallment[]; partnerName: string | null }>> {
  const rows = await boletosCoveringQuery(db, partnerId, scheduleId).select(partnerNameById(partnerId).as('partner_name')).execute();
  return rows.map(({ covered, partner_name, ...boleto }) => ({ boleto, covered, partnerName: partner_name }));
}

/** A schedule's charges by creation with the installments each covers: ONE statement (issue 14). */
export async function chargesCoveringOfSchedule(db: Executor, partnerId: string, scheduleId: string): Promise<Array<{ charge: ChargeRow; covered: CoveredInstallment[] }>> {
  const rows = await db
    .selectFrom('receivable_charges as c')
    .selectAll('c')
    .select(coveredOf('receivable_charge_installments', 'charge_id', 'c').as('covered'))
    .where('c.partner_id', '=', partnerId)
    .where('c.schedule_id', '=', scheduleId)
    .orderBy('c.created_at')
    .execute();
  return rows.map(({ covered, ...charge }) => ({ charge, covered }));
}

export async function chargesOfSchedule(db: Executor, partnerId: string, scheduleId: string): Promise<ChargeRow[]> {
  return db.selectFrom('receivable_charges').selectAll().where('partner_id', '=', partnerId).where('schedule_id', '=', scheduleId).orderBy('created_at').execute();
}

export async function boletoInstallments(db: Executor, boletoIds: readonly string[]): Promise<BoletoInstallmentRow[]> {
  if (boletoIds.length === 0) return [];
  return db.selectFrom('receivable_boleto_installments').selectAll().where('boleto_id', 'in', boletoIds).orderBy('installment_number').execute();
}

export async function chargeInstallments(db: Executor, chargeIds: readonly string[]): Promise<ChargeInstallmentRow[]> {
  if (chargeIds.length === 0) return [];
  return db.selectFrom('receivable_charge_installments').selectAll().where('charge_id', 'in', chargeIds).orderBy('installment_number').execute();
}

/** What already collects each installment (its live boleto number or live charge code); a boleto wins. */
export interface LiveCollections {
  found: Map<string, string>;
  /** The next nosso número when asked for, drawn by the same statement (issue 14); else null. */
  sequence: bigint | null;
}

/**
 * Live boletos and charges of these installments in ONE statement (issue 14), which also draws the
 * next nosso número when `drawSequence` (the order issues a boleto). A refused order leaves a gap in
 * the sequence, as any rolled-back issue always did (a sequence is not transactional).
 */
export async function liveCollections(db: Executor, installmentIds: readonly string[], drawSequence = false): Promise<LiveCollections> {
  const found = new Map<string, string>();
  if (installmentIds.length === 0) return { found, sequence: drawSequence ? await nextSequence(db) : null };
  const live = db
    .selectFrom('receivable_boleto_installments as bi')
    .innerJoin('receivable_boletos as b', 'b.id', 'bi.boleto_id')
    .select(['bi.installment_id', sql<string>`'boleto nº ' || b.numero`.as('what'), sql<number>`0`.as('rank')])
    .where('bi.installment_id', 'in', installmentIds)
    // `live` as a literal, not a parameter: only then can a prepared statement's generic plan use
    // the partial indexes `… where live` (a parameter made it re-plan on every call, or scan the table).
    .where('bi.live', '=', sql.lit(true))
    .where('b.registration_status', 'in', LIVE_BOLETO_STATUSES)
    .unionAll((eb) =>
      eb
        .selectFrom('receivable_charge_installments')
        .select(['installment_id', sql<string>`'cobrança ' || charge_id`.as('what'), sql<number>`1`.as('rank')])
        .where('installment_id', 'in', installmentIds)
        .where('live', '=', sql.lit(true)),
    );
  // The sequence is drawn once (a materialized CTE), whether or not a live collection is found.
  const rows = await db
    .with('live', () => live)
    .with('seq', (qb) => qb.selectNoFrom((drawSequence ? sql<string | null>`nextval('boleto_nosso_numero_seq')::text` : sql<string | null>`null::text`).as('value')))
    .selectFrom('seq')
    .leftJoin('live', (join) => join.onTrue())
    .select(['live.installment_id', 'live.what', 'seq.value'])
    .orderBy('live.rank')
    .execute();
  for (const row of rows) if (row.installment_id !== null && row.what !== null && !found.has(row.installment_id)) found.set(row.installment_id, row.what);
  const value = rows[0]?.value;
  return { found, sequence: value === null || value === undefined ? null : BigInt(value) };
}

/**
 * The installments numbered in `numbers` (only those: a single order uses no other, issue 14) with
 * the live collection each carries, and the next nosso número when `drawSequence`: ONE statement
 * where liveCollections needed the installments first. Same answer as pickInstallments over
 * installmentsOf, then liveCollections (a live boleto before a live charge); an unknown number is
 * simply absent, and pickInstallments refuses it as before. The text is fixed, so it is prepared
 * once per connection; the (schedule_id, number) index finds the rows. The sequence is drawn once
 * (an uncorrelated subquery), only when some installment is read (else by nextSequence).
 */
const INSTALLMENTS_WITH_LIVE = `select i.*,
  coalesce(
    (select 'boleto nº ' || b.numero from receivable_boleto_installments bi join receivable_boletos b on b.id = bi.boleto_id
      where bi.installment_id = i.id and bi.live and b.registration_status = any($5::int[]) limit 1),
    (select 'cobrança ' || ci.charge_id from receivable_charge_installments ci where ci.installment_id = i.id and ci.live limit 1)) as live_what,
  (select case when $4::boolean then nextval('boleto_nosso_numero_seq')::text end) as sequence_value
from receivable_installments i where i.schedule_id = $1 and i.number = any($3::int[]) and i.partner_id = $2 order by i.number`;

export async function installmentsWithLive(db: Executor, schedule: { id: string; partner_id: string }, numbers: readonly number[], drawSequence: boolean): Promise<LiveCollections & { installments: InstallmentRow[] }> {
  type Row = InstallmentRow & { live_what: string | null; sequence_value: string | null };
  const { rows } = await db.executeQuery<Row>(CompiledQuery.raw(INSTALLMENTS_WITH_LIVE, [schedule.id, schedule.partner_id, numbers, drawSequence, LIVE_BOLETO_STATUSES]));
  const found = new Map<string, string>();
  const installments = rows.map(({ live_what, sequence_value: _, ...row }) => {
    if (live_what !== null) found.set(row.id, live_what);
    return row;
  });
  const value = rows[0]?.sequence_value ?? null;
  const sequence = value !== null ? BigInt(value) : drawSequence ? await nextSequence(db) : null;
  return { installments, found, sequence };
}

/** The next nosso número from the database sequence. */
export async function nextSequence(db: Executor): Promise<bigint> {
  const { rows } = await sql<{ value: string }>`select nextval('boleto_nosso_numero_seq')::text as value`.execute(db);
  return BigInt(rows[0]!.value);
}

export async function setBoletoStatus(tx: Executor, boleto: BoletoRow, situacao: number, changes: Partial<Pick<BoletoRow, 'registered_at' | 'cancel_requested_at' | 'cancelled_at' | 'paid_on' | 'amount_paid'>> = {}): Promise<BoletoRow> {
  const live = LIVE_BOLETO_STATUSES.includes(situacao);
  const updated = await tx
    .updateTable('receivable_boletos')
    .set({ registration_status: situacao, ...changes })
    .where('id', '=', boleto.id)
    .where('partner_id', '=', boleto.partner_id)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (!live) await tx.updateTable('receivable_boleto_installments').set({ live: false }).where('boleto_id', '=', boleto.id).execute();
  return updated;
}

/** The columns of the cancellation's job row, in the row's order (jobRow). */
const JOB_COLUMNS = ['kind', 'payload', 'run_at', 'max_attempts', 'locked_until', 'last_error', 'created_at', 'finished_at', 'ordering_key', 'last_status', 'fail_reason'] as const;

/** requestChargesCancellation's statement, built by kysely once per shape: the key's column (the charges' ids are one array parameter, so their count is not part of it). */
const CANCELLATIONS = new ShapedStatements();

/** The cancellation's statement over `values`: partner, key value, now, job columns (JOB_COLUMNS), then the charge ids as one array (exported for its test). */
export function cancellationStatement(tx: Executor, column: ScheduleKey['column'], values: readonly unknown[]) {
  const [partnerId, keyValue, now, ...rest] = values as [Bound<string>, Bound<ScheduleKey['value']>, Bound<Date>, ...unknown[]];
  const job = Object.fromEntries(JOB_COLUMNS.map((name, i) => [name, rest[i]])) as unknown as Insertable<JobsTable>;
  const chargeIds = rest[JOB_COLUMNS.length];
  return tx
    .with('schedule', () => lockedScheduleId(tx, partnerId, { column, value: keyValue }))
    .with('answer_bump', (db) => answerBumpOfSchedule(db))
    .with('charge', (db) =>
      db
        .updateTable('receivable_charges')
        .set({ status: 'cancelling', cancel_requested_at: bound(now) })
        .where('partner_id', '=', bound(partnerId))
        .where('schedule_id', '=', (eb) => eb.selectFrom('schedule').select('id'))
        .where('id', '=', sql<string>`any(${chargeIds}::uuid[])`)
        .where('status', '=', 'active')
        .returning(['id', 'partner_id']),
    )
    .with('boleto', (db) =>
      db
        .updateTable('receivable_boletos as b')
        .from('charge')
        .set({ registration_status: BoletoStatus.cancelPending, cancel_requested_at: bound(now) })
        .whereRef('b.partner_id', '=', 'charge.partner_id')
        .whereRef('b.charge_id', '=', 'charge.id')
        .where('b.registration_status', 'in', LIVE_BOLETO_STATUSES),
    )
    .with('job', (db) => db.insertInto('jobs').values(job))
    .selectFrom('charge')
    .select('id');
}

/** cancellationStatement's values, in its order (exported for its test): partner, key value, now, the job's columns (JOB_COLUMNS, asserted exactly), the charge ids. */
export function cancellationValues(key: ScheduleKey, partnerId: string, chargeIds: readonly string[], now: Date, job: Insertable<JobsTable>): unknown[] {
  assertColumnsExactly(job, JOB_COLUMNS, 'the cancellation job row');
  const row = job as unknown as Record<string, unknown>;
  return [partnerId, key.value, now, ...JOB_COLUMNS.map((name) => row[name]), chargeIds];
}

/**
 * FGTS/CancelarCobrancas in ONE statement (issue 14: the schedule's lock, a locking select per
 * charge, the update and the job's insert before): `schedule` (lockedScheduleId) locks the schedule
 * `key` names first (a scalar subquery of the update, run before any charge row is locked) and lists it for the
 * read model, `answer_bump` bumps its proposal's version (migration 0057), every named charge
 * of it still active becomes "cancelling" and its live boleto "cancel pending", and `job` is
 * inserted. Returns the ids it changed; the caller refuses (rolling all of it back) unless every
 * charge named was changed. The updates re-check each row they change against its latest version,
 * so a transaction that held the schedule's lock is seen once it commits. Its text is built once per
 * shape, the key's column (ShapedStatements: ~40 µs of kysely per cancellation before); the
 * ids (uuid-checked by the caller) are one `uuid[]` parameter, so three shapes and three prepared
 * statements whatever the number of charges.
 */
export async function requestChargesCancellation(tx: Executor, key: ScheduleKey, partnerId: string, chargeIds: readonly string[], now: Date, job: Insertable<JobsTable>): Promise<Set<string>> {
  if (chargeIds.length === 0) return new Set();
  const values = cancellationValues(key, partnerId, chargeIds, now, job);
  const query = CANCELLATIONS.statement(key.column, values, (placeholders) => cancellationStatement(tx, key.column, placeholders));
  const { rows } = await tx.executeQuery<{ id: string }>(query);
  return new Set(rows.map((r) => r.id));
}

/** The charges named, by id, as they stand (no lock): why a cancellation refused them. */
export async function chargesByIds(db: Executor, partnerId: string, chargeIds: readonly string[]): Promise<Map<string, ChargeRow>> {
  if (chargeIds.length === 0) return new Map();
  const rows = await db.selectFrom('receivable_charges').selectAll().where('partner_id', '=', partnerId).where('id', 'in', chargeIds).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

export async function setChargeStatus(tx: Executor, charge: ChargeRow, status: ChargeRow['status'], changes: Partial<Pick<ChargeRow, 'cancel_requested_at' | 'cancelled_at' | 'paid_on' | 'amount_paid' | 'pix_emv' | 'pix_image' | 'pix_txid'>> = {}): Promise<ChargeRow> {
  const updated = await tx
    .updateTable('receivable_charges')
    .set({ status, ...changes })
    .where('id', '=', charge.id)
    .where('partner_id', '=', charge.partner_id)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (status === 'cancelled' || status === 'paid') await tx.updateTable('receivable_charge_installments').set({ live: false }).where('charge_id', '=', charge.id).execute();
  return updated;
}

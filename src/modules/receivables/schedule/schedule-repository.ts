// Data access of schedules and installments. Every read takes the partner id and filters by it:
// another partner's schedule is indistinguishable from a missing one (tenant isolation).
import { CompiledQuery, sql, type Insertable, type QueryCreator, type Selectable } from 'kysely';
import { answerScopesListing } from './answer-scopes.js';
import type { Database } from '../../../platform/db/schema.js';
import type { CachedQuery } from '../../../platform/answer-cache.js';
import { arraysOf, assertColumnsExactly, bound, type Bound, insertFromArrays, quotedNames, unnestArrays } from '../../../platform/db/fixed-text.js';
import type { Executor } from '../../../platform/db/pool.js';
import type { LocalDate } from '../../../platform/dates.js';
import { dec, type Decimal } from '../../../platform/money.js';
import { isSettled, type InstallmentState } from './charges-math/index.js';
import { installmentNotFound, scheduleNotFound, scheduleNotOpen, scheduleRefMissing } from '../receivables-errors.js';
import type { ReceivableInstallmentsTable, ReceivableLaunchesTable, ReceivableSchedulesTable } from '../tables.js';

export type ScheduleRow = Selectable<ReceivableSchedulesTable>;
export type InstallmentRow = Selectable<ReceivableInstallmentsTable>;

/**
 * Which schedule a command or query names: by the proposal's id, its operation code or its number.
 * The first one given is used, in that order, as for the proposal operations (docs/receivables.md).
 */
export interface ScheduleReference {
  proposalId?: string | null;
  operationCode?: string | null;
  proposalNumber?: number | null;
}

export const ScheduleStatus = { cancelled: 0, paidOff: 1, open: 2 } as const;
export type ScheduleStatus = (typeof ScheduleStatus)[keyof typeof ScheduleStatus];

const SCHEDULE_STATUS_TEXT: Readonly<Record<number, string>> = { 0: 'Cancelada', 1: 'Quitada', 2: 'Em aberto' };

export function scheduleStatusText(situacao: number): string {
  const text = SCHEDULE_STATUS_TEXT[situacao];
  if (text === undefined) throw new Error(`assertion: unknown situacaoAgenda ${situacao}`);
  return text;
}

function trimmed(value: string | null | undefined): string | null {
  const t = value?.trim() ?? '';
  return t === '' ? null : t;
}

/**
 * The schedule the reference names, or the "Agenda de Recebíveis não foi encontrada" refusal.
 * `lock`: for a command that writes the schedule's rows next: the lock also bumps the read model's
 * version of its proposal (ANSWER_BUMP), so a caller that locks and then writes nothing still
 * invalidates the proposal's stored answers (correct, only a wasted miss).
 */
export async function requireSchedule(db: Executor, partnerId: string, ref: ScheduleReference | null | undefined, lock = false): Promise<ScheduleRow> {
  const key = scheduleRefColumn(ref);
  if (key === null) throw scheduleRefMissing();
  // Fixed texts (issue 14): every write reads its schedule this way; kysely rebuilt it each time.
  const { rows } = await db.executeQuery<ScheduleRow>(CompiledQuery.raw(SCHEDULE_BY_KEY[key.column][lock ? 'locked' : 'row'], [partnerId, key.value]));
  const row = rows[0];
  if (row === undefined) throw scheduleNotFound();
  return row;
}

export type ScheduleKey = NonNullable<ReturnType<typeof scheduleRefColumn>>;

/** The column and value a schedule reference names (null: no reference): the proposal's id, else the codigoOperacao, else the number. */
export function scheduleRefColumn(ref: ScheduleReference | null | undefined): { column: 'proposal_id' | 'codigo_operacao' | 'proposal_number'; value: string | number } | null {
  const proposalId = trimmed(ref?.proposalId);
  if (proposalId !== null) return { column: 'proposal_id', value: proposalId };
  const operationCode = trimmed(ref?.operationCode);
  if (operationCode !== null) return { column: 'codigo_operacao', value: operationCode };
  const proposalNumber = ref?.proposalNumber ?? null;
  return proposalNumber === null ? null : { column: 'proposal_number', value: proposalNumber };
}

/**
 * The read model's version bump of a locked schedule (migration 0057): its scope (the proposal) is
 * bumped once, and the schedule and the scope are listed in caas.answer_scopes, so the row triggers
 * of the boletos, charges, launches and installments the command writes next skip it (their WHEN).
 * The cap (0047, 2400 characters) is tested before the entry is appended, so the list may end up to
 * one entry (~75 characters) past it; once past, nothing more is listed and the triggers bump as
 * before. Every lock bumps: a transaction that locked the same schedule twice would bump twice
 * (no command does; a version is only compared for equality, so a second bump costs one miss).
 */
const ANSWER_BUMP = `answer_bump as (
      insert into answer_versions (scope, version) select proposal_id, 1 from locked
      on conflict (scope) do update set version = answer_versions.version + 1)`;
const ANSWER_LISTED = `(select ${answerScopesListing(['locked.id', 'locked.proposal_id'])}) listed`;

/** scheduleByKey's select as text, by the column it names the schedule by: the row, the row locked (and its scope bumped), and the read model's scope. */
function scheduleTexts(column: ScheduleKey['column']): { row: string; locked: string; scope: string } {
  const newest = `from "receivable_schedules" where "partner_id" = $1 and "${column}" = $2 order by "created_at" desc limit 1`;
  const locked = `with locked as (select * ${newest} for update), ${ANSWER_BUMP} select locked.* from locked, lateral ${ANSWER_LISTED}`;
  return { row: `select * ${newest}`, locked, scope: `select "proposal_id" as scope ${newest}` };
}
const SCHEDULE_BY_KEY = { proposal_id: scheduleTexts('proposal_id'), codigo_operacao: scheduleTexts('codigo_operacao'), proposal_number: scheduleTexts('proposal_number') };

/** The select of the schedule a key names; a codigoOperacao reused by the partner: the newest schedule answers. `value` may be a placeholder (ShapedStatements). */
function scheduleByKey(db: Executor, partnerId: Bound<string>, key: { column: ScheduleKey['column']; value: Bound<ScheduleKey['value']> }) {
  return db.selectFrom('receivable_schedules').where('partner_id', '=', bound(partnerId)).where(key.column, '=', bound(key.value)).orderBy('created_at', 'desc').limit(1);
}

/** ANSWER_LISTED for a select of the locked schedule's `id` and `proposal_id` (lockedScheduleId). */
const LISTED_COLUMN = sql.raw<string | null>(answerScopesListing(['"locked"."id"', '"locked"."proposal_id"']));

/**
 * The select locking the schedule a key names (scheduleRefColumn) and giving its id and proposal, for
 * a statement that goes on with it (issue 14). It lists the schedule for the read model (migration
 * 0057) as it is read, after the lock chose the row: the statement must bump the proposal's
 * version itself (answerBumpOf) and write only rows of this schedule after reading it. `partnerId`
 * and `key.value` may be placeholders (ShapedStatements).
 */
export function lockedScheduleId(db: Executor, partnerId: Bound<string>, key: { column: ScheduleKey['column']; value: Bound<ScheduleKey['value']> }) {
  const locked = scheduleByKey(db, partnerId, key).select(['id', 'proposal_id']).forUpdate();
  return db.selectFrom(locked.as('locked')).select(['locked.id', 'locked.proposal_id', LISTED_COLUMN.as('listed')]);
}

/** The version bump of the proposal of a `schedule` CTE selecting lockedScheduleId (the read model's table is not in the typed schema). */
export function answerBumpOfSchedule<DB>(db: QueryCreator<DB>) {
  const typed = db as unknown as QueryCreator<{ answer_versions: { scope: string; version: number }; schedule: { proposal_id: string } }>;
  return typed
    .insertInto('answer_versions')
    .columns(['scope', 'version'])
    .expression((eb) => eb.selectFrom('schedule').select(['proposal_id', sql<number>`1`.as('version')]))
    .onConflict((oc) => oc.column('scope').doUpdateSet({ version: sql<number>`answer_versions.version + 1` }));
}

/** A schedule read through the read model (platform/answer-cache.ts): its scope is the proposal's id (triggers: migration 0043). */
export function scheduleAnswers(name: string): CachedQuery<{ schedule: ScheduleReference }> {
  return {
    name,
    scope: (input, partnerId) => {
      const named = scheduleRefColumn(input.schedule);
      return named === null ? null : { text: SCHEDULE_BY_KEY[named.column].scope, parameters: [partnerId, named.value] };
    },
  };
}

/**
 * The schedule row locked and open: a command's view of the schedule (it reads the installments it
 * needs next). Every command that writes a schedule's installments, boletos, charges or launches
 * locks the schedule row first, so commands on one schedule run one at a time; locking each
 * installment row as well would add nothing but a tuple write per installment (420 for a long loan).
 */
export async function requireOpenSchedule(tx: Executor, partnerId: string, ref: ScheduleReference | null | undefined): Promise<ScheduleRow> {
  const schedule = await requireSchedule(tx, partnerId, ref, true);
  if (schedule.situacao !== ScheduleStatus.open) throw scheduleNotOpen(scheduleStatusText(schedule.situacao));
  return schedule;
}

/** `lock`: true waits for the row lock; 'nowait' fails at once (SQLSTATE 55P03) when another transaction holds it. */
export async function findScheduleByProposal(db: Executor, partnerId: string, proposalId: string, lock: boolean | 'nowait' = false): Promise<ScheduleRow | undefined> {
  const query = db.selectFrom('receivable_schedules').selectAll().where('partner_id', '=', partnerId).where('proposal_id', '=', proposalId);
  if (lock === 'nowait') return query.forUpdate().noWait().executeTakeFirst();
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

export async function scheduleById(db: Executor, partnerId: string, scheduleId: string, lock = false): Promise<ScheduleRow> {
  const query = db.selectFrom('receivable_schedules').selectAll().where('partner_id', '=', partnerId).where('id', '=', scheduleId);
  const row = await (lock ? query.forUpdate() : query).executeTakeFirst();
  if (row === undefined) throw new Error(`assertion: schedule ${scheduleId} vanished`);
  return row;
}

declare const payOffView: unique symbol;
type PayOffView = { readonly [payOffView]: true };

/**
 * A schedule's installments on which "every one is settled" means "the schedule is paid off": all
 * of them (installmentsOf) or the named ones plus the first other still owed (launchedInstallments).
 * Only those two functions make one; a filtered or sliced copy is a plain array, so postLaunches'
 * paid-off check cannot be handed a list that lacks the owed other.
 */
export type InstallmentsForPayOff = readonly InstallmentRow[] & PayOffView;

/** Every installment of the schedule, by number. `lock` takes row locks (commands). */
export async function installmentsOf(db: Executor, schedule: ScheduleRow, lock = false): Promise<InstallmentRow[] & PayOffView> {
  // A fixed text (issue 14): launches and settlements read them on every call.
  const { rows } = await db.executeQuery<InstallmentRow>(CompiledQuery.raw(lock ? `${INSTALLMENTS_TEXT} for update` : INSTALLMENTS_TEXT, [schedule.id, schedule.partner_id]));
  return rows as InstallmentRow[] & PayOffView;
}

const INSTALLMENTS_TEXT = 'select * from "receivable_installments" where "schedule_id" = $1 and "partner_id" = $2 order by "number"';

/**
 * The installments named by `numbers` (empty or absent = all), in ascending order; an unknown
 * number is refused with the field it came from.
 */
export function pickInstallments(all: readonly InstallmentRow[], numbers: readonly number[] | null | undefined, field: string): InstallmentRow[] {
  if (numbers === null || numbers === undefined || numbers.length === 0) return [...all];
  const byNumber = new Map(all.map((row) => [row.number, row]));
  return [...new Set(numbers)]
    .sort((a, b) => a - b)
    .map((n) => {
      const row = byNumber.get(n);
      if (row === undefined) throw installmentNotFound(n, `${field}[${numbers.indexOf(n)}]`);
      return row;
    });
}

/**
 * pickInstallments(installmentsOf(…), numbers, field) without loading the installments nobody
 * asked for (issue 14): only the named rows are selected, then picked exactly as before (same
 * order, same refusal for an unknown number).
 */
export async function namedInstallments(db: Executor, schedule: ScheduleRow, numbers: readonly number[] | null | undefined, field: string): Promise<InstallmentRow[]> {
  if (numbers === null || numbers === undefined || numbers.length === 0) return installmentsOf(db, schedule);
  const rows = await db
    .selectFrom('receivable_installments')
    .selectAll()
    .where('schedule_id', '=', schedule.id)
    .where('partner_id', '=', schedule.partner_id)
    .where('number', 'in', [...new Set(numbers)])
    .orderBy('number')
    .execute();
  return pickInstallments(rows, numbers, field);
}

/**
 * An installment still owes something: isSettled's complement (charges-math/installment-state.ts,
 * outstanding = principal + unpaid charges) copied by hand onto the row's columns; keep the two
 * alike (owed-sql.property.test.ts compares them on random values).
 */
const OWED = '"principal" + "unpaid_fine" + "unpaid_late_interest" + "unpaid_contract_interest" <> 0';
const OF_SCHEDULE = 'select * from "receivable_installments" where "schedule_id" = $1 and "partner_id" = $2';
const LAUNCHED_TEXT =
  `(${OF_SCHEDULE} and "number" = any($3::integer[])) union all ` +
  `(${OF_SCHEDULE} and not ("number" = any($3::integer[])) and ${OWED} order by "number" limit 1) order by "number"`;

/**
 * What a launch needs of its schedule's installments (issue 14; it read all of them, 48 rows of
 * every column for one launched): the installments `numbers` names, in number order, and the first
 * other installment still owed, when there is one, so that "every installment of the list is
 * settled" is exactly "the schedule is paid off" once the named ones are paid. A number not in the
 * schedule is simply absent (the caller refuses it).
 */
export async function launchedInstallments(db: Executor, schedule: ScheduleRow, numbers: readonly number[]): Promise<InstallmentsForPayOff> {
  const { rows } = await db.executeQuery<InstallmentRow>(CompiledQuery.raw(LAUNCHED_TEXT, [schedule.id, schedule.partner_id, [...new Set(numbers)]]));
  return rows as InstallmentRow[] & PayOffView;
}

export function monthlyRateOf(schedule: ScheduleRow): Decimal {
  return dec(schedule.monthly_rate);
}

/** The money state of an installment as the arithmetic of charges-math sees it. */
export function stateOf(row: InstallmentRow, contractMonthlyRate: Decimal): InstallmentState {
  return {
    number: row.number,
    dueDate: row.due_date as LocalDate,
    originalAmount: dec(row.amount),
    contractMonthlyRate,
    principal: dec(row.principal),
    unpaidCharges: { fine: dec(row.unpaid_fine), lateInterest: dec(row.unpaid_late_interest), contractInterest: dec(row.unpaid_contract_interest) },
    fineAssessed: row.fine_assessed,
    chargesAccruedUntil: row.charges_accrued_until as LocalDate,
    lastLaunchDate: row.last_launch_date as LocalDate | null,
    totalPaid: dec(row.total_paid),
    totalDiscount: dec(row.total_discount),
    cancelled: row.cancelled,
  };
}

/** The installment's columns holding `state`; `paidOn` is the date of the launch that settled it (kept once set). */
function installmentStateColumns(row: InstallmentRow, state: InstallmentState, at: LocalDate) {
  return {
    principal: state.principal.toFixed(2),
    unpaid_fine: state.unpaidCharges.fine.toFixed(2),
    unpaid_late_interest: state.unpaidCharges.lateInterest.toFixed(2),
    unpaid_contract_interest: state.unpaidCharges.contractInterest.toFixed(2),
    fine_assessed: state.fineAssessed,
    charges_accrued_until: state.chargesAccruedUntil,
    last_launch_date: state.lastLaunchDate,
    total_paid: state.totalPaid.toFixed(2),
    total_discount: state.totalDiscount.toFixed(2),
    cancelled: state.cancelled,
    paid_on: row.paid_on ?? (isSettled(state) ? at : null),
  };
}

/** An installment's new state and the date of the launch that brought it. */
export interface SavedState {
  row: InstallmentRow;
  state: InstallmentState;
  at: LocalDate;
}

/** The launch columns the command inserts, in launchRow's order, with their PostgreSQL types. */
const LAUNCH_COLUMNS = [
  ['id', 'uuid'], ['launch_group_id', 'uuid'], ['partner_id', 'uuid'], ['schedule_id', 'uuid'], ['installment_id', 'uuid'], ['installment_number', 'integer'],
  ['permite_descapitalizacao', 'boolean'], ['via_boleto', 'boolean'], ['boleto_id', 'uuid'], ['charge_id', 'uuid'], ['dt_vencimento', 'date'], ['dt_lancamento', 'date'],
  ['vlr_parcela', 'numeric'], ['vlr_multa', 'numeric'], ['vlr_juros', 'numeric'], ['vlr_mora', 'numeric'], ['vlr_iof', 'numeric'], ['vlr_tarifas', 'numeric'],
  ['vlr_abatimento', 'numeric'], ['vlr_parcela_atualizado', 'numeric'], ['vlr_pagamento', 'numeric'], ['vlr_saldo_parcela', 'numeric'], ['vlr_desconto', 'numeric'],
  ['informar_fundo', 'boolean'], ['descricao', 'text'], ['created_at', 'timestamptz'],
] as const satisfies ReadonlyArray<readonly [keyof ReceivableLaunchesTable, string]>;

const LAUNCH_NAMES = LAUNCH_COLUMNS.map(([name]) => name);

/** installmentStateColumns' columns with their types, after the installment's keys. */
const SAVED_COLUMNS = [
  ['id', 'uuid'], ['partner_id', 'uuid'], ['principal', 'numeric'], ['unpaid_fine', 'numeric'], ['unpaid_late_interest', 'numeric'], ['unpaid_contract_interest', 'numeric'],
  ['fine_assessed', 'boolean'], ['charges_accrued_until', 'date'], ['last_launch_date', 'date'], ['total_paid', 'numeric'], ['total_discount', 'numeric'], ['cancelled', 'boolean'], ['paid_on', 'date'],
] as const;

const LAUNCHES_SAVING_TEXT =
  `with "launches" as (${insertFromArrays('receivable_launches', LAUNCH_COLUMNS, 1)}) ` +
  `update "receivable_installments" as "i" set ${SAVED_COLUMNS.slice(2).map(([name]) => `"${name}" = "s"."${name}"`).join(', ')} ` +
  `from ${unnestArrays(SAVED_COLUMNS, LAUNCH_COLUMNS.length + 1)} as "s"(${quotedNames(SAVED_COLUMNS.map(([name]) => name))}) ` +
  `where "i"."id" = "s"."id" and "i"."partner_id" = "s"."partner_id" and "i"."schedule_id" = $${LAUNCH_COLUMNS.length + SAVED_COLUMNS.length + 1}::uuid`;

/**
 * Launch rows and the new state of the installments they touched, in ONE statement of fixed text
 * (issue 14: it was an insert and an update per installment, then kysely's CTEs rebuilt on every
 * call): the launches are inserted from arrays (unnest, in order, so their seq follows the list) and
 * the installments updated from arrays, whatever their number. The update names the schedule too:
 * without it, the generic plan of a table of a few thousand installments hash-joined the arrays
 * with a sequential scan of every schedule's installments (a cost growing with the table); with
 * it, every plan reads one schedule's installments or probes the primary key.
 */
export async function insertLaunchesSaving(tx: Executor, launches: readonly Insertable<ReceivableLaunchesTable>[], saved: readonly SavedState[]): Promise<void> {
  if (saved.length === 0 || launches.length === 0) throw new Error('assertion: launches without installments to save');
  if (new Set(saved.map((s) => s.row.id)).size !== saved.length) throw new Error('assertion: an installment saved twice by one statement');
  const scheduleId = saved[0]!.row.schedule_id;
  if (saved.some((s) => s.row.schedule_id !== scheduleId)) throw new Error('assertion: installments of two schedules saved by one statement');
  for (const launch of launches) assertColumnsExactly(launch, LAUNCH_NAMES, 'a launch row');
  const states = saved.map((s) => ({ id: s.row.id, partner_id: s.row.partner_id, ...installmentStateColumns(s.row, s.state, s.at) }));
  const parameters = [...arraysOf(launches, LAUNCH_COLUMNS), ...arraysOf(states, SAVED_COLUMNS)];
  await tx.executeQuery(CompiledQuery.raw(LAUNCHES_SAVING_TEXT, [...parameters, scheduleId]));
}

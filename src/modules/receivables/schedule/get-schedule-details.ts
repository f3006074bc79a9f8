// AgendaRecebivel/ConsultarDetalhes in domain terms (issue 13): the query `(db, input, actor,
// context) → the schedule with its installments`; their boletos and Pix charges when asked, their
// launches when asked. Cancelled boletos and charges are left out (compatibility-notes: after a
// cancellation no boleto shows for those installments). get-schedule-details.route.ts maps wire
// and result (the view of boletos, charges and launches: collections/collection-views.ts).
import type { Actor } from '../../../platform/commands.js';
import type { Db, Executor } from '../../../platform/db/pool.js';
import { brazilDateAt, compareDates, type LocalDate } from '../../../platform/dates.js';
import { classifyDocument } from '../../../platform/documents.js';
import type { Query, QueryContext } from '../../../platform/http/route.js';
import { sum, ZERO, type Decimal } from '../../../platform/money.js';
import { BoletoStatus } from '../collections/boleto-status.js';
import { graceDate, installmentStatus, isSettled, recalculateInstallment, type ChargesConfig, type InstallmentStatus, type InstallmentState } from './charges-math/index.js';
import { boletosCoveringOfSchedule, chargesCoveringOfSchedule, type BoletoRow, type ChargeRow, type CoveredInstallment } from '../collections/collection-repository.js';
import { byInstallment, type LaunchRow } from '../collections/collection-views.js';
import { PROPOSAL_STATUS_UNKNOWN, type ReceivablesDeps } from '../receivables-deps.js';
import { installmentsOf, monthlyRateOf, pickInstallments, requireSchedule, stateOf, type ScheduleReference, type ScheduleRow } from './schedule-repository.js';

export interface ScheduleDetailsInput {
  schedule: ScheduleReference;
  /** The installments to show, by number (null or empty: all). */
  installmentNumbers: readonly number[] | null;
  /** With each installment's boletos and Pix charges. */
  withCollections: boolean;
  /** With each installment's launches. */
  withLaunches: boolean;
}

export interface InstallmentDetails {
  id: string;
  number: number;
  status: InstallmentStatus;
  state: InstallmentState;
  /** Balance updated to today, charges of a late installment included (0 when nothing is owed). */
  currentBalance: Decimal;
  /** The due date moved to a business day. */
  currentDueDate: LocalDate;
  /** Null when not asked for. */
  boletos: BoletoRow[] | null;
  pixCharges: ChargeRow[] | null;
  launches: LaunchRow[] | null;
}

export interface ScheduleDetails {
  schedule: ScheduleRow;
  installmentCount: number;
  totalPaid: Decimal;
  /** The proposal's status as the proposals module answers it (PROPOSAL_STATUS_UNKNOWN otherwise). */
  proposalStatus: number;
  /** The customer is a company (CNPJ). */
  company: boolean;
  installments: InstallmentDetails[];
}

function currentBalance(state: InstallmentState, today: LocalDate, config: ChargesConfig): Decimal {
  if (state.cancelled || isSettled(state)) return ZERO;
  const at = state.lastLaunchDate !== null && compareDates(state.lastLaunchDate, today) > 0 ? state.lastLaunchDate : today;
  return recalculateInstallment(state, at, false, config).amounts.updatedBalance;
}

/** Rows by installment id; an installment's rows in the order given (number, creation). */
function rowsByInstallment<T>(rows: ReadonlyArray<{ row: T; covered: readonly CoveredInstallment[] }>): Map<string, T[]> {
  const pairs = rows.flatMap(({ row, covered }) => covered.map((c) => ({ c, row })));
  pairs.sort((x, y) => x.c.installment_number - y.c.installment_number);
  return byInstallment(pairs.map((p) => [p.c.installment_id, p.row] as const));
}

// Boletos and charges come with the installments each covers, one statement each (issue 14).
async function boletosByInstallment(db: Executor, schedule: ScheduleRow) {
  const rows = (await boletosCoveringOfSchedule(db, schedule.partner_id, schedule.id)).filter(({ boleto }) => boleto.registration_status !== BoletoStatus.cancelled);
  return rowsByInstallment(rows.map(({ boleto, covered }) => ({ row: boleto, covered })));
}

async function pixByInstallment(db: Executor, schedule: ScheduleRow) {
  const rows = (await chargesCoveringOfSchedule(db, schedule.partner_id, schedule.id)).filter(({ charge }) => charge.via_pix && charge.status !== 'cancelled');
  return rowsByInstallment(rows.map(({ charge, covered }) => ({ row: charge, covered })));
}

async function launchesByInstallment(db: Executor, schedule: ScheduleRow) {
  const rows = await db.selectFrom('receivable_launches').selectAll().where('partner_id', '=', schedule.partner_id).where('schedule_id', '=', schedule.id).orderBy('seq').execute();
  return byInstallment(rows.map((l) => [l.installment_id, l] as const));
}

/** Errors (400): AGD001 "Agenda de Recebíveis não foi encontrada", AGD002 no reference, AGD004 unknown installment. */
export function getScheduleDetails(deps: ReceivablesDeps): Query<ScheduleDetailsInput, ScheduleDetails> {
  return async (db: Db, input: ScheduleDetailsInput, actor: Actor, context: QueryContext) => {
    const schedule = await requireSchedule(db, actor.id, input.schedule);
    const all = await installmentsOf(db, schedule);
    const picked = pickInstallments(all, input.installmentNumbers, 'dto.nroParcelas');
    const boletos = input.withCollections ? await boletosByInstallment(db, schedule) : null;
    const pix = input.withCollections ? await pixByInstallment(db, schedule) : null;
    const launches = input.withLaunches ? await launchesByInstallment(db, schedule) : null;
    const today = brazilDateAt(context.clock.now());
    const rate = monthlyRateOf(schedule);
    const installments = picked.map((row): InstallmentDetails => {
      const state = stateOf(row, rate);
      return {
        id: row.id,
        number: row.number,
        status: installmentStatus(state, today),
        state,
        currentBalance: currentBalance(state, today, deps.settings.charges),
        currentDueDate: graceDate(state),
        boletos: boletos === null ? null : (boletos.get(row.id) ?? []),
        pixCharges: pix === null ? null : (pix.get(row.id) ?? []),
        launches: launches === null ? null : (launches.get(row.id) ?? []),
      };
    });
    return {
      schedule,
      installmentCount: all.length,
      totalPaid: sum(all.map((r) => r.total_paid)),
      proposalStatus: (await deps.proposals.statusOf?.(db, schedule.partner_id, schedule.proposal_id)) ?? PROPOSAL_STATUS_UNKNOWN,
      company: classifyDocument(schedule.customer_document)?.kind === 'CNPJ',
      installments,
    };
  };
}

// AgendaRecebivel/ConsultarParcelas in domain terms (issue 13): the query `(db, input, actor,
// context) → installments updated to a calculation date` (charges-math). Nothing is assessed or
// stored: a recalculation is a read. get-installments.route.ts maps wire and result.
import type { Actor } from '../../../platform/commands.js';
import type { Db } from '../../../platform/db/pool.js';
import { brazilDateAt, calendarDateOf, type LocalDate } from '../../../platform/dates.js';
import { validationError } from '../../../platform/errors.js';
import type { Query, QueryContext } from '../../../platform/http/route.js';
import { graceDate, recalculateInstallment, ZERO_AMOUNTS, type RecalculatedInstallment } from './charges-math/index.js';
import { ReceivablesErrorCode as C, withFieldNames } from '../receivables-errors.js';
import type { ReceivablesDeps } from '../receivables-deps.js';
import { monthlyRateOf, namedInstallments, requireSchedule, stateOf, type ScheduleReference } from './schedule-repository.js';

export interface InstallmentsInput {
  schedule: ScheduleReference;
  /** The installments to recalculate, by number (null or empty: all). */
  installmentNumbers: readonly number[] | null;
  /** The calculation date as sent (null or blank: today in São Paulo). */
  calculationDate: string | null;
  /** Whether the early-payment reduction applies before the due date. */
  allowDecapitalization: boolean;
}

export interface InstallmentsResult {
  calculationDate: LocalDate;
  installments: RecalculatedInstallment[];
}

/** The request's path of each field the arithmetic's refusals name. */
const CALCULATION_PATHS = { calculationDate: 'dtoConsultaParcelas.dtCalculo' } as const;

/**
 * A paid or cancelled installment answers zeros. Errors (400): AGD001, AGD002, AGD004, BOL010
 * invalid date, PARC009 calculation date before the installment's last launch.
 */
export function getInstallments(deps: ReceivablesDeps): Query<InstallmentsInput, InstallmentsResult> {
  return async (db: Db, input: InstallmentsInput, actor: Actor, context: QueryContext) => {
    const raw = input.calculationDate?.trim() ?? '';
    const calculationDate = raw === '' ? brazilDateAt(context.clock.now()) : calendarDateOf(raw);
    if (calculationDate === null) throw validationError(C.invalidDate, 'Data inválida', CALCULATION_PATHS.calculationDate);
    const schedule = await requireSchedule(db, actor.id, input.schedule);
    const rate = monthlyRateOf(schedule);
    const picked = await namedInstallments(db, schedule, input.installmentNumbers, 'dto.nroParcelas');
    const installments = picked.map((row): RecalculatedInstallment => {
      const state = stateOf(row, rate);
      if (state.cancelled) return { number: row.number, currentDueDate: graceDate(state), amounts: ZERO_AMOUNTS };
      return withFieldNames(CALCULATION_PATHS, () => recalculateInstallment(state, calculationDate, input.allowDecapitalization, deps.settings.charges));
    });
    return { calculationDate, installments };
  };
}

// AgendaRecebivel/ConsultarBoletos in domain terms (issue 13): the query `(db, input, actor) → the
// boletos of a schedule`, by number (empty = all), the cancelled ones only when asked for.
// get-boletos.route.ts maps wire and result (collection-views.ts).
import type { Actor } from '../../../platform/commands.js';
import type { Db } from '../../../platform/db/pool.js';
import type { Query } from '../../../platform/http/route.js';
import { BoletoStatus } from './boleto-status.js';
import { boletosCoveringWithPartnerName, type BoletoRow } from './collection-repository.js';
import { requireSchedule, type ScheduleReference, type ScheduleRow } from '../schedule/schedule-repository.js';

export interface BoletosInput {
  schedule: ScheduleReference;
  /** Boleto numbers (empty: every boleto of the schedule). */
  numbers: readonly number[];
  withCancelled: boolean;
}

export interface ScheduleBoletos {
  schedule: ScheduleRow;
  /** The partner's name, shown in each boleto entry (null when the schedule has no boleto). */
  partnerName: string | null;
  boletos: Array<{ boleto: BoletoRow; installmentNumbers: number[] }>;
}

/** Errors (400): AGD001 "Agenda de Recebíveis não foi encontrada", AGD002 no reference. */
export const getBoletos: Query<BoletosInput, ScheduleBoletos> = async (db: Db, input: BoletosInput, actor: Actor) => {
  const schedule = await requireSchedule(db, actor.id, input.schedule);
  const numbers = new Set(input.numbers);
  // The boletos with the installments each covers and the partner's name, in one statement (issue 14).
  const rows = await boletosCoveringWithPartnerName(db, schedule.partner_id, schedule.id);
  const partnerName = rows[0]?.partnerName ?? null;
  if (rows.length > 0 && partnerName === null) throw new Error(`assertion: schedule ${schedule.id} has no partner`);
  const boletos = rows
    .filter(({ boleto }) => numbers.size === 0 || numbers.has(boleto.numero))
    .filter(({ boleto }) => input.withCancelled || boleto.registration_status !== BoletoStatus.cancelled);
  return {
    schedule,
    partnerName,
    boletos: boletos.map(({ boleto, covered }) => ({ boleto, installmentNumbers: covered.map((c) => c.installment_number) })),
  };
};

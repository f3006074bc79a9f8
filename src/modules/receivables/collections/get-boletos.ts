// AgendaRecebivel/ConsultarBoletos in domain terms (issue 13): the query `(db, input, actor) → the
// boletos of a schedule`, by number (empty = all), the cancelled ones only when asked for.
// get-boletos.route.ts maps wire and result (collection-views.ts).
import type { Actor } from '../../../platform/commands.js';
import type { Db } from '../../../platform/db/pool.js';
import type { Query } from '../../../platform/http/route.js';
import { partnerProfile } from '../../partners/index.js';
import { BoletoStatus } from './boleto-status.js';
import { boletosCoveringOfSchedule, type BoletoRow } from './collection-repository.js';
import { requireSchedule, type ScheduleReference, type ScheduleRow } from '../schedule/schedule-repository.js';

export interface BoletosInput {
  schedule: ScheduleReference;
  /** Boleto numbers (empty: every boleto of the schedule). */
  numbers: readonly number[];
  withCancelled: boolean;
}

export interface ScheduleBoletos {
  schedule: ScheduleRow;
  partnerName: string;
  boletos: Array<{ boleto: BoletoRow; installmentNumbers: number[] }>;
}

/** Errors (400): AGD001 "Agenda de Recebíveis não foi encontrada", AGD002 no reference. */
export const getBoletos: Query<BoletosInput, ScheduleBoletos> = async (db: Db, input: BoletosInput, actor: Actor) => {
  const schedule = await requireSchedule(db, actor.id, input.schedule);
  const numbers = new Set(input.numbers);
  // The boletos with the installments each covers, in one statement (issue 14).
  const boletos = (await boletosCoveringOfSchedule(db, schedule.partner_id, schedule.id))
    .filter(({ boleto }) => numbers.size === 0 || numbers.has(boleto.numero))
    .filter(({ boleto }) => input.withCancelled || boleto.registration_status !== BoletoStatus.cancelled);
  const partner = await partnerProfile(db, schedule.partner_id);
  if (partner === null) throw new Error(`assertion: schedule ${schedule.id} has no partner`);
  return {
    schedule,
    partnerName: partner.name,
    boletos: boletos.map(({ boleto, covered }) => ({ boleto, installmentNumbers: covered.map((c) => c.installment_number) })),
  };
};

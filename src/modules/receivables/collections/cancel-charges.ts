// FGTS/CancelarCobrancas in domain terms (issue 13): the command `charges.cancel` checks every
// charge named, marks them "cancelling" (their live boletos "cancel pending") and enqueues the
// 'charge.cancel' job (collection-cancel.ts), which writes them off and sends events 9 and 6. Run
// by the command runner; cancel-charges.route.ts maps the wire body in and answers `{}`.
import type { CommandContext, CommandDefinition } from '../../../platform/commands.js';
import { DomainError, validationError, type MessageInput } from '../../../platform/errors.js';
import { enqueueJob } from '../../../platform/jobs.js';
import { CHARGE_CANCEL_JOB, type CancelChargesPayload } from './collection-cancel.js';
import { chargeById, requestChargeCancellation, type ChargeRow } from './collection-repository.js';
import { ReceivablesErrorCode as C } from '../receivables-errors.js';
import { requireSchedule, type ScheduleReference } from '../schedule/schedule-repository.js';

export interface CancelChargesInput {
  schedule: ScheduleReference;
  /** The charges' codes (codigoLiquidacao), as sent. */
  chargeCodes: readonly string[];
}

export interface CancelChargesResult {
  /** The charges whose cancellation was requested. */
  chargeIds: string[];
}

const FIELD = 'dtoCancelarCobrancas.codigosLiquidacoes';

const REFUSALS: Readonly<Record<Exclude<ChargeRow['status'], 'active'>, { code: string; text: string }>> = {
  paid: { code: C.chargePaid, text: 'já foi paga e não pode ser cancelada' },
  cancelled: { code: C.chargeCancelled, text: 'já está cancelada' },
  cancelling: { code: C.chargeCancelling, text: 'já tem o cancelamento em andamento' },
};

async function cancellable(ctx: CommandContext, scheduleId: string, codes: readonly string[]): Promise<ChargeRow[]> {
  const charges: ChargeRow[] = [];
  const problems: MessageInput[] = [];
  for (const [i, code] of codes.entries()) {
    const charge = await chargeById(ctx.tx, ctx.actor.id, code, true);
    if (charge === undefined || charge.schedule_id !== scheduleId) {
      problems.push({ code: C.chargeNotFound, description: `Cobrança ${code} não foi encontrada`, field: `${FIELD}[${i}]` });
    } else if (charge.status !== 'active') {
      const refusal = REFUSALS[charge.status];
      problems.push({ code: refusal.code, description: `Cobrança ${code} ${refusal.text}`, field: `${FIELD}[${i}]` });
    } else charges.push(charge);
  }
  if (problems.length > 0) throw new DomainError('business', problems);
  return charges;
}

/**
 * Errors (400): AGD001/AGD002 schedule, COB002 no code sent, COB003 unknown charge (or another
 * schedule's), COB004 paid, COB005 already cancelled, COB006 cancellation already requested.
 * Every code is checked and every problem reported; nothing is cancelled unless all are valid.
 */
async function cancel(input: CancelChargesInput, ctx: CommandContext): Promise<CancelChargesResult> {
  const codes = [...new Set(input.chargeCodes.map((c) => c.toLowerCase()))];
  if (codes.length === 0) throw validationError(C.chargeCodesMissing, 'Informe ao menos um codigoLiquidacao', FIELD);
  const schedule = await requireSchedule(ctx.tx, ctx.actor.id, input.schedule, true);
  const charges = await cancellable(ctx, schedule.id, codes);
  for (const charge of charges) await requestChargeCancellation(ctx.tx, charge, ctx.now);
  const payload: CancelChargesPayload = { partnerId: ctx.actor.id, chargeIds: charges.map((c) => c.id) };
  await enqueueJob(ctx.tx, CHARGE_CANCEL_JOB, payload, ctx.now);
  return { chargeIds: payload.chargeIds };
}

export const cancelCharges: CommandDefinition<CancelChargesInput, CancelChargesResult> = {
  name: 'charges.cancel',
  summarize: (result) => `cancellation of ${result.chargeIds.length} charge(s) requested`,
  handler: cancel,
};

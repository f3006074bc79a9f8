// FGTS/CancelarCobrancas in domain terms (issue 13): the command `charges.cancel` checks every
// charge named, marks them "cancelling" (their live boletos "cancel pending") and enqueues the
// 'charge.cancel' job (collection-cancel.ts), which writes them off and sends events 9 and 6. Run
// by the command runner; cancel-charges.route.ts maps the wire body in and answers `{}`.
import type { CommandContext, CommandDefinition } from '../../../platform/commands.js';
import { DomainError, validationError, type MessageInput } from '../../../platform/errors.js';
import { jobRow } from '../../../platform/jobs.js';
import { isRecordUuid } from '../../../platform/uuid.js';
import { CHARGE_CANCEL_JOB, type CancelChargesPayload } from './collection-cancel.js';
import { chargesByIds, requestChargesCancellation, type ChargeRow } from './collection-repository.js';
import { ReceivablesErrorCode as C } from '../receivables-errors.js';
import { requireSchedule, scheduleRefColumn, type ScheduleReference } from '../schedule/schedule-repository.js';

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

/** Why each charge named that the cancellation did not change was refused, in the order sent. */
async function refusals(ctx: CommandContext, scheduleId: string, codes: readonly string[], changed: ReadonlySet<string>): Promise<MessageInput[]> {
  const unchanged = codes.filter((code) => !changed.has(code));
  const found = await chargesByIds(ctx.tx, ctx.actor.id, unchanged.filter(isRecordUuid));
  return codes.flatMap((code, i) => {
    if (changed.has(code)) return [];
    const charge = found.get(code);
    const field = `${FIELD}[${i}]`;
    if (charge === undefined || charge.schedule_id !== scheduleId) return [{ code: C.chargeNotFound, description: `Cobrança ${code} não foi encontrada`, field }];
    // Active but not changed: only a charge changed by a concurrent transaction after this one's update.
    const refusal = charge.status === 'active' ? REFUSALS.cancelling : REFUSALS[charge.status];
    return [{ code: refusal.code, description: `Cobrança ${code} ${refusal.text}`, field }];
  });
}

/**
 * Errors (400): AGD001/AGD002 schedule, COB002 no code sent, COB003 unknown charge (or another
 * schedule's), COB004 paid, COB005 already cancelled, COB006 cancellation already requested.
 * Every code is checked and every problem reported; nothing is cancelled unless all are valid.
 */
async function cancel(input: CancelChargesInput, ctx: CommandContext): Promise<CancelChargesResult> {
  const codes = [...new Set(input.chargeCodes.map((c) => c.toLowerCase()))];
  if (codes.length === 0) throw validationError(C.chargeCodesMissing, 'Informe ao menos um codigoLiquidacao', FIELD);
  const key = scheduleRefColumn(input.schedule);
  // One statement locks the schedule, changes every charge still active and enqueues the job; any
  // charge it did not change is refused (after the schedule's own refusals, AGD001/AGD002), and the
  // refusal rolls the whole command back (issue 14).
  const payload: CancelChargesPayload = { partnerId: ctx.actor.id, chargeIds: codes };
  const valid = codes.filter(isRecordUuid);
  const changed = key === null ? new Set<string>() : await requestChargesCancellation(ctx.tx, key, ctx.actor.id, valid, ctx.now, jobRow(CHARGE_CANCEL_JOB, payload, ctx.now));
  if (changed.size < codes.length) {
    const schedule = await requireSchedule(ctx.tx, ctx.actor.id, input.schedule);
    throw new DomainError('business', await refusals(ctx, schedule.id, codes, changed));
  }
  return { chargeIds: payload.chargeIds };
}

export const cancelCharges: CommandDefinition<CancelChargesInput, CancelChargesResult> = {
  name: 'charges.cancel',
  summarize: (result) => `cancellation of ${result.chargeIds.length} charge(s) requested`,
  handler: cancel,
};

// FGTS/CancelarCobrancas: validated now, answered with `{}`, completed by the 'charge.cancel' job
// (collection-cancel.ts), which writes the charges and their boletos off and sends events 9 and 6.
import { scheduleReference } from '../receivables-blocks.js';
import type { Static } from 'typebox';
import { DomainError, validationError, type MessageInput } from '../../../platform/errors.js';
import { RawBody } from '../../../platform/http/envelope.js';
import type { OperationContext } from '../../../platform/http/operations.js';
import { enqueueJob } from '../../../platform/jobs.js';
import { BoletoSituacao, isLive } from './boleto-status.js';
import type { spec } from './cancel-charges.schema.js';
import { CHARGE_CANCEL_JOB, type CancelChargesPayload } from './collection-cancel.js';
import { boletoOfCharge, chargeById, setBoletoSituacao, setChargeStatus, type ChargeRow } from './collection-repository.js';
import { ReceivablesErrorCode as C } from '../receivables-errors.js';
import { requireSchedule } from '../schedule/schedule-repository.js';

type Input = Static<typeof spec.body>;
const FIELD = 'dtoCancelarCobrancas.codigosLiquidacoes';

const REFUSALS: Readonly<Record<Exclude<ChargeRow['status'], 'active'>, { code: string; text: string }>> = {
  paid: { code: C.chargePaid, text: 'já foi paga e não pode ser cancelada' },
  cancelled: { code: C.chargeCancelled, text: 'já está cancelada' },
  cancelling: { code: C.chargeCancelling, text: 'já tem o cancelamento em andamento' },
};

/**
 * Errors (400): AGD001/AGD002 schedule, COB002 no code sent, COB003 unknown charge (or another
 * schedule's), COB004 paid, COB005 already cancelled, COB006 cancellation already requested.
 * Every code is checked and every problem reported; nothing is cancelled unless all are valid.
 */
export async function cancelCharges(input: Input, ctx: OperationContext): Promise<RawBody> {
  const codes = [...new Set((input.dtoCancelarCobrancas.codigosLiquidacoes ?? []).map((c) => c.toLowerCase()))];
  if (codes.length === 0) throw validationError(C.chargeCodesMissing, 'Informe ao menos um codigoLiquidacao', FIELD);
  const schedule = await requireSchedule(ctx.tx, ctx.auth.partnerId, scheduleReference(input.dto), true);
  const charges: ChargeRow[] = [];
  const problems: MessageInput[] = [];
  for (const [i, code] of codes.entries()) {
    const charge = await chargeById(ctx.tx, ctx.auth.partnerId, code, true);
    if (charge === undefined || charge.schedule_id !== schedule.id) {
      problems.push({ code: C.chargeNotFound, description: `Cobrança ${code} não foi encontrada`, field: `${FIELD}[${i}]` });
    } else if (charge.status !== 'active') {
      const refusal = REFUSALS[charge.status];
      problems.push({ code: refusal.code, description: `Cobrança ${code} ${refusal.text}`, field: `${FIELD}[${i}]` });
    } else charges.push(charge);
  }
  if (problems.length > 0) throw new DomainError('business', problems);
  const now = ctx.clock.now();
  for (const charge of charges) {
    await setChargeStatus(ctx.tx, charge, 'cancelling', { cancel_requested_at: now });
    const boleto = await boletoOfCharge(ctx.tx, charge.partner_id, charge.id, true);
    if (boleto !== undefined && isLive(boleto.registration_status)) await setBoletoSituacao(ctx.tx, boleto, BoletoSituacao.cancelPending, { cancel_requested_at: now });
  }
  const payload: CancelChargesPayload = { partnerId: ctx.auth.partnerId, chargeIds: charges.map((c) => c.id) };
  await enqueueJob(ctx.tx, CHARGE_CANCEL_JOB, payload, now);
  return new RawBody({});
}

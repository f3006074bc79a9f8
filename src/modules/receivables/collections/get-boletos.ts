// AgendaRecebivel/ConsultarBoletos: the boletos of a schedule, by number (empty = all), cancelled
// ones only when trazerBoletosCancelados.
import type { Static } from 'typebox';
import type { OperationContext } from '../../../platform/http/operations.js';
import { partnerProfile } from '../../partners/index.js';
import { BoletoSituacao } from './boleto-status.js';
import { boletosCoveringOfSchedule } from './collection-repository.js';
import { boletoListEntry } from './collection-views.js';
import type { spec } from './get-boletos.schema.js';
import type { ReceivablesDeps } from '../receivables-deps.js';
import { requireSchedule } from '../schedule/schedule-repository.js';

type Input = Static<typeof spec.body>;

/** Errors (400): AGD001 "Agenda de Recebíveis não foi encontrada", AGD002 no reference. */
export async function getBoletos(input: Input, ctx: OperationContext, deps: ReceivablesDeps) {
  const schedule = await requireSchedule(ctx.tx, ctx.auth.partnerId, input.dto);
  const numbers = new Set(input.dtoConsultaBoletos?.numerosBoletos ?? []);
  const withCancelled = input.dtoConsultaBoletos?.trazerBoletosCancelados ?? false;
  const boletos = (await boletosCoveringOfSchedule(ctx.tx, schedule.partner_id, schedule.id))
    .filter(({ boleto }) => numbers.size === 0 || numbers.has(boleto.numero))
    .filter(({ boleto }) => withCancelled || boleto.registration_status !== BoletoSituacao.cancelled);
  const partner = await partnerProfile(ctx.tx, schedule.partner_id);
  if (partner === null) throw new Error(`assertion: schedule ${schedule.id} has no partner`);
  const context = { publicUrl: deps.publicUrl, proposalNumber: schedule.proposal_number, customerDocument: schedule.customer_document, customerName: schedule.customer_name, partnerName: partner.name };
  return {
    boletos: boletos.map(({ boleto, covered }) => boletoListEntry(boleto, covered.map((c) => c.installment_number), context)),
  };
}

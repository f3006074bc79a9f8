// AgendaRecebivel/ConsultarBoletos: the boletos of a schedule, by number (empty = all), cancelled
// ones only when trazerBoletosCancelados.
import type { Static } from 'typebox';
import type { OperationContext } from '../../../platform/http/operations.js';
import { partnerProfile } from '../../partners/index.js';
import { BoletoSituacao } from './boleto-status.js';
import { boletoInstallments, boletosOfSchedule } from './collection-repository.js';
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
  const boletos = (await boletosOfSchedule(ctx.tx, schedule.partner_id, schedule.id))
    .filter((b) => numbers.size === 0 || numbers.has(b.numero))
    .filter((b) => withCancelled || b.registration_status !== BoletoSituacao.cancelled);
  const links = await boletoInstallments(ctx.tx, boletos.map((b) => b.id));
  const partner = await partnerProfile(ctx.tx, schedule.partner_id);
  if (partner === null) throw new Error(`assertion: schedule ${schedule.id} has no partner`);
  const context = { publicUrl: deps.publicUrl, proposalNumber: schedule.proposal_number, customerDocument: schedule.customer_document, customerName: schedule.customer_name, partnerName: partner.name };
  return {
    boletos: boletos.map((b) => boletoListEntry(b, links.filter((l) => l.boleto_id === b.id).map((l) => l.installment_number), context)),
  };
}

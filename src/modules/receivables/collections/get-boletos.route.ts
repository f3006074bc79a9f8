// AgendaRecebivel/ConsultarBoletos as a query: the wire body in, the boletos' view out.
import { defineQueryRoute } from '../../../platform/http/route.js';
import { scheduleReference } from '../receivables-blocks.js';
import { scheduleAnswers } from '../schedule/schedule-repository.js';
import type { ReceivablesDeps } from '../receivables-deps.js';
import { boletoListEntry } from './collection-views.js';
import { getBoletos, type ScheduleBoletos } from './get-boletos.js';
import { spec } from './get-boletos.schema.js';

function view(result: ScheduleBoletos, publicUrl: string) {
  const { schedule } = result;
  const context = { publicUrl, proposalNumber: schedule.proposal_number, customerDocument: schedule.customer_document, customerName: schedule.customer_name, partnerName: result.partnerName ?? '' }; // null only without boletos: no entry shows it
  return { boletos: result.boletos.map((b) => boletoListEntry(b.boleto, b.installmentNumbers, context)) };
}

export const route = (deps: ReceivablesDeps) =>
  defineQueryRoute(spec, {
    cache: scheduleAnswers(spec.operationId),
    input: (body) => ({
      schedule: scheduleReference(body.dto),
      numbers: body.dtoConsultaBoletos?.numerosBoletos ?? [],
      withCancelled: body.dtoConsultaBoletos?.trazerBoletosCancelados ?? false,
    }),
    query: getBoletos,
    view: (result) => view(result, deps.publicUrl),
  });

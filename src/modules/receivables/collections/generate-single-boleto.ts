// AgendaRecebivel/GerarUnicoBoleto: one boleto for the installments of dto.nroParcelas.
import { scheduleReference } from '../receivables-blocks.js';
import type { Static } from 'typebox';
import { brazilDateAt } from '../../../platform/dates.js';
import { Problems } from '../../../platform/errors.js';
import type { OperationContext } from '../../../platform/http/operations.js';
import { issueBoletoOrder } from './collection-issue.js';
import { issuedBoletoEntry } from './collection-views.js';
import { readDescription, readRegistrationMode } from './collection-input.js';
import { readSingle } from './collection-orders.js';
import type { spec } from './generate-single-boleto.schema.js';
import type { ReceivablesDeps } from '../receivables-deps.js';
import { lockOpenSchedule } from '../schedule/schedule-repository.js';

type Input = Static<typeof spec.body>;
const P = 'dtoGerarUnicoBoleto';

/**
 * Errors (400): AGD001 schedule not found, AGD002 no codigoProposta/codigoOperacao/numeroProposta, AGD003 schedule
 * not open, AGD004 unknown installment, AGD005 no installment, AGD006 repeated installment, BOL001
 * description missing, BOL002/BOL003/BOL004/BOL010 dates, BOL005 vlrBoleto sent for a settlement,
 * BOL006 "Valor deve ser informado", BOL007 installment already has a live boleto/charge, BOL008
 * amount above the balance, BOL009 discount ≥ amount, BOLETO_VALOR_INVALIDO, PARC002–PARC004 and
 * PARC007–PARC009 (charges-math).
 */
export async function generateSingleBoleto(input: Input, ctx: OperationContext, deps: ReceivablesDeps) {
  const body = input.dtoGerarUnicoBoleto;
  const now = ctx.clock.now();
  const problems = new Problems();
  const description = readDescription(body.descricaoBoleto, `${P}.descricaoBoleto`, 'descricaoBoleto', problems);
  const read = readSingle(input.dto.nroParcelas, body, body.vlrBoleto, P, 'vlrBoleto', brazilDateAt(now), problems);
  problems.throwIfAny();
  const { schedule, installments } = await lockOpenSchedule(ctx.tx, ctx.auth.partnerId, scheduleReference(input.dto));
  const common = { description, notifyCustomer: false, registrationMode: readRegistrationMode(body.tipoRegistro) };
  const order = read.build(installments);
  const boleto = await issueBoletoOrder(ctx.tx, deps, schedule, order, common, now);
  return { msg: `Boleto nº ${boleto.numero} gerado`, boletos: [issuedBoletoEntry(boleto, order.installments.map((i) => i.number), deps.publicUrl)] };
}

// AgendaRecebivel/GerarMultiplosBoletos: one settlement boleto per listed installment.
import { scheduleReference } from '../receivables-blocks.js';
import type { Static } from 'typebox';
import { brazilDateAt } from '../../../platform/dates.js';
import { Problems } from '../../../platform/errors.js';
import type { OperationContext } from '../../../platform/http/operations.js';
import { issueBoletoOrder } from './collection-issue.js';
import { issuedBoletoEntry } from './collection-views.js';
import { readDescription, readRegistrationMode } from './collection-input.js';
import { readMultiple } from './collection-orders.js';
import type { spec } from './generate-multiple-boletos.schema.js';
import type { ReceivablesDeps } from '../receivables-deps.js';
import { lockOpenSchedule } from '../schedule/schedule-repository.js';

type Input = Static<typeof spec.body>;
const P = 'dtoGerarMultiplosBoletos';

/**
 * Every boleto is issued or none. Errors (400): AGD001–AGD006, BOL001–BOL004, BOL007, BOL010,
 * BOLETO_VALOR_INVALIDO, PARC002–PARC004, PARC007–PARC009 (see generate-single-boleto.ts).
 */
export async function generateMultipleBoletos(input: Input, ctx: OperationContext, deps: ReceivablesDeps) {
  const body = input.dtoGerarMultiplosBoletos;
  const now = ctx.clock.now();
  const problems = new Problems();
  const description = readDescription(body.descricaoBoleto, `${P}.descricaoBoleto`, 'descricaoBoleto', problems);
  problems.throwIfAny();
  const { schedule, installments } = await lockOpenSchedule(ctx.tx, ctx.auth.partnerId, scheduleReference(input.dto));
  const orders = readMultiple(body.parcelas, P, installments, brazilDateAt(now));
  const common = { description, notifyCustomer: body.notificarCliente ?? false, registrationMode: readRegistrationMode(body.tipoRegistro) };
  const boletos = [];
  for (const order of orders) {
    const boleto = await issueBoletoOrder(ctx.tx, deps, schedule, order, common, now);
    boletos.push(issuedBoletoEntry(boleto, order.installments.map((i) => i.number), deps.publicUrl));
  }
  return { msg: `Boletos gerados: ${boletos.map((b) => `nº ${b.numeroBoleto}`).join(', ')}`, boletos };
}

// AgendaRecebivel/GerarMultiplasCobrancas: one settlement charge per listed installment.
import { scheduleReference } from '../receivables-blocks.js';
import type { Static } from 'typebox';
import { brazilDateAt } from '../../../platform/dates.js';
import { Problems } from '../../../platform/errors.js';
import type { OperationContext } from '../../../platform/http/operations.js';
import { issueChargeOrder } from './collection-issue.js';
import { readDescription, readRegistrationMode } from './collection-input.js';
import { readMultiple } from './collection-orders.js';
import { readPaymentMethods } from './charge-input.js';
import type { spec } from './generate-multiple-charges.schema.js';
import type { ReceivablesDeps } from '../receivables-deps.js';
import { lockOpenSchedule } from '../schedule/schedule-repository.js';

type Input = Static<typeof spec.body>;
const P = 'dtoGerarMultiplasLiquidacoes';

/** Every charge is issued or none. Errors (400): those of GerarMultiplosBoletos and COB001. */
export async function generateMultipleCharges(input: Input, ctx: OperationContext, deps: ReceivablesDeps) {
  const body = input.dtoGerarMultiplasLiquidacoes;
  const now = ctx.clock.now();
  const problems = new Problems();
  const description = readDescription(body.descricaoLiquidacao, `${P}.descricaoLiquidacao`, 'descricaoLiquidacao', problems);
  const via = readPaymentMethods(body.pagamentoViaBoleto, body.pagamentoViaPIX, P, problems);
  problems.throwIfAny();
  const { schedule, installments } = await lockOpenSchedule(ctx.tx, ctx.auth.partnerId, scheduleReference(input.dto));
  const orders = readMultiple(body.parcelas, P, installments, brazilDateAt(now));
  const common = { description, notifyCustomer: body.notificarCliente ?? false, registrationMode: readRegistrationMode(body.tipoRegistro) };
  const cobrancas = [];
  for (const order of orders) {
    const charge = await issueChargeOrder(ctx.tx, deps, schedule, order, common, via, now);
    cobrancas.push({ codigoLiquidacao: charge.id, parcelas: order.installments.map((i) => i.number) });
  }
  return { cobrancas };
}

// AgendaRecebivel/GerarUnicaCobranca: one charge (boleto, Pix or both) for dto.nroParcelas.
import { scheduleReference } from '../receivables-blocks.js';
import type { Static } from 'typebox';
import { brazilDateAt } from '../../../platform/dates.js';
import { Problems } from '../../../platform/errors.js';
import type { OperationContext } from '../../../platform/http/operations.js';
import { issueChargeOrder } from './collection-issue.js';
import { readDescription, readRegistrationMode } from './collection-input.js';
import { readSingle } from './collection-orders.js';
import { readPaymentMethods } from './charge-input.js';
import type { spec } from './generate-single-charge.schema.js';
import type { ReceivablesDeps } from '../receivables-deps.js';
import { lockOpenSchedule } from '../schedule/schedule-repository.js';

type Input = Static<typeof spec.body>;
const P = 'dtoGerarUnicaLiquidacao';

/**
 * Answers `cobrancas: [{codigoLiquidacao, parcelas}]`. Errors (400): those of GerarUnicoBoleto
 * (vlrLiquidacao in place of vlrBoleto) and COB001 (both payment methods false).
 */
export async function generateSingleCharge(input: Input, ctx: OperationContext, deps: ReceivablesDeps) {
  const body = input.dtoGerarUnicaLiquidacao;
  const now = ctx.clock.now();
  const problems = new Problems();
  const description = readDescription(body.descricaoLiquidacao, `${P}.descricaoLiquidacao`, 'descricaoLiquidacao', problems);
  const via = readPaymentMethods(body.pagamentoViaBoleto, body.pagamentoViaPIX, P, problems);
  const read = readSingle(input.dto.nroParcelas, body, body.vlrLiquidacao, P, 'vlrLiquidacao', brazilDateAt(now), problems);
  problems.throwIfAny();
  const { schedule, installments } = await lockOpenSchedule(ctx.tx, ctx.auth.partnerId, scheduleReference(input.dto));
  const order = read.build(installments);
  const common = { description, notifyCustomer: false, registrationMode: readRegistrationMode(body.tipoRegistro) };
  const charge = await issueChargeOrder(ctx.tx, deps, schedule, order, common, via, now);
  return { cobrancas: [{ codigoLiquidacao: charge.id, parcelas: order.installments.map((i) => i.number) }] };
}

// AgendaRecebivel/GerarUnicaCobranca: one charge (boleto, Pix or both) for the listed installments.
// Not in the interface; shape from compatibility-notes.
import { defineSpec } from '../../../platform/http/operation-spec.js';
import { bool, dateTime, money, obj, opt } from '../../../platform/http/schema-types.js';
import { ScheduleInstallmentsRef } from '../../../platform/http/wire-blocks.js';
import { chargeDescription, ChargesResponse, registrationMode } from '../receivables-blocks.js';

export const spec = defineSpec({
  path: '/AgendaRecebivel/GerarUnicaCobranca',
  operationId: 'AgendaRecebivel_GerarUnicaCobranca',
  summary: 'Generate one charge (boleto and/or Pix) covering the listed installments.',
  scope: 'caas.receivables',
  kind: 'command',
  envelope: 'camel',
  body: obj({
    dto: ScheduleInstallmentsRef,
    dtoGerarUnicaLiquidacao: obj({
      dtVencimento: opt(dateTime()),
      dtExpiracao: opt(dateTime()),
      liquidacao: opt(bool()),
      vlrLiquidacao: opt(money('Must not be sent for settlement charges')),
      vlrDesconto: opt(money()),
      pagamentoViaBoleto: opt(bool()),
      pagamentoViaPIX: opt(bool()),
      descricaoLiquidacao: chargeDescription(),
      permiteDescapitalizacao: opt(bool()),
      tipoRegistro: registrationMode(),
    }),
  }),
  response: ChargesResponse,
});

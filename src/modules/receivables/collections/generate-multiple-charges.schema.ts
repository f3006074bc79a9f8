// AgendaRecebivel/GerarMultiplasCobrancas: one charge per listed installment.
// Named by compatibility-notes without a body: shaped after GerarMultiplosBoletos + GerarUnicaCobranca.
import { defineSpec } from '../../../platform/http/operation-spec.js';
import { arrayOf, bool, obj, opt } from '../../../platform/http/schema-types.js';
import { INSTALLMENT_NUMBER_MAX, ScheduleRef } from '../../../platform/http/wire-blocks.js';
import { chargeDescription, ChargeInstallment, ChargesResponse, registrationMode } from '../receivables-blocks.js';

export const spec = defineSpec({
  path: '/AgendaRecebivel/GerarMultiplasCobrancas',
  operationId: 'AgendaRecebivel_GerarMultiplasCobrancas',
  summary: 'Generate one charge (boleto and/or Pix) per listed installment.',
  scope: 'caas.receivables',
  kind: 'command',
  envelope: 'camel',
  body: obj({
    dto: ScheduleRef,
    dtoGerarMultiplasLiquidacoes: obj({
      descricaoLiquidacao: chargeDescription(),
      pagamentoViaBoleto: opt(bool()),
      pagamentoViaPIX: opt(bool()),
      notificarCliente: opt(bool()),
      tipoRegistro: registrationMode(),
      parcelas: opt(arrayOf(ChargeInstallment, INSTALLMENT_NUMBER_MAX)),
    }),
  }),
  response: ChargesResponse,
});

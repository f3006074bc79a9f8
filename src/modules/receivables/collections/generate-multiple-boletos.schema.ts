// AgendaRecebivel/GerarMultiplosBoletos: one boleto per listed installment.
import { defineSpec } from '../../../platform/http/operation-spec.js';
import { Parametros, ParametrosOut, arrayOf, bool, envelope, obj, opt } from '../../../platform/http/schema-types.js';
import { INSTALLMENT_NUMBER_MAX, ScheduleRef } from '../../../platform/http/wire-blocks.js';
import { chargeDescription, ChargeInstallment, registrationMode, IssuedBoletosOut } from '../receivables-blocks.js';

export const spec = defineSpec({
  path: '/AgendaRecebivel/GerarMultiplosBoletos',
  operationId: 'AgendaRecebivel_GerarMultiplosBoletos',
  summary: 'Generate one boleto per listed installment, each with its own dates and discount.',
  scope: 'caas.receivables',
  kind: 'command',
  envelope: 'camel',
  body: obj({
    dto: ScheduleRef,
    dtoGerarMultiplosBoletos: obj({
      descricaoBoleto: chargeDescription(),
      notificarCliente: opt(bool()),
      tipoRegistro: registrationMode(),
      parcelas: opt(arrayOf(ChargeInstallment, INSTALLMENT_NUMBER_MAX)),
    }),
    parametros: Parametros,
  }),
  response: envelope({ parametros: ParametrosOut, boletos: IssuedBoletosOut }),
});

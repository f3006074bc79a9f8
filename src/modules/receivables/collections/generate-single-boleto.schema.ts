// AgendaRecebivel/GerarUnicoBoleto: one boleto for the listed installments.
import { defineSpec } from '../../../platform/http/operation-spec.js';
import { Parametros, ParametrosOut, bool, dateTime, envelope, money, obj, opt } from '../../../platform/http/schema-types.js';
import { ScheduleInstallmentsRef } from '../../../platform/http/wire-blocks.js';
import { chargeDescription, registrationMode, IssuedBoletosOut } from '../receivables-blocks.js';

export const spec = defineSpec({
  path: '/AgendaRecebivel/GerarUnicoBoleto',
  operationId: 'AgendaRecebivel_GerarUnicoBoleto',
  summary: 'Generate one boleto covering the listed installments.',
  scope: 'caas.receivables',
  kind: 'command',
  envelope: 'camel',
  body: obj({
    dto: ScheduleInstallmentsRef,
    dtoGerarUnicoBoleto: obj({
      dtVencimento: opt(dateTime('Due date')),
      dtExpiracao: opt(dateTime('Payment deadline')),
      liquidacao: opt(bool('Whether the boleto settles the installments')),
      descricaoBoleto: chargeDescription(),
      vlrBoleto: opt(money('Must not be sent for settlement boletos')),
      vlrDesconto: opt(money()),
      permiteDescapitalizacao: opt(bool()),
      tipoRegistro: registrationMode(),
    }),
    // The answer carries `parametros`, so the request may carry them to be echoed.
    parametros: Parametros,
  }),
  response: envelope({ parametros: ParametrosOut, boletos: IssuedBoletosOut }),
});

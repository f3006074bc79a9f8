// AgendaRecebivel/IncluirLancamentoMultiplasParcelas: post payment launches (all or none).
import { defineSpec } from '../../../platform/http/operation-spec.js';
import { Parametros, ParametrosOut, arrayOf, bool, dateTime, envelope, money, obj, opt, text } from '../../../platform/http/schema-types.js';
import { installmentNumber, INSTALLMENT_NUMBER_MAX, ScheduleRef } from '../../../platform/http/wire-blocks.js';
import { LAUNCH_DESCRIPTION_LENGTH_MAX } from '../limits.js';


/** What a launch says besides its installment (shared with IncluirLancamentoParcela). */
export const launchFields = {
  dtPagamento: opt(dateTime()),
  vlrPagamento: opt(money()),
  vlrDesconto: opt(money()),
  permiteDescapitalizacao: opt(bool()),
  descricaoLancamento: opt(text({ maxLength: LAUNCH_DESCRIPTION_LENGTH_MAX })),
};

const Launch = obj({ nroParcela: opt(installmentNumber()), ...launchFields });

export const spec = defineSpec({
  path: '/AgendaRecebivel/IncluirLancamentoMultiplasParcelas',
  operationId: 'AgendaRecebivel_IncluirLancamentoMultiplasParcelas',
  summary: 'Post payment launches against one or more installments.',
  scope: 'caas.receivables',
  kind: 'command',
  envelope: 'camel',
  body: obj({
    dto: ScheduleRef,
    dtoLancamentoParcelas: arrayOf(Launch, INSTALLMENT_NUMBER_MAX),
    parametros: Parametros,
  }),
  response: envelope({ parametros: ParametrosOut }),
});

// AgendaRecebivel/IncluirLancamentoParcela: a payment launch on one installment. Not in the
// interface's table; its production clients call it (compatibility-notes, "Observed in a public
// partner client"). Same use case and answer as IncluirLancamentoMultiplasParcelas.
import { defineSpec } from '../../../platform/http/operation-spec.js';
import { Parametros, ParametrosOut, envelope, obj, opt } from '../../../platform/http/schema-types.js';
import { installmentNumber, ScheduleRef } from '../../../platform/http/wire-blocks.js';
import { launchFields } from './add-installment-launches.schema.js';

export const spec = defineSpec({
  path: '/AgendaRecebivel/IncluirLancamentoParcela',
  operationId: 'AgendaRecebivel_IncluirLancamentoParcela',
  summary: 'Post a payment launch against one installment (same rules as IncluirLancamentoMultiplasParcelas).',
  scope: 'caas.receivables',
  kind: 'command',
  envelope: 'camel',
  body: obj({
    dto: obj({ ...ScheduleRef.properties, nroParcela: opt(installmentNumber()) }),
    // `parametros` inside the launch block is where that client sends them; the top-level one is echoed.
    dtoLancamentoParcela: obj({ ...launchFields, parametros: Parametros }),
    parametros: Parametros,
  }),
  response: envelope({ parametros: ParametrosOut }),
});

// AgendaRecebivel/IncluirLancamentoMultiplasParcelas on the command runner: the wire body in, the envelope out.
import { defineCommandRoute } from '../../../platform/http/route.js';
import { scheduleReference } from '../receivables-blocks.js';
import type { ReceivablesDeps } from '../receivables-deps.js';
import { addInstallmentLaunches } from './add-installment-launches.js';
import { launchInput, launchesView } from './launch-wire.js';
import { spec } from './add-installment-launches.schema.js';

export const route = (deps: ReceivablesDeps) =>
  defineCommandRoute(spec, {
    input: (body) => ({ schedule: scheduleReference(body.dto), launches: body.dtoLancamentoParcelas.map((item) => launchInput(item, item.nroParcela)) }),
    command: addInstallmentLaunches(deps),
    view: launchesView,
  });

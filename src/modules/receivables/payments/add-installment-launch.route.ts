// AgendaRecebivel/IncluirLancamentoParcela on the command runner: IncluirLancamentoMultiplasParcelas
// with one item (the command `launch.add`, whose refusals name the fields of this body). The
// `parametros` inside dtoLancamentoParcela are accepted and ignored; the top-level ones are echoed.
import { defineCommandRoute } from '../../../platform/http/route.js';
import { scheduleReference } from '../receivables-blocks.js';
import type { ReceivablesDeps } from '../receivables-deps.js';
import { addInstallmentLaunch } from './add-installment-launches.js';
import { launchInput, launchesView } from './launch-wire.js';
import { spec } from './add-installment-launch.schema.js';

export const route = (deps: ReceivablesDeps) =>
  defineCommandRoute(spec, {
    input: (body) => ({ schedule: scheduleReference(body.dto), launches: [launchInput(body.dtoLancamentoParcela, body.dto.nroParcela)] }),
    command: addInstallmentLaunch(deps),
    view: launchesView,
  });

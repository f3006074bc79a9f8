// AgendaRecebivel/GerarMultiplosBoletos on the command runner: the wire body in, the envelope out.
import { defineCommandRoute } from '../../../platform/http/route.js';
import { collectionCommon, multipleItems } from '../receivables-blocks.js';
import type { ReceivablesDeps } from '../receivables-deps.js';
import { MULTIPLE_BOLETOS_PATHS } from './collection-wire.js';
import { issuedBoletoView } from './collection-views.js';
import { generateMultipleBoletos } from './generate-multiple-boletos.js';
import { spec } from './generate-multiple-boletos.schema.js';

export const route = (deps: ReceivablesDeps) =>
  defineCommandRoute(spec, {
    input: ({ dto, dtoGerarMultiplosBoletos: b }) => ({
      ...collectionCommon(dto, b),
      installments: multipleItems(b.parcelas),
    }),
    command: generateMultipleBoletos(deps, MULTIPLE_BOLETOS_PATHS),
    view: ({ boletos }) => ({ msg: `Boletos gerados: ${boletos.map((b) => `nº ${b.number}`).join(', ')}`, boletos: boletos.map(issuedBoletoView) }),
  });

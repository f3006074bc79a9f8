// AgendaRecebivel/GerarUnicoBoleto on the command runner: the wire body in, the envelope out.
import { defineCommandRoute } from '../../../platform/http/route.js';
import { collectionCommon, collectionTerms } from '../receivables-blocks.js';
import type { ReceivablesDeps } from '../receivables-deps.js';
import { SINGLE_BOLETO_PATHS } from './collection-wire.js';
import { issuedBoletoView } from './collection-views.js';
import { generateSingleBoleto } from './generate-single-boleto.js';
import { spec } from './generate-single-boleto.schema.js';

export const route = (deps: ReceivablesDeps) =>
  defineCommandRoute(spec, {
    input: ({ dto, dtoGerarUnicoBoleto: b }) => ({
      ...collectionCommon(dto, b),
      installmentNumbers: dto.nroParcelas ?? null,
      terms: collectionTerms(b, b.vlrBoleto),
    }),
    command: generateSingleBoleto(deps, SINGLE_BOLETO_PATHS),
    view: (boleto) => ({ msg: `Boleto nº ${boleto.number} gerado`, boletos: [issuedBoletoView(boleto)] }),
  });

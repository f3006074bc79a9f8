// AgendaRecebivel/GerarMultiplasCobrancas on the command runner: the wire body in, the envelope out.
import { defineCommandRoute } from '../../../platform/http/route.js';
import { collectionCommon, multipleItems } from '../receivables-blocks.js';
import type { ReceivablesDeps } from '../receivables-deps.js';
import { MULTIPLE_CHARGES_PATHS } from './collection-wire.js';
import { issuedChargeView } from './collection-views.js';
import { generateMultipleCharges } from './generate-multiple-charges.js';
import { spec } from './generate-multiple-charges.schema.js';

export const route = (deps: ReceivablesDeps) =>
  defineCommandRoute(spec, {
    input: ({ dto, dtoGerarMultiplasLiquidacoes: b }) => ({
      ...collectionCommon(dto, b),
      paymentMethods: { boleto: b.pagamentoViaBoleto ?? null, pix: b.pagamentoViaPIX ?? null },
      installments: multipleItems(b.parcelas),
    }),
    command: generateMultipleCharges(deps, MULTIPLE_CHARGES_PATHS),
    view: ({ charges }) => ({ cobrancas: charges.map(issuedChargeView) }),
  });

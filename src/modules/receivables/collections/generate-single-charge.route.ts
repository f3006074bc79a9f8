// AgendaRecebivel/GerarUnicaCobranca on the command runner: the wire body in, the envelope out.
import { defineCommandRoute } from '../../../platform/http/route.js';
import { collectionCommon, collectionTerms } from '../receivables-blocks.js';
import type { ReceivablesDeps } from '../receivables-deps.js';
import { SINGLE_CHARGE_PATHS } from './collection-wire.js';
import { issuedChargeView } from './collection-views.js';
import { generateSingleCharge } from './generate-single-charge.js';
import { spec } from './generate-single-charge.schema.js';

export const route = (deps: ReceivablesDeps) =>
  defineCommandRoute(spec, {
    input: ({ dto, dtoGerarUnicaLiquidacao: b }) => ({
      ...collectionCommon(dto, b),
      installmentNumbers: dto.nroParcelas ?? null,
      paymentMethods: { boleto: b.pagamentoViaBoleto ?? null, pix: b.pagamentoViaPIX ?? null },
      terms: collectionTerms(b, b.vlrLiquidacao),
    }),
    command: generateSingleCharge(deps, SINGLE_CHARGE_PATHS),
    view: (charge) => ({ cobrancas: [issuedChargeView(charge)] }),
  });

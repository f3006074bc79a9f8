// AgendaRecebivel/GerarUnicaCobranca on the command runner: the wire body in, the envelope out.
import { defineCommandRoute } from '../../../platform/http/route.js';
import { scheduleReference } from '../receivables-blocks.js';
import type { ReceivablesDeps } from '../receivables-deps.js';
import { issuedChargeView } from './collection-views.js';
import { generateSingleCharge } from './generate-single-charge.js';
import { spec } from './generate-single-charge.schema.js';

export const route = (deps: ReceivablesDeps) =>
  defineCommandRoute(spec, {
    input: ({ dto, dtoGerarUnicaLiquidacao: b }) => ({
      schedule: scheduleReference(dto),
      installmentNumbers: dto.nroParcelas ?? null,
      description: b.descricaoLiquidacao ?? null,
      notifyCustomer: null,
      registrationMode: b.tipoRegistro ?? null,
      paymentMethods: { boleto: b.pagamentoViaBoleto ?? null, pix: b.pagamentoViaPIX ?? null },
      terms: { dueDate: b.dtVencimento ?? null, expiresOn: b.dtExpiracao ?? null, settlement: b.liquidacao ?? null, amount: b.vlrLiquidacao ?? null, discount: b.vlrDesconto ?? null, allowDecapitalization: b.permiteDescapitalizacao ?? null },
    }),
    command: generateSingleCharge(deps),
    view: (charge) => ({ cobrancas: [issuedChargeView(charge)] }),
  });

// AgendaRecebivel/GerarUnicoBoleto on the command runner: the wire body in, the envelope out.
import { defineCommandRoute } from '../../../platform/http/route.js';
import { scheduleReference } from '../receivables-blocks.js';
import type { ReceivablesDeps } from '../receivables-deps.js';
import { issuedBoletoView } from './collection-views.js';
import { generateSingleBoleto } from './generate-single-boleto.js';
import { spec } from './generate-single-boleto.schema.js';

export const route = (deps: ReceivablesDeps) =>
  defineCommandRoute(spec, {
    input: ({ dto, dtoGerarUnicoBoleto: b }) => ({
      schedule: scheduleReference(dto),
      installmentNumbers: dto.nroParcelas ?? null,
      description: b.descricaoBoleto ?? null,
      notifyCustomer: null,
      registrationMode: b.tipoRegistro ?? null,
      terms: { dueDate: b.dtVencimento ?? null, expiresOn: b.dtExpiracao ?? null, settlement: b.liquidacao ?? null, amount: b.vlrBoleto ?? null, discount: b.vlrDesconto ?? null, allowDecapitalization: b.permiteDescapitalizacao ?? null },
    }),
    command: generateSingleBoleto(deps),
    view: (boleto) => ({ msg: `Boleto nº ${boleto.number} gerado`, boletos: [issuedBoletoView(boleto)] }),
  });

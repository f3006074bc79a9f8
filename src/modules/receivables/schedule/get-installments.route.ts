// AgendaRecebivel/ConsultarParcelas as a query: the wire body in, the recalculated installments out.
import { dateToWire } from '../../../platform/dates.js';
import { defineQueryRoute } from '../../../platform/http/route.js';
import { scheduleReference } from '../receivables-blocks.js';
import { scheduleAnswers } from './schedule-repository.js';
import type { ReceivablesDeps } from '../receivables-deps.js';
import { getInstallments } from './get-installments.js';
import { spec } from './get-installments.schema.js';

export const route = (deps: ReceivablesDeps) =>
  defineQueryRoute(spec, {
    cache: scheduleAnswers(spec.operationId),
    input: (body) => ({
      schedule: scheduleReference(body.dto),
      installmentNumbers: body.dto.nroParcelas ?? null,
      calculationDate: body.dtoConsultaParcelas?.dtCalculo ?? null,
      allowDecapitalization: body.dtoConsultaParcelas?.permiteDescapitalizacao ?? false,
    }),
    query: getInstallments(deps),
    view: (result) => ({
      dtCalculo: dateToWire(result.calculationDate),
      parcelas: result.installments.map((i) => ({ nroParcela: i.nroParcela, dtVencimentoAtual: dateToWire(i.dtVencimentoAtual), calculado: i.calculado })),
    }),
  });

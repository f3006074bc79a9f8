// AgendaRecebivel/ConsultarParcelas as a query: the wire body in, the recalculated installments out.
import { dateToWire } from '../../../platform/dates.js';
import { defineQueryRoute } from '../../../platform/http/route.js';
import { scheduleReference } from '../receivables-blocks.js';
import { scheduleAnswers } from './schedule-repository.js';
import type { ReceivablesDeps } from '../receivables-deps.js';
import type { RecalculatedAmounts } from './charges-math/index.js';
import { getInstallments } from './get-installments.js';
import { spec } from './get-installments.schema.js';

/** The interface's `calculado` block, in its field order. */
function calculadoView(a: RecalculatedAmounts) {
  return {
    vlrMulta: a.charges.fine,
    vlrMora: a.charges.lateInterest,
    vlrJurosContrato: a.charges.contractInterest,
    vlrEncargos: a.charges.total,
    vlrAbatimento: a.abatement,
    vlrSaldoAtualizado: a.updatedBalance,
  };
}

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
      parcelas: result.installments.map((i) => ({ nroParcela: i.number, dtVencimentoAtual: dateToWire(i.currentDueDate), calculado: calculadoView(i.amounts) })),
    }),
  });

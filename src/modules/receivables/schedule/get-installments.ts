// AgendaRecebivel/ConsultarParcelas: installments updated to dtCalculo (charges-math). Nothing is
// assessed or stored: a recalculation is a read.
import type { Static } from 'typebox';
import { brazilDateAt, calendarDateOf, dateToWire } from '../../../platform/dates.js';
import { validationError } from '../../../platform/errors.js';
import type { OperationContext } from '../../../platform/http/operations.js';
import { ZERO } from '../../../platform/money.js';
import { graceDate, recalculateInstallment } from './charges-math/index.js';
import type { spec } from './get-installments.schema.js';
import { ReceivablesErrorCode as C, withFieldPrefix } from '../receivables-errors.js';
import type { ReceivablesDeps } from '../receivables-deps.js';
import { monthlyRateOf, namedInstallments, requireSchedule, stateOf } from './schedule-repository.js';

type Input = Static<typeof spec.body>;

const CANCELLED_CALCULADO = { vlrMulta: ZERO, vlrMora: ZERO, vlrJurosContrato: ZERO, vlrEncargos: ZERO, vlrAbatimento: ZERO, vlrSaldoAtualizado: ZERO };

/**
 * dtCalculo absent = today (São Paulo); permiteDescapitalizacao absent = false. A paid or
 * cancelled installment answers zeros. Errors (400): AGD001, AGD002, AGD004, BOL010 invalid
 * date, PARC009 dtCalculo before the installment's last launch.
 */
export async function getInstallments(input: Input, ctx: OperationContext, deps: ReceivablesDeps) {
  const options = input.dtoConsultaParcelas;
  const raw = options?.dtCalculo?.trim() ?? '';
  const dtCalculo = raw === '' ? brazilDateAt(ctx.clock.now()) : calendarDateOf(raw);
  if (dtCalculo === null) throw validationError(C.invalidDate, 'Data inválida', 'dtoConsultaParcelas.dtCalculo');
  const permite = options?.permiteDescapitalizacao ?? false;
  const schedule = await requireSchedule(ctx.tx, ctx.auth.partnerId, input.dto);
  const rate = monthlyRateOf(schedule);
  const picked = await namedInstallments(ctx.tx, schedule, input.dto.nroParcelas, 'dto.nroParcelas');
  const parcelas = picked.map((row) => {
    const state = stateOf(row, rate);
    if (state.cancelled) return { nroParcela: row.number, dtVencimentoAtual: dateToWire(graceDate(state)), calculado: CANCELLED_CALCULADO };
    const r = withFieldPrefix('dtoConsultaParcelas', () => recalculateInstallment(state, dtCalculo, permite, deps.settings.charges));
    return { nroParcela: r.nroParcela, dtVencimentoAtual: dateToWire(r.dtVencimentoAtual), calculado: r.calculado };
  });
  return { dtCalculo: dateToWire(dtCalculo), parcelas };
}

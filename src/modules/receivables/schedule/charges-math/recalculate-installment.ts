// ConsultarParcelas: one installment recalculated to `dtCalculo`, in the interface's
// `calculado` shape. Nothing is assessed: the state is not changed by a recalculation.
import type { LocalDate } from '../../../../platform/dates.js';
import { ZERO, type Decimal } from '../../../../platform/money.js';
import { updateBalance } from './balance-update.js';
import type { ChargesConfig } from './charges-config.js';
import { chargesTotal, graceDate, isSettled, type InstallmentState } from './installment-state.js';

export interface Calculado {
  readonly vlrMulta: Decimal;
  readonly vlrMora: Decimal;
  readonly vlrJurosContrato: Decimal;
  /** vlrMulta + vlrMora + vlrJurosContrato. */
  readonly vlrEncargos: Decimal;
  readonly vlrAbatimento: Decimal;
  /** principal + vlrEncargos − vlrAbatimento. */
  readonly vlrSaldoAtualizado: Decimal;
}

const ZERO_CALCULADO: Calculado = Object.freeze({
  vlrMulta: ZERO,
  vlrMora: ZERO,
  vlrJurosContrato: ZERO,
  vlrEncargos: ZERO,
  vlrAbatimento: ZERO,
  vlrSaldoAtualizado: ZERO,
});

export interface RecalculatedInstallment {
  readonly nroParcela: number;
  readonly dtVencimentoAtual: LocalDate;
  readonly calculado: Calculado;
}

/**
 * The installment updated to `dtCalculo`. Charges shown are everything owed at that date:
 * charges assessed at earlier launches and still unpaid plus those accrued since. A paid
 * installment answers zeros.
 */
export function recalculateInstallment(
  state: InstallmentState,
  dtCalculo: LocalDate,
  permiteDescapitalizacao: boolean,
  config: ChargesConfig,
): RecalculatedInstallment {
  // A paid installment owes nothing at any date, even one before its last launch.
  if (isSettled(state)) return { nroParcela: state.nroParcela, dtVencimentoAtual: graceDate(state), calculado: ZERO_CALCULADO };
  const updated = updateBalance(state, dtCalculo, permiteDescapitalizacao, config, 'dtCalculo');
  const calculado: Calculado = {
    vlrMulta: updated.charges.fine,
    vlrMora: updated.charges.lateInterest,
    vlrJurosContrato: updated.charges.contractInterest,
    vlrEncargos: chargesTotal(updated.charges),
    vlrAbatimento: updated.abatement,
    vlrSaldoAtualizado: updated.net,
  };
  return { nroParcela: state.nroParcela, dtVencimentoAtual: updated.graceDate, calculado };
}

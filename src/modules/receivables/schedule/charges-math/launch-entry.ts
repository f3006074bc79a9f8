// The launch entry of the interface (money and date fields) and the invariants partner clients
// check on every launch (compatibility-notes).
import type { LocalDate } from '../../../../platform/dates.js';
import type { Decimal } from '../../../../platform/money.js';

export interface LaunchEntry {
  readonly dtVencimento: LocalDate;
  readonly dtLancamento: LocalDate;
  /** Balance updated to dtLancamento, charges included, before the early-payment reduction. */
  readonly vlrParcela: Decimal;
  readonly vlrMulta: Decimal;
  /** Contract interest for the late days (the recalculation's vlrJurosContrato). */
  readonly vlrJuros: Decimal;
  readonly vlrMora: Decimal;
  /** Always 0: IOF is charged on disbursement, not on payments. */
  readonly vlrIOF: Decimal;
  /** Always 0: no fee is charged on payments. */
  readonly vlrTarifas: Decimal;
  readonly vlrAbatimento: Decimal;
  readonly vlrParcelaAtualizado: Decimal;
  readonly vlrPagamento: Decimal;
  readonly vlrSaldoParcela: Decimal;
  readonly vlrDesconto: Decimal;
}

const MONEY_FIELDS = [
  'vlrParcela',
  'vlrMulta',
  'vlrJuros',
  'vlrMora',
  'vlrIOF',
  'vlrTarifas',
  'vlrAbatimento',
  'vlrParcelaAtualizado',
  'vlrPagamento',
  'vlrSaldoParcela',
  'vlrDesconto',
] as const;

/**
 * vlrParcelaAtualizado = vlrParcela − vlrAbatimento; vlrSaldoParcela = vlrParcelaAtualizado −
 * vlrPagamento − vlrDesconto; every amount ≥ 0 and in whole centavos.
 */
export function assertLaunchInvariants(l: LaunchEntry): void {
  for (const field of MONEY_FIELDS) {
    const value = l[field];
    if (value.isNegative() || value.decimalPlaces() > 2) throw new Error(`assertion: launch ${field} = ${value.toString()}`);
  }
  if (!l.vlrParcelaAtualizado.equals(l.vlrParcela.minus(l.vlrAbatimento))) {
    throw new Error('assertion: vlrParcelaAtualizado ≠ vlrParcela − vlrAbatimento');
  }
  if (!l.vlrSaldoParcela.equals(l.vlrParcelaAtualizado.minus(l.vlrPagamento).minus(l.vlrDesconto))) {
    throw new Error('assertion: vlrSaldoParcela ≠ vlrParcelaAtualizado − vlrPagamento − vlrDesconto');
  }
}

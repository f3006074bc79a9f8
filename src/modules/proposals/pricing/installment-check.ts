// "The installment value must agree with the rate and amount sent" (interface, operation 13).
// A vlrParcela of 0 or absent asks the service to compute it (compatibility-notes); any other
// value is kept as sent when it is within the tolerance of the computed one, else refused with
// the expected value, so the partner can correct it.
import { type Decimal, dec } from '../../../platform/money.js';
import { formatBrl } from './format.js';

/** One centavo: the issue allows at most one cent per installment; a rounding difference of the
 * partner's own Price maths (half-even, truncation, 30/360 vs our convention) fits in it. */
export const INSTALLMENT_TOLERANCE_CENTS = 1;
const TOLERANCE = dec(INSTALLMENT_TOLERANCE_CENTS).div(100);

export type InstallmentDecision =
  | { kind: 'computed'; installment: Decimal }
  | { kind: 'accepted'; installment: Decimal; computed: Decimal }
  | { kind: 'mismatch'; sent: Decimal; expected: Decimal; description: string };

export function decideInstallment(sent: Decimal | null | undefined, computed: Decimal): InstallmentDecision {
  if (sent === null || sent === undefined || sent.isZero()) return { kind: 'computed', installment: computed };
  if (sent.isNegative()) throw new Error('assertion: a negative vlrParcela must be refused by the validator');
  if (sent.minus(computed).abs().lessThanOrEqualTo(TOLERANCE)) return { kind: 'accepted', installment: sent, computed };
  return { kind: 'mismatch', sent, expected: computed, description: installmentMismatchDescription(sent, computed) };
}

export function installmentMismatchDescription(sent: Decimal, expected: Decimal): string {
  return `O valor da parcela (${formatBrl(sent)}) não confere com a taxa, o prazo e o valor informados: o valor esperado é ${formatBrl(expected)} (tolerância de ${formatBrl(TOLERANCE)}).`;
}

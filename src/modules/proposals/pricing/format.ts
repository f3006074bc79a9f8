// Amounts as a Brazilian reader expects them in a message: "R$ 1.234,56".
import type { Decimal } from '../../../platform/money.js';

export function formatBrl(amount: Decimal): string {
  const [whole = '0', cents = '00'] = amount.abs().toFixed(2).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${amount.isNegative() ? '-' : ''}R$ ${grouped},${cents}`;
}

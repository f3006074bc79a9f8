// The cobv body of an installment charge (due date, fine, interest, discount), the cob body of an
// immediate one, and the dynamic BR Code that points at the provider's location. Pure.
import type { LocalDate } from '../../../platform/dates.js';
import type { Decimal } from '../../../platform/money.js';
import { buildBrCode } from '../../receivables/index.js';
import type { CobBody, CobvBody, Devedor } from './api-types.js';

export interface InstallmentCharge {
  dueDate: LocalDate;
  /** Days the charge can still be paid after its due date. */
  daysAfterDue: number;
  /** valor.original: the document amount, before the discount granted until the due date. */
  amount: Decimal;
  discount: Decimal;
  /** Fractions: 0.02 = 2 %; late interest a month. */
  fineRate: Decimal;
  lateInterestMonthlyRate: Decimal;
  payer: { document: string; name: string };
  pixKey: string;
  description: string;
}

function devedorOf(payer: { document: string; name: string }): Devedor {
  return payer.document.length === 11 ? { cpf: payer.document, nome: payer.name } : { cnpj: payer.document, nome: payer.name };
}

export function cobvBody(c: InstallmentCharge): CobvBody {
  const devedor = devedorOf(c.payer);
  return {
    calendario: { dataDeVencimento: c.dueDate, validadeAposVencimento: c.daysAfterDue },
    devedor,
    valor: {
      original: c.amount.toFixed(2),
      ...(c.fineRate.isZero() ? {} : { multa: { modalidade: 2 as const, valorPerc: c.fineRate.times(100).toFixed(2) } }),
      ...(c.lateInterestMonthlyRate.isZero() ? {} : { juros: { modalidade: 3 as const, valorPerc: c.lateInterestMonthlyRate.times(100).toFixed(2) } }),
      ...(c.discount.isZero() ? {} : { desconto: { modalidade: 1 as const, descontoDataFixa: [{ data: c.dueDate, valorPerc: c.discount.toFixed(2) }] } }),
    },
    chave: c.pixKey,
    solicitacaoPagador: c.description.slice(0, 140),
  };
}

/** An immediate charge (payable today only): the amount net of the discount, expiring in `expiresIn_s` seconds. */
export function cobBody(c: Pick<InstallmentCharge, 'amount' | 'discount' | 'payer' | 'pixKey' | 'description'>, expiresIn_s: number): CobBody {
  return { calendario: { expiracao: expiresIn_s }, devedor: devedorOf(c.payer), valor: { original: c.amount.minus(c.discount).toFixed(2) }, chave: c.pixKey, solicitacaoPagador: c.description.slice(0, 140) };
}

/** A dynamic BR Code: the payer's app fetches the charge at the provider's location (no amount in the code). */
export function dynamicBrCode(location: string, merchantName: string, merchantCity: string): string {
  return buildBrCode({ merchantAccount: { url: location.replace(/^https:\/\//, '') }, merchantName, merchantCity, singleUse: true });
}

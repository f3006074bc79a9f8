// Refusals of the installment arithmetic, in the interface's message shape. The texts in quotes
// in compatibility-notes are the production service's own; the others follow their style.
import type { LocalDate } from '../../../../platform/dates.js';
import { businessError, validationError, type DomainError } from '../../../../platform/errors.js';
import type { Decimal } from '../../../../platform/money.js';

export const ChargesErrorCode = {
  amountMissing: 'PARC001',
  discountNegative: 'PARC002',
  tooManyDecimals: 'PARC003',
  discountTooHigh: 'PARC004',
  paymentTooHigh: 'PARC005',
  paymentPlusDiscountTooHigh: 'PARC006',
  alreadyPaid: 'PARC007',
  cancelled: 'PARC008',
  dateBeforeLastLaunch: 'PARC009',
} as const;

const C = ChargesErrorCode;

/**
 * Names of the fields the messages point at: the domain inputs' own (PaymentInput's); each caller
 * maps them to its request's paths (launch-wire.ts, collection-amounts).
 */
export interface AmountFields {
  payment: string;
  discount: string;
  date: string;
}

export const LAUNCH_FIELDS: AmountFields = { payment: 'amount', discount: 'discount', date: 'paymentDate' };

/** The field blamed when the installment itself refuses a launch or a boleto (paid, cancelled). */
export const INSTALLMENT_FIELD = 'installmentNumber';

export function amountMissing(field: string): DomainError {
  return validationError(C.amountMissing, 'Valor deve ser informado', field);
}

export function discountNegative(field: string): DomainError {
  return validationError(C.discountNegative, 'Valor de desconto não pode ser negativo', field);
}

export function tooManyDecimals(field: string): DomainError {
  return validationError(C.tooManyDecimals, 'Valor deve ter no máximo duas casas decimais', field);
}

export function discountTooHigh(field: string): DomainError {
  return businessError(C.discountTooHigh, 'Valor de desconto não pode ser superior ou igual ao saldo atual da parcela', field);
}

export function paymentTooHigh(field: string, balance: Decimal): DomainError {
  return businessError(C.paymentTooHigh, `Valor de pagamento não pode ser superior ao saldo atual da parcela (${balance.toFixed(2)})`, field);
}

export function paymentPlusDiscountTooHigh(field: string, balance: Decimal): DomainError {
  return businessError(
    C.paymentPlusDiscountTooHigh,
    `Valor de pagamento somado ao desconto não pode ser superior ao saldo atual da parcela (${balance.toFixed(2)})`,
    field,
  );
}

export function installmentAlreadyPaid(installmentNumber: number): DomainError {
  return businessError(C.alreadyPaid, `Parcela ${installmentNumber} já está paga`, INSTALLMENT_FIELD);
}

export function installmentCancelled(installmentNumber: number): DomainError {
  return businessError(C.cancelled, `Parcela ${installmentNumber} está cancelada`, INSTALLMENT_FIELD);
}

export function dateBeforeLastLaunch(field: string, lastLaunch: LocalDate): DomainError {
  return businessError(C.dateBeforeLastLaunch, `Data não pode ser anterior ao último lançamento da parcela (${lastLaunch})`, field);
}

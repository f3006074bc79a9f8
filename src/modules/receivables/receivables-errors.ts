// Refusals of the receivables operations (the interface shows no codes for them: docs/receivables.md
// lists these). Descriptions in Portuguese; the ones in quotes in compatibility-notes are verbatim.
import { businessError, DomainError, validationError, type MessageInput } from '../../platform/errors.js';

export const ReceivablesErrorCode = {
  scheduleNotFound: 'AGD001',
  scheduleRefMissing: 'AGD002',
  scheduleNotOpen: 'AGD003',
  installmentNotFound: 'AGD004',
  installmentsMissing: 'AGD005',
  installmentRepeated: 'AGD006',
  descriptionMissing: 'BOL001',
  dueDateMissing: 'BOL002',
  dueDateInPast: 'BOL003',
  expiryBeforeDue: 'BOL004',
  amountNotAllowed: 'BOL005',
  amountMissing: 'BOL006',
  liveCollection: 'BOL007',
  amountAboveBalance: 'BOL008',
  discountNotBelowAmount: 'BOL009',
  invalidDate: 'BOL010',
  noPaymentMethod: 'COB001',
  chargeCodesMissing: 'COB002',
  chargeNotFound: 'COB003',
  chargePaid: 'COB004',
  chargeCancelled: 'COB005',
  chargeCancelling: 'COB006',
  launchesMissing: 'LAN001',
  launchFieldMissing: 'LAN002',
  paymentDateInFuture: 'LAN003',
  paymentDateBeforeDisbursement: 'LAN004',
  collectionNotFound: 'PAG001',
  collectionNotPayable: 'PAG002',
  collectionExpired: 'PAG003',
  overpayment: 'PAG004',
  chargeWithoutPix: 'PAG005',
} as const;

const C = ReceivablesErrorCode;

/** The production service's message for an unknown schedule (compatibility-notes). */
export const SCHEDULE_NOT_FOUND = 'Agenda de Recebíveis não foi encontrada';

export function scheduleNotFound(): DomainError {
  return businessError(C.scheduleNotFound, SCHEDULE_NOT_FOUND, 'dto');
}

export function scheduleRefMissing(): DomainError {
  return validationError(C.scheduleRefMissing, 'Informe codigoProposta, codigoOperacao ou numeroProposta', 'dto');
}

export function scheduleNotOpen(statusText: string): DomainError {
  return businessError(C.scheduleNotOpen, `Agenda de Recebíveis não está em aberto (situação: ${statusText})`, 'dto');
}

export function installmentNotFound(installmentNumber: number, field: string): DomainError {
  return businessError(C.installmentNotFound, `Parcela ${installmentNumber} não encontrada na Agenda de Recebíveis`, field);
}

/** A message of a refusal raised by the money arithmetic, pointed at the request's full JSON path. */
export function atField(error: DomainError, prefix: string): DomainError {
  const messages: MessageInput[] = error.messages.map((m) => ({ ...m, field: m.field === null ? prefix : `${prefix}.${m.field}` }));
  return new DomainError(error.kind, messages, error.headers);
}

/** Runs `work`; a DomainError it throws comes out with its fields under `prefix`. */
export function withFieldPrefix<T>(prefix: string, work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof DomainError) throw atField(error, prefix);
    throw error;
  }
}

/** A refusal of the money arithmetic with its bare field names ('vlrDesconto') replaced by full paths. */
export function withFieldNames<T>(names: Readonly<Record<string, string>>, work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const messages: MessageInput[] = error.messages.map((m) => ({ ...m, field: m.field === null ? null : (names[m.field] ?? m.field) }));
    throw new DomainError(error.kind, messages, error.headers);
  }
}

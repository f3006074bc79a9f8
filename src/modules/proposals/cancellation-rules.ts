// FGTS/CancelarProposta's rules, pure: which proposals may be cancelled, when, and what the
// customer returns. The codes are the interface's technical message numbers (HTTP 400).
import { classifyDocument } from '../../platform/documents.js';
import { type LocalDate, addDays, compareDates, daysBetween } from '../../platform/dates.js';
import { type Decimal, ZERO, max, roundCents } from '../../platform/money.js';
import { ProposalStatus, statusDescription } from './proposal-lifecycle.js';

/** CDC art. 49: seven days to withdraw, counted from the day after the disbursement (CC art. 132). */
export const CANCELLATION_WINDOW_DAYS = 7;
/** The refund boleto is due this many calendar days after the cancellation. */
export const REFUND_DUE_DAYS = 5;

export const CancelCode = {
  invalidDocument: '4',
  operationInProgress: '5',
  beforeDate: '10',
  paymentPending: '13',
  alreadyCancelled: '27',
  notAllowed: '28',
  invalidIdentifier: '38',
} as const;

export type CancelRefusal = { code: string; description: string; field: string | null; kind: 'validation' | 'business' };

const refuse = (code: string, description: string, field: string | null = 'dto'): CancelRefusal => ({ code, description, field, kind: 'business' });

/** The document sent, when sent: it must be a valid CPF/CNPJ and the proposal's customer. */
export function customerDocumentRefusal(sent: string | null | undefined, customerDocument: string | null): CancelRefusal | null {
  const text = sent?.trim() ?? '';
  if (text === '') return null;
  const document = classifyDocument(text);
  if (document === null) return { code: CancelCode.invalidDocument, description: 'CPF/CNPJ inválido.', field: 'documentoCliente', kind: 'validation' };
  if (customerDocument !== null && document.digits !== customerDocument) {
    return { code: CancelCode.invalidDocument, description: 'O CPF/CNPJ informado não é o do cliente da proposta.', field: 'documentoCliente', kind: 'validation' };
  }
  return null;
}

export function lastCancellationDay(disbursedOn: LocalDate): LocalDate {
  return addDays(disbursedOn, CANCELLATION_WINDOW_DAYS);
}

/** Whether a proposal in `status`, disbursed on `disbursedOn`, may be cancelled `today` (São Paulo). */
export function cancellationRefusal(status: ProposalStatus, disbursedOn: LocalDate | null, today: LocalDate): CancelRefusal | null {
  if (status === ProposalStatus.cancelled) return refuse(CancelCode.alreadyCancelled, 'Operação já cancelada.');
  if (status === ProposalStatus.assigned) return refuse(CancelCode.notAllowed, 'Cancelamento não permitido: a proposta foi cedida (situação 10).');
  if (status === ProposalStatus.paymentPending) return refuse(CancelCode.paymentPending, 'Cancelamento não permitido: há um processo de pagamento pendente para esta proposta; tente após a liberação.');
  if (status !== ProposalStatus.disbursed) return refuse(CancelCode.notAllowed, `Cancelamento não permitido: somente uma proposta liberada pode ser cancelada (situação atual: ${statusDescription(status)}).`);
  if (disbursedOn === null) throw new Error('assertion: a disbursed proposal has a disbursement date');
  if (compareDates(today, disbursedOn) < 0) return refuse(CancelCode.beforeDate, `Cancelamento não permitido antes da data da liberação (${disbursedOn}).`);
  if (daysBetween(disbursedOn, today) > CANCELLATION_WINDOW_DAYS) {
    return refuse(CancelCode.notAllowed, `Cancelamento não permitido: o prazo de ${CANCELLATION_WINDOW_DAYS} dias após a liberação terminou em ${lastCancellationDay(disbursedOn)}.`);
  }
  return null;
}

/**
 * What the customer returns (CDC art. 49): the amount released to them, less what they have
 * already paid on the schedule; the financed costs (IOF, TAC, insurance) fall with the contract.
 */
export function refundAmountOf(released: Decimal, alreadyPaid: Decimal): Decimal {
  return roundCents(max(ZERO, released.minus(alreadyPaid)));
}

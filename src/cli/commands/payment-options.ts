// Options shared by `caas boleto pay` and `caas pix pay`: the amount received and its date.
import { isValidLocalDate, localDate, type LocalDate } from '../../platform/dates.js';
import { dec, type Decimal } from '../../platform/money.js';
import type { StoredReceipt } from '../../modules/receivables/index.js';
import { CliError, JSON_OPTION } from '../io.js';
import { IDEMPOTENCY_OPTION } from '../operator-command.js';

const AMOUNT_RE = /^\d{1,16}(\.\d{1,2})?$/;

export const PAY_OPTIONS = {
  amount: { type: 'string', value: 'X', description: 'amount received, e.g. 350.00 (default: the amount due)' },
  at: { type: 'string', value: 'YYYY-MM-DD', description: 'the date the money arrived (default: today)' },
  ...IDEMPOTENCY_OPTION,
  ...JSON_OPTION,
} as const;

export function readPayment(values: { amount?: string | undefined; at?: string | undefined }): { amount: Decimal | null; at: LocalDate | null } {
  if (values.amount !== undefined && !AMOUNT_RE.test(values.amount)) throw new CliError(`--amount must be a positive amount such as 350.00, got "${values.amount}"`);
  if (values.at !== undefined && !isValidLocalDate(values.at)) throw new CliError(`--at must be a calendar date YYYY-MM-DD, got "${values.at}"`);
  const amount = values.amount === undefined ? null : dec(values.amount);
  if (amount !== null && amount.isZero()) throw new CliError('--amount must be greater than zero');
  return { amount, at: values.at === undefined ? null : localDate(values.at) };
}

/** The receipt as printed and stored by the command runner: the amount as text with two decimals. */
export type ReceiptJson = StoredReceipt;

export function receiptLines(what: string, r: ReceiptJson): string[] {
  const tail = r.paidOff ? '; the schedule is paid off' : '';
  return [`${what} paid: R$ ${r.amount} on ${r.date}, proposal ${r.proposalNumber}, ${r.launches} launch(es) posted${tail}`];
}

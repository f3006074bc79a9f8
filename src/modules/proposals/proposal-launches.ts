// `propostaLancamentos`: payments made out of the disbursement on the customer's behalf (a debt's
// boleto paid off, a transfer to a third party). Each launch pays a boleto (its digitable line) or
// transfers to a bank account (the bank fields); together they cannot exceed the amount released.
// The input is English (LaunchApplication); each refusal names the wire path given in LaunchPaths.
import { classifyDocument, type DocumentId } from '../../platform/documents.js';
import { Problems, type MessageInput } from '../../platform/errors.js';
import { calendarDateOf, compareDates, type LocalDate } from '../../platform/dates.js';
import { type Decimal, ZERO, sum } from '../../platform/money.js';
import { textOf } from '../../platform/fields.js';
import { type PaymentAccount, type PaymentAccountInput, validatePaymentAccount } from '../banking/index.js';
import { type LaunchApplication, type LaunchPaths, fieldName } from './proposal-application.js';
import { messagesOf } from './proposal-codes.js';

export const LaunchCode = {
  amount: 'LAN001',
  date: 'LAN002',
  digitableLine: 'LAN003',
  destination: 'LAN004',
  assignorDocument: 'LAN005',
  total: 'LAN006',
} as const;

/** A boleto's linha digitável has 47 digits; a utility/tax (arrecadação) one has 48. */
const DIGITABLE_LINE_LENGTHS: readonly number[] = [47, 48];
const DIGITABLE_LINE_MASK_RE = /[.\-\s]/g;

export interface ProposalLaunch {
  campoID: string | null;
  amount: Decimal;
  paymentDate: LocalDate | null;
  /** 'boleto': pays linhaDigitavel; 'transfer': credits `account`. */
  kind: 'boleto' | 'transfer';
  linhaDigitavel: string | null;
  account: PaymentAccount | null;
  assignorDocument: DocumentId | null;
  assignorName: string | null;
}

/** Whether any bank field was sent (a launch without a digitable line credits that account). */
function hasBankData(account: PaymentAccountInput): boolean {
  return Object.values(account).some((value) => (typeof value === 'string' ? textOf(value) !== null : value !== null && value !== undefined));
}

/** The launch's account, validated by the payment-account rules. */
function launchAccount(input: LaunchApplication, paths: LaunchPaths, out: MessageInput[]): PaymentAccount | null {
  const own = new Problems();
  const account = validatePaymentAccount(input.account, paths.account, own);
  out.push(...messagesOf(own));
  return account;
}

function launchOf(input: LaunchApplication, paths: LaunchPaths, contractDate: LocalDate, out: MessageInput[]): ProposalLaunch | null {
  const before = out.length;
  const amount = input.amount;
  if (amount === null || !amount.greaterThan(0)) out.push({ code: LaunchCode.amount, description: `O valor da transação (${fieldName(paths.amount)}) deve ser informado e maior que zero.`, field: paths.amount });
  const paymentDate = input.paymentDate ? calendarDateOf(input.paymentDate) : null;
  if (paymentDate !== null && compareDates(paymentDate, contractDate) < 0) {
    out.push({ code: LaunchCode.date, description: `A data de pagamento não pode ser anterior à data do contrato (${contractDate}).`, field: paths.paymentDate });
  }
  const line = textOf(input.digitableLine)?.replace(DIGITABLE_LINE_MASK_RE, '') ?? null;
  if (line !== null && !(/^\d+$/.test(line) && DIGITABLE_LINE_LENGTHS.includes(line.length))) {
    out.push({ code: LaunchCode.digitableLine, description: 'A linha digitável deve ter 47 dígitos (boleto) ou 48 (arrecadação).', field: paths.digitableLine });
  }
  const assignorText = textOf(input.assignorDocument);
  const assignorDocument = assignorText === null ? null : classifyDocument(assignorText);
  if (assignorText !== null && assignorDocument === null) {
    out.push({ code: LaunchCode.assignorDocument, description: 'O documento do cedente deve ser um CPF ou CNPJ válido.', field: paths.assignorDocument });
  }
  let account: PaymentAccount | null = null;
  if (line === null && hasBankData(input.account)) account = launchAccount(input, paths, out);
  else if (line === null) out.push({ code: LaunchCode.destination, description: 'Informe a linha digitável do boleto a pagar ou os dados bancários do favorecido.', field: paths.item });
  if (out.length > before || amount === null) return null;
  return { campoID: textOf(input.fieldId), amount, paymentDate, kind: line === null ? 'transfer' : 'boleto', linhaDigitavel: line, account, assignorDocument, assignorName: textOf(input.assignorName) };
}

/** Every launch validated (problems at `paths.items[i]`), and their total within the released amount (`paths.list`). */
export function validateLaunches(items: readonly LaunchApplication[], paths: { list: string; items: readonly LaunchPaths[] }, released: Decimal | null, contractDate: LocalDate, out: MessageInput[]): ProposalLaunch[] {
  const launches = items.map((item, i) => launchOf(item, paths.items[i] as LaunchPaths, contractDate, out));
  const valid = launches.filter((l): l is ProposalLaunch => l !== null);
  const total = sum(valid.map((l) => l.amount));
  if (released !== null && released.greaterThan(ZERO) && total.greaterThan(released)) {
    out.push({ code: LaunchCode.total, description: `A soma dos lançamentos (${total.toFixed(2)}) excede o valor solicitado (${released.toFixed(2)}).`, field: paths.list });
  }
  return valid;
}

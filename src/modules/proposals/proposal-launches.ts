// `propostaLancamentos`: payments made out of the disbursement on the customer's behalf (a debt's
// boleto paid off, a transfer to a third party). Each launch pays a boleto (linhaDigitavel) or
// transfers to a bank account (the bank fields); together they cannot exceed the amount released.
import { classifyDocument, type DocumentId } from '../../platform/documents.js';
import { Problems, type MessageInput } from '../../platform/errors.js';
import { calendarDateOf, compareDates, type LocalDate } from '../../platform/dates.js';
import { type Decimal, ZERO, sum } from '../../platform/money.js';
import { textOf } from '../../platform/fields.js';
import { type PaymentAccount, validatePaymentAccount } from '../banking/index.js';
import { type BankFieldsBlock, paymentAccountInput, paymentAccountPaths } from './payment-account-wire.js';
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

export interface LaunchInput extends BankFieldsBlock {
  campoID?: string | null;
  vlrTransacao?: Decimal | null;
  dtPagamento?: string | null;
  linhaDigitavel?: string | null;
  documentoFederal?: string | null;
  documentoFederalCedente?: string | null;
  nomeCedente?: string | null;
}

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

const BANK_FIELDS = ['codigoBanco', 'numeroBanco', 'tipoConta', 'agencia', 'agenciaDig', 'conta', 'contaDig', 'documentoFederal', 'nomePagamento'] as const;

function hasBankData(input: LaunchInput): boolean {
  return BANK_FIELDS.some((name) => {
    const value = input[name];
    return typeof value === 'string' ? textOf(value) !== null : value !== null && value !== undefined;
  });
}

/** The launch's account, validated by the payment-account rules; its holder field is `documentoFederal`. */
function launchAccount(input: LaunchInput, path: string, out: MessageInput[]): PaymentAccount | null {
  const own = new Problems();
  const account = validatePaymentAccount(paymentAccountInput(input, input.documentoFederal), paymentAccountPaths(path, 'documentoFederal'), own);
  out.push(...messagesOf(own));
  return account;
}

function launchOf(input: LaunchInput, path: string, contractDate: LocalDate, out: MessageInput[]): ProposalLaunch | null {
  const before = out.length;
  const amount = input.vlrTransacao ?? null;
  if (amount === null || !amount.greaterThan(0)) out.push({ code: LaunchCode.amount, description: 'O valor da transação (vlrTransacao) deve ser informado e maior que zero.', field: `${path}.vlrTransacao` });
  const paymentDate = input.dtPagamento ? calendarDateOf(input.dtPagamento) : null;
  if (paymentDate !== null && compareDates(paymentDate, contractDate) < 0) {
    out.push({ code: LaunchCode.date, description: `A data de pagamento não pode ser anterior à data do contrato (${contractDate}).`, field: `${path}.dtPagamento` });
  }
  const line = textOf(input.linhaDigitavel)?.replace(DIGITABLE_LINE_MASK_RE, '') ?? null;
  if (line !== null && !(/^\d+$/.test(line) && DIGITABLE_LINE_LENGTHS.includes(line.length))) {
    out.push({ code: LaunchCode.digitableLine, description: 'A linha digitável deve ter 47 dígitos (boleto) ou 48 (arrecadação).', field: `${path}.linhaDigitavel` });
  }
  const assignorText = textOf(input.documentoFederalCedente);
  const assignorDocument = assignorText === null ? null : classifyDocument(assignorText);
  if (assignorText !== null && assignorDocument === null) {
    out.push({ code: LaunchCode.assignorDocument, description: 'O documento do cedente deve ser um CPF ou CNPJ válido.', field: `${path}.documentoFederalCedente` });
  }
  let account: PaymentAccount | null = null;
  if (line === null && hasBankData(input)) account = launchAccount(input, path, out);
  else if (line === null) out.push({ code: LaunchCode.destination, description: 'Informe a linha digitável do boleto a pagar ou os dados bancários do favorecido.', field: path });
  if (out.length > before || amount === null) return null;
  return { campoID: textOf(input.campoID), amount, paymentDate, kind: line === null ? 'transfer' : 'boleto', linhaDigitavel: line, account, assignorDocument, assignorName: textOf(input.nomeCedente) };
}

/** Every launch validated (problems under `dto.propostaLancamentos[i]`), and their total within the released amount. */
export function validateLaunches(items: readonly LaunchInput[] | null | undefined, released: Decimal | null, contractDate: LocalDate, out: MessageInput[]): ProposalLaunch[] {
  const path = 'dto.propostaLancamentos';
  const launches = (items ?? []).map((item, i) => launchOf(item, `${path}[${i}]`, contractDate, out));
  const valid = launches.filter((l): l is ProposalLaunch => l !== null);
  const total = sum(valid.map((l) => l.amount));
  if (released !== null && released.greaterThan(ZERO) && total.greaterThan(released)) {
    out.push({ code: LaunchCode.total, description: `A soma dos lançamentos (${total.toFixed(2)}) excede o valor solicitado (${released.toFixed(2)}).`, field: path });
  }
  return valid;
}

// The interface's bank-account fields ↔ banking's PaymentAccountInput: `propostaContaPagamentoDTO`
// (IncluirManualSimplificado, AtualizarContaPagamento) and the bank fields of a launch of
// `propostaLancamentos` (whose holder document is `documentoFederal`). The paths are where each
// field sits in the request: the refusals name the field as the client sent it.
import { fromWire, wirePaths } from '../../platform/wire-names.js';
import type { PaymentAccountInput, PaymentAccountPaths } from '../banking/index.js';

/** English field → the interface's field (the holder document apart: its name varies). */
const BANK_FIELD_NAMES = {
  bankCode: 'codigoBanco',
  bankNumber: 'numeroBanco',
  accountType: 'tipoConta',
  branch: 'agencia',
  branchDigit: 'agenciaDig',
  account: 'conta',
  accountDigit: 'contaDig',
  holderName: 'nomePagamento',
} as const satisfies Readonly<Record<Exclude<keyof PaymentAccountInput, 'holderDocument'>, string>>;

/** The bank fields as the interface writes them (the holder document apart: its name varies). */
export interface BankFieldsBlock {
  codigoBanco?: number | null;
  numeroBanco?: string | null;
  tipoConta?: number | null;
  agencia?: string | null;
  agenciaDig?: string | null;
  conta?: string | null;
  contaDig?: string | null;
  nomePagamento?: string | null;
}

export function paymentAccountInput(block: BankFieldsBlock, holderDocument: string | null | undefined): PaymentAccountInput {
  return { ...fromWire(BANK_FIELD_NAMES, block), holderDocument: holderDocument ?? null };
}

/** The paths of the bank fields under `prefix`; the holder document's field is `holderDocumentField`. */
export function paymentAccountPaths(prefix: string, holderDocumentField = 'documentoFederalPagamento'): PaymentAccountPaths {
  return { ...wirePaths(BANK_FIELD_NAMES, prefix), holderDocument: `${prefix}.${holderDocumentField}` };
}

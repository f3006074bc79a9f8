// The interface's bank-account fields ↔ banking's PaymentAccountInput: `propostaContaPagamentoDTO`
// (IncluirManualSimplificado, AtualizarContaPagamento) and the bank fields of a launch of
// `propostaLancamentos` (whose holder document is `documentoFederal`). The paths are where each
// field sits in the request: the refusals name the field as the client sent it.
import type { PaymentAccountInput, PaymentAccountPaths } from '../banking/index.js';

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
  return {
    bankCode: block.codigoBanco ?? null,
    bankNumber: block.numeroBanco ?? null,
    accountType: block.tipoConta ?? null,
    branch: block.agencia ?? null,
    branchDigit: block.agenciaDig ?? null,
    account: block.conta ?? null,
    accountDigit: block.contaDig ?? null,
    holderDocument: holderDocument ?? null,
    holderName: block.nomePagamento ?? null,
  };
}

/** The paths of the bank fields under `prefix`; the holder document's field is `holderDocumentField`. */
export function paymentAccountPaths(prefix: string, holderDocumentField = 'documentoFederalPagamento'): PaymentAccountPaths {
  return {
    bankCode: `${prefix}.codigoBanco`,
    bankNumber: `${prefix}.numeroBanco`,
    accountType: `${prefix}.tipoConta`,
    branch: `${prefix}.agencia`,
    branchDigit: `${prefix}.agenciaDig`,
    account: `${prefix}.conta`,
    accountDigit: `${prefix}.contaDig`,
    holderDocument: `${prefix}.${holderDocumentField}`,
    holderName: `${prefix}.nomePagamento`,
  };
}

// The disbursement account of a proposal (`propostaContaPagamentoDTO`), validated on creation
// and by Proposta/AtualizarContaPagamento. Pure: every problem goes to `problems` with its JSON
// path under `path` (e.g. "dto.propostaContaPagamentoDTO.agencia").
import { type DocumentId, documentField } from '../../platform/documents.js';
import type { Problems } from '../../platform/errors.js';
import { type FieldRef, codeField, fieldPath, invalid, textField } from '../../platform/fields.js';
import { ACCOUNT_TYPES, BANK_FORMATS, bankByCodigo, bankByNumero } from './banks.js';
import { HOLDER_NAME_LENGTH_MAX } from './limits.js';

export interface PaymentAccountInput {
  codigoBanco?: number | null;
  tipoConta?: number | null;
  agencia?: string | null;
  agenciaDig?: string | null;
  conta?: string | null;
  contaDig?: string | null;
  numeroBanco?: string | null;
  documentoFederalPagamento?: string | null;
  nomePagamento?: string | null;
}

export interface PaymentAccount {
  /** Internal code; null when only an unlisted `numeroBanco` was sent. */
  codigoBanco: number | null;
  numeroBanco: string;
  /** ISPB when the bank is in the reference table. */
  ispb: string | null;
  tipoConta: number;
  agencia: string;
  agenciaDig: string | null;
  conta: string;
  contaDig: string;
  documento: DocumentId;
  nomePagamento: string;
}

/** Catalogue of the payment-account codes (docs/validation.md). */
export const PaymentAccountCode = {
  codigoBanco: 'CPG001',
  numeroBanco: 'CPG002',
  bankMismatch: 'CPG003',
  tipoConta: 'CPG004',
  agencia: 'CPG005',
  agenciaDig: 'CPG006',
  conta: 'CPG007',
  contaDig: 'CPG008',
  documentoFederalPagamento: 'CPG009',
  nomePagamento: 'CPG010',
} as const;

interface ResolvedBank {
  codigoBanco: number | null;
  numeroBanco: string;
  ispb: string | null;
}

export function validatePaymentAccount(input: PaymentAccountInput, path: string, problems: Problems): PaymentAccount | null {
  if (path === '') throw new Error('assertion: a payment account is always nested: give its path');
  const at = (name: keyof typeof PaymentAccountCode & keyof PaymentAccountInput): FieldRef => ({
    field: fieldPath(path, name),
    code: PaymentAccountCode[name],
  });
  const before = problems.count;
  const bank = resolveBank(input, path, problems);
  const tipoConta = codeField(problems, input.tipoConta, at('tipoConta'), { label: 'Tipo de conta', required: true, allowed: ACCOUNT_TYPES });
  const agencia = textField(problems, input.agencia, at('agencia'), { label: 'Agência', required: true, ...BANK_FORMATS.agency });
  const agenciaDig = textField(problems, input.agenciaDig, at('agenciaDig'), { label: 'Dígito da agência', required: false, upper: true, ...BANK_FORMATS.checkDigit });
  const conta = textField(problems, input.conta, at('conta'), { label: 'Conta', required: true, ...BANK_FORMATS.account });
  const contaDig = textField(problems, input.contaDig, at('contaDig'), { label: 'Dígito da conta', required: true, upper: true, ...BANK_FORMATS.checkDigit });
  const documento = documentField(problems, input.documentoFederalPagamento, at('documentoFederalPagamento'), 'Documento do titular');
  const nomePagamento = textField(problems, input.nomePagamento, at('nomePagamento'), { label: 'Nome do titular', required: true, lengthMax: HOLDER_NAME_LENGTH_MAX });
  if (problems.count > before) return null;
  if (!bank || tipoConta === null || agencia === null || conta === null || contaDig === null || !documento || nomePagamento === null) {
    throw new Error('assertion: a required payment-account field is null without a problem');
  }
  return { ...bank, tipoConta, agencia, agenciaDig, conta, contaDig, documento, nomePagamento };
}

/**
 * The bank is named by `codigoBanco` (must be in the reference table), by `numeroBanco` (any
 * 3-digit COMPE number, so banks outside our table still work), or by both (they must agree).
 */
function resolveBank(input: PaymentAccountInput, path: string, problems: Problems): ResolvedBank | null {
  const codigoAt = { field: fieldPath(path, 'codigoBanco'), code: PaymentAccountCode.codigoBanco };
  const numeroAt = { field: fieldPath(path, 'numeroBanco'), code: PaymentAccountCode.numeroBanco };
  const before = problems.count;
  const numero = textField(problems, input.numeroBanco, numeroAt, { label: 'Número do banco', required: false, ...BANK_FORMATS.compe });
  const codigo = input.codigoBanco ?? null;
  if (codigo !== null) {
    const bank = Number.isInteger(codigo) ? bankByCodigo(codigo) : null;
    if (bank === null) return invalid(problems, 'Código do banco', 'use um código da tabela de bancos (docs/validation.md)', codigoAt);
    if (numero !== null && numero !== bank.numero) {
      problems.add(PaymentAccountCode.bankMismatch, `O número do banco ${numero} não corresponde ao código ${codigo} (banco ${bank.numero}).`, numeroAt.field);
    }
    return problems.count > before ? null : { codigoBanco: bank.codigo, numeroBanco: bank.numero, ispb: bank.ispb };
  }
  if (problems.count > before) return null;
  if (numero === null) {
    problems.add(codigoAt.code, 'O banco é obrigatório: informe codigoBanco ou numeroBanco.', codigoAt.field);
    return null;
  }
  const known = bankByNumero(numero);
  return { codigoBanco: known?.codigo ?? null, numeroBanco: numero, ispb: known?.ispb ?? null };
}

// The disbursement account of a proposal, validated on creation and by
// Proposta/AtualizarContaPagamento. The input is in domain terms; each face says where every field
// sits in its request (`PaymentAccountPaths`), so a problem names the field as the client sent it
// (e.g. "dto.propostaContaPagamentoDTO.agencia"). Pure: every problem goes to `problems`.
import { type DocumentId, documentField } from '../../platform/documents.js';
import type { Problems } from '../../platform/errors.js';
import { type FieldRef, codeField, invalid, textField } from '../../platform/fields.js';
import { ACCOUNT_TYPES, BANK_FORMATS, bankByCode, bankByNumber } from './banks.js';
import { HOLDER_NAME_LENGTH_MAX } from './limits.js';

/** A bank account as sent (every field checked by validatePaymentAccount). */
export interface PaymentAccountInput {
  /** The bank's code in the reference table (docs/validation.md). */
  bankCode?: number | null;
  /** The bank's COMPE number (3 digits). */
  bankNumber?: string | null;
  /** 1 Corrente, 2 Poupança, 3 Pagamento, 4 Salário. */
  accountType?: number | null;
  branch?: string | null;
  branchDigit?: string | null;
  account?: string | null;
  accountDigit?: string | null;
  /** The holder's CPF or CNPJ. */
  holderDocument?: string | null;
  holderName?: string | null;
}

/** Where each field of the input sits in the face's request: the field a problem names. */
export type PaymentAccountPaths = Readonly<Record<keyof PaymentAccountInput, string>>;

/**
 * A validated bank account. Stored as JSON (proposals.payment_account, the launches of
 * proposals.launches) under these names since migration 0039; the faces show the interface's.
 */
export interface PaymentAccount {
  /** Internal code; null when only an unlisted bank number was sent. */
  bankCode: number | null;
  /** The COMPE number (3 digits). */
  bankNumber: string;
  /** ISPB when the bank is in the reference table. */
  ispb: string | null;
  accountType: number;
  branch: string;
  branchDigit: string | null;
  account: string;
  accountDigit: string;
  holderDocument: DocumentId;
  holderName: string;
}

/** Catalogue of the payment-account codes (docs/validation.md). */
export const PaymentAccountCode = {
  bankCode: 'CPG001',
  bankNumber: 'CPG002',
  bankMismatch: 'CPG003',
  accountType: 'CPG004',
  branch: 'CPG005',
  branchDigit: 'CPG006',
  account: 'CPG007',
  accountDigit: 'CPG008',
  holderDocument: 'CPG009',
  holderName: 'CPG010',
} as const;

type ResolvedBank = Pick<PaymentAccount, 'bankCode' | 'bankNumber' | 'ispb'>;

export function validatePaymentAccount(input: PaymentAccountInput, paths: PaymentAccountPaths, problems: Problems): PaymentAccount | null {
  if (Object.values(paths).some((field) => field === '')) throw new Error('assertion: a payment account is always nested: give each field its path');
  const at = (name: keyof PaymentAccountInput): FieldRef => ({ field: paths[name], code: PaymentAccountCode[name] });
  const before = problems.count;
  const bank = resolveBank(input, at, problems);
  const accountType = codeField(problems, input.accountType, at('accountType'), { label: 'Tipo de conta', required: true, allowed: ACCOUNT_TYPES });
  const branch = textField(problems, input.branch, at('branch'), { label: 'Agência', required: true, ...BANK_FORMATS.agency });
  const branchDigit = textField(problems, input.branchDigit, at('branchDigit'), { label: 'Dígito da agência', required: false, upper: true, ...BANK_FORMATS.checkDigit });
  const account = textField(problems, input.account, at('account'), { label: 'Conta', required: true, ...BANK_FORMATS.account });
  const accountDigit = textField(problems, input.accountDigit, at('accountDigit'), { label: 'Dígito da conta', required: true, upper: true, ...BANK_FORMATS.checkDigit });
  const holderDocument = documentField(problems, input.holderDocument, at('holderDocument'), 'Documento do titular');
  const holderName = textField(problems, input.holderName, at('holderName'), { label: 'Nome do titular', required: true, lengthMax: HOLDER_NAME_LENGTH_MAX });
  if (problems.count > before) return null;
  if (!bank || accountType === null || branch === null || account === null || accountDigit === null || !holderDocument || holderName === null) {
    throw new Error('assertion: a required payment-account field is null without a problem');
  }
  return { ...bank, accountType, branch, branchDigit, account, accountDigit, holderDocument, holderName };
}

/**
 * The bank is named by its code (must be in the reference table), by its COMPE number (any
 * 3 digits, so banks outside our table still work), or by both (they must agree).
 */
function resolveBank(input: PaymentAccountInput, at: (name: 'bankCode' | 'bankNumber') => FieldRef, problems: Problems): ResolvedBank | null {
  const codeAt = at('bankCode');
  const numberAt = at('bankNumber');
  const before = problems.count;
  const number = textField(problems, input.bankNumber, numberAt, { label: 'Número do banco', required: false, ...BANK_FORMATS.compe });
  const code = input.bankCode ?? null;
  if (code !== null) {
    const bank = Number.isInteger(code) ? bankByCode(code) : null;
    if (bank === null) return invalid(problems, 'Código do banco', 'use um código da tabela de bancos (docs/validation.md)', codeAt);
    if (number !== null && number !== bank.number) {
      problems.add(PaymentAccountCode.bankMismatch, `O número do banco ${number} não corresponde ao código ${code} (banco ${bank.number}).`, numberAt.field);
    }
    return problems.count > before ? null : { bankCode: bank.code, bankNumber: bank.number, ispb: bank.ispb };
  }
  if (problems.count > before) return null;
  if (number === null) {
    problems.add(codeAt.code, 'O banco é obrigatório: informe codigoBanco ou numeroBanco.', codeAt.field);
    return null;
  }
  const known = bankByNumber(number);
  return { bankCode: known?.code ?? null, bankNumber: number, ispb: known?.ispb ?? null };
}

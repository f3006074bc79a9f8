// The payee registration (`{pix_url}/api/Favorecido`) in domain terms, mapped from the wire by
// payee-registration-wire.ts. Pure: every problem is collected in `problems` with the field's
// wire path (from `paths`) and a FAV code (catalogue in docs/validation.md); the normalized payee
// comes back when there is none.
import { type DocumentId, documentField } from '../../platform/documents.js';
import type { Problems } from '../../platform/errors.js';
import { type FieldRef, codeField, missing, textField } from '../../platform/fields.js';
import { ACCOUNT_MODELS, ACCOUNT_TYPES, BANK_FORMATS, HOLDER_NAME_LENGTH_MAX, bankByNumero, PIX_KEY_TYPE_NAMES, PixKeyType, type PixKeyTypeCode, validatePixKey } from '../banking/index.js';

export interface PayeeAccountDetails {
  branch: string | null;
  branchDigit: string | null;
  account: string | null;
  accountDigit: string | null;
  /** Account number followed by its check digit. */
  accountWithDigit: string | null;
  accountType: number | null;
  accountModel: number | null;
}

/** A payee registration as the partner sent it, in domain terms (payee-registration-wire.ts maps the wire). */
export interface PayeeRegistration {
  /** 1 by key, 2 by bank data. */
  registrationType: number | null;
  name: string | null;
  holderDocument: string | null;
  keyType: number | null;
  key: string | null;
  /** The participant's ISPB. */
  participantId: string | null;
  bankNumber: string | null;
  branch: string | null;
  branchDigit: string | null;
  account: string | null;
  accountDigit: string | null;
  accountWithDigit: string | null;
  accountType: number | null;
  /** Required for a registration by bank data; its account fields repeat the top-level ones. */
  accountDetails: PayeeAccountDetails | null;
}

type TopField = Exclude<keyof PayeeRegistration, 'accountDetails'>;
/** Where each field sits in the request: every refusal names the field as the client sent it. */
export type PayeeRegistrationPaths = Record<TopField | 'accountDetails', string> & { details: Record<keyof PayeeAccountDetails, string> };

export interface PayeeBankAccount {
  numeroParticipanteSpi: string;
  numeroBanco: string | null;
  agencia: string;
  agenciaDigito: string | null;
  conta: string;
  contaDigito: string;
  /** Account number followed by its check digit. */
  contaPagamento: string;
  tipoConta: number;
  modeloConta: number;
}

interface PayeeCommon {
  nome: string;
  documento: DocumentId;
}
export interface PayeeByKey extends PayeeCommon {
  tipoCadastroPix: 1;
  tipoChave: PixKeyTypeCode;
  /** Canonical DICT form (see banking/pix-key.ts). */
  chave: string;
}
export interface PayeeByBankData extends PayeeCommon {
  tipoCadastroPix: 2;
  conta: PayeeBankAccount;
}
export type Payee = PayeeByKey | PayeeByBankData;

export const REGISTRATION_TYPES: Readonly<Record<number, string>> = { 1: 'Por chave', 2: 'Por dados bancários' };

/** Catalogue of the payee codes (docs/validation.md). */
export const PayeeCode = {
  tipoCadastroPix: 'FAV001',
  nome: 'FAV002',
  documentoFederal: 'FAV003',
  tipoChave: 'FAV004',
  chave: 'FAV005',
  keyNotPayeeDocument: 'FAV006',
  numeroParticipanteSpi: 'FAV007',
  agencia: 'FAV008',
  agenciaDigito: 'FAV009',
  conta: 'FAV010',
  contaDigito: 'FAV011',
  contaPagamento: 'FAV012',
  tipoConta: 'FAV013',
  contaDto: 'FAV014',
  modeloConta: 'FAV015',
  numeroBanco: 'FAV016',
  contaDtoMismatch: 'FAV017',
  bankMismatch: 'FAV018',
} as const;

const ref = (field: string, code: string): FieldRef => ({ field, code });

export function validateFavorecido(input: PayeeRegistration, paths: PayeeRegistrationPaths, problems: Problems): Payee | null {
  const before = problems.count;
  const nome = textField(problems, input.name, ref(paths.name, PayeeCode.nome), { label: 'Nome', required: true, lengthMax: HOLDER_NAME_LENGTH_MAX });
  const documento = documentField(problems, input.holderDocument, ref(paths.holderDocument, PayeeCode.documentoFederal), 'Documento do favorecido');
  const tipo = codeField(problems, input.registrationType, ref(paths.registrationType, PayeeCode.tipoCadastroPix), { label: 'Tipo de cadastro Pix', required: true, allowed: REGISTRATION_TYPES });
  // Only the fields of the declared registration type are read; the others are ignored.
  const key = tipo === 1 ? validateKey(input, paths, documento, problems) : null;
  const conta = tipo === 2 ? validateBankData(input, paths, problems) : null;
  if (problems.count > before) return null;
  if (nome === null || documento === null) throw new Error('assertion: nome/documento null without a problem');
  if (key) return { tipoCadastroPix: 1, nome, documento, ...key };
  if (conta) return { tipoCadastroPix: 2, nome, documento, conta };
  throw new Error('assertion: a payee without key nor bank data and without a problem');
}

function validateKey(input: PayeeRegistration, paths: PayeeRegistrationPaths, documento: DocumentId | null, problems: Problems): { tipoChave: PixKeyTypeCode; chave: string } | null {
  const chaveAt = ref(paths.key, PayeeCode.chave);
  const tipoChave = codeField(problems, input.keyType, ref(paths.keyType, PayeeCode.tipoChave), { label: 'Tipo de chave', required: true, allowed: PIX_KEY_TYPE_NAMES }) as PixKeyTypeCode | null;
  const raw = input.key ?? '';
  if (raw.trim() === '') return missing(problems, 'Chave', chaveAt);
  if (tipoChave === null) return null;
  const result = validatePixKey(tipoChave, raw);
  if (!result.ok) {
    problems.add(chaveAt.code, result.message, chaveAt.field);
    return null;
  }
  // A CPF or CNPJ key is registered to its holder (DICT), and the payee is that holder.
  const isDocumentKey = tipoChave === PixKeyType.cpf || tipoChave === PixKeyType.cnpj;
  if (isDocumentKey && documento !== null && documento.digits !== result.key) {
    problems.add(PayeeCode.keyNotPayeeDocument, `A chave CPF/CNPJ deve ser o documento do favorecido (${paths.holderDocument}).`, chaveAt.field);
    return null;
  }
  return { tipoChave, chave: result.key };
}

type AccountPart = 'branch' | 'branchDigit' | 'account' | 'accountDigit' | 'accountWithDigit';
type AccountParts = Record<AccountPart, string | null>;

/** Agency and account of the payee, read the same way at the top level and inside the account details. */
function accountParts(problems: Problems, src: AccountParts, paths: Record<AccountPart, string>, required: boolean): AccountParts {
  return {
    branch: textField(problems, src.branch, ref(paths.branch, PayeeCode.agencia), { label: 'Agência', required, ...BANK_FORMATS.agency }),
    branchDigit: textField(problems, src.branchDigit, ref(paths.branchDigit, PayeeCode.agenciaDigito), { label: 'Dígito da agência', required: false, upper: true, ...BANK_FORMATS.checkDigit }),
    account: textField(problems, src.account, ref(paths.account, PayeeCode.conta), { label: 'Conta', required, ...BANK_FORMATS.account }),
    accountDigit: textField(problems, src.accountDigit, ref(paths.accountDigit, PayeeCode.contaDigito), { label: 'Dígito da conta', required, upper: true, ...BANK_FORMATS.checkDigit }),
    accountWithDigit: textField(problems, src.accountWithDigit, ref(paths.accountWithDigit, PayeeCode.contaPagamento), { label: 'Conta com dígito', required: false, upper: true, ...BANK_FORMATS.accountWithDigit }),
  };
}

function validateBankData(input: PayeeRegistration, paths: PayeeRegistrationPaths, problems: Problems): PayeeBankAccount | null {
  const before = problems.count;
  const ispb = textField(problems, input.participantId, ref(paths.participantId, PayeeCode.numeroParticipanteSpi), { label: 'Número do participante SPI (ISPB)', required: true, ...BANK_FORMATS.ispb });
  const numeroBanco = textField(problems, input.bankNumber, ref(paths.bankNumber, PayeeCode.numeroBanco), { label: 'Número do banco', required: false, ...BANK_FORMATS.compe });
  const listed = numeroBanco === null ? null : bankByNumero(numeroBanco);
  if (ispb !== null && listed !== null && listed.ispb !== ispb) {
    problems.add(PayeeCode.bankMismatch, `O número do banco ${listed.numero} não corresponde ao ISPB ${ispb} (esperado ${listed.ispb}).`, paths.bankNumber);
  }
  const top = accountParts(problems, input, paths, true);
  const tipoConta = codeField(problems, input.accountType, ref(paths.accountType, PayeeCode.tipoConta), { label: 'Tipo de conta', required: true, allowed: ACCOUNT_TYPES });
  const fullAccount = top.account !== null && top.accountDigit !== null ? top.account + top.accountDigit : null;
  if (top.accountWithDigit !== null && fullAccount !== null && top.accountWithDigit !== fullAccount) {
    problems.add(PayeeCode.contaPagamento, `A conta com dígito (${top.accountWithDigit}) não corresponde a conta + dígito (${fullAccount}).`, paths.accountWithDigit);
  }
  const modeloConta = validateAccountDetails(input.accountDetails, paths, { ...top, accountWithDigit: fullAccount, accountType: tipoConta }, problems);
  if (problems.count > before) return null;
  if (ispb === null || top.branch === null || top.account === null || top.accountDigit === null || fullAccount === null || tipoConta === null || modeloConta === null) {
    throw new Error('assertion: a required bank field is null without a problem');
  }
  return {
    numeroParticipanteSpi: ispb,
    numeroBanco,
    agencia: top.branch,
    agenciaDigito: top.branchDigit,
    conta: top.account,
    contaDigito: top.accountDigit,
    contaPagamento: fullAccount,
    tipoConta,
    modeloConta,
  };
}

/**
 * The account details (`contaDto`) are required for a registration by bank data and carry the
 * account model. Their account fields repeat the top-level ones: each one sent must agree with
 * them (two different accounts in one request would leave it unclear where the money goes).
 * Returns the account model.
 */
function validateAccountDetails(details: PayeeAccountDetails | null, paths: PayeeRegistrationPaths, expected: AccountParts & { accountType: number | null }, problems: Problems): number | null {
  if (details === null) return missing(problems, paths.accountDetails, ref(paths.accountDetails, PayeeCode.contaDto));
  const at = paths.details;
  const modeloConta = codeField(problems, details.accountModel, ref(at.accountModel, PayeeCode.modeloConta), { label: 'Modelo de conta', required: true, allowed: ACCOUNT_MODELS });
  const tipoConta = codeField(problems, details.accountType, ref(at.accountType, PayeeCode.tipoConta), { label: 'Tipo de conta', required: false, allowed: ACCOUNT_TYPES });
  const parts = { ...accountParts(problems, details, at, false), accountType: tipoConta };
  for (const name of Object.keys(parts) as (keyof typeof parts)[]) {
    const sent = parts[name];
    const wanted = expected[name];
    if (sent !== null && wanted !== null && sent !== wanted) {
      problems.add(PayeeCode.contaDtoMismatch, `${at[name]} (${sent}) difere do valor informado fora de ${paths.accountDetails} (${wanted}).`, at[name]);
    }
  }
  return modeloConta;
}

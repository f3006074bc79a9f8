// The payee registration (`{pix_url}/api/Favorecido`) in domain terms, mapped from the wire by
// payee-registration-wire.ts. Pure: every problem is collected in `problems` with the field's
// wire path (from `paths`) and a FAV code (catalogue in docs/validation.md); the normalized payee
// comes back when there is none.
import { type DocumentId, documentField } from '../../platform/documents.js';
import type { Problems } from '../../platform/errors.js';
import { type FieldRef, codeField, missing, textField } from '../../platform/fields.js';
import type { PayeeAccountFields, PayeeReachFields } from './payee-fields.js';
import { ACCOUNT_MODELS, ACCOUNT_TYPES, BANK_FORMATS, HOLDER_NAME_LENGTH_MAX, bankByNumber, PIX_KEY_TYPE_NAMES, PixKeyType, type PixKeyTypeCode, validatePixKey } from '../banking/index.js';

/** The account details (`contaDto`): the account fields again, and the account model. */
export interface PayeeAccountDetails extends PayeeAccountFields {
  accountModel: number | null;
}

/** A payee registration as the partner sent it, in domain terms (payee-registration-wire.ts maps the wire). */
export interface PayeeRegistration extends PayeeReachFields {
  /** 1 by key, 2 by bank data. */
  registrationType: number | null;
  name: string | null;
  holderDocument: string | null;
  /** Required for a registration by bank data; its account fields repeat the top-level ones. */
  accountDetails: PayeeAccountDetails | null;
}

type TopField = Exclude<keyof PayeeRegistration, 'accountDetails'>;
/** Where each field sits in the request: every refusal names the field as the client sent it. */
export type PayeeRegistrationPaths = Record<TopField | 'accountDetails', string> & { details: Record<keyof PayeeAccountDetails, string> };

/** The validated account of a payee by bank data. */
export interface PayeeBankAccount {
  participantId: string;
  bankNumber: string | null;
  branch: string;
  branchDigit: string | null;
  account: string;
  accountDigit: string;
  /** Account number followed by its check digit. */
  accountWithDigit: string;
  accountType: number;
  accountModel: number;
}

interface PayeeCommon {
  name: string;
  holderDocument: DocumentId;
}
export interface PayeeByKey extends PayeeCommon {
  registrationType: 1;
  keyType: PixKeyTypeCode;
  /** Canonical DICT form (see banking/pix-key.ts). */
  key: string;
}
export interface PayeeByBankData extends PayeeCommon {
  registrationType: 2;
  bankAccount: PayeeBankAccount;
}
/** A validated payee (payee-repository.ts maps it to its columns). */
export type Payee = PayeeByKey | PayeeByBankData;

export const REGISTRATION_TYPES: Readonly<Record<number, string>> = { 1: 'Por chave', 2: 'Por dados bancários' };

/** Catalogue of the payee codes (docs/validation.md), keyed by the field each one refuses. */
export const PayeeCode = {
  registrationType: 'FAV001',
  name: 'FAV002',
  holderDocument: 'FAV003',
  keyType: 'FAV004',
  key: 'FAV005',
  keyNotPayeeDocument: 'FAV006',
  participantId: 'FAV007',
  branch: 'FAV008',
  branchDigit: 'FAV009',
  account: 'FAV010',
  accountDigit: 'FAV011',
  accountWithDigit: 'FAV012',
  accountType: 'FAV013',
  accountDetails: 'FAV014',
  accountModel: 'FAV015',
  bankNumber: 'FAV016',
  accountDetailsMismatch: 'FAV017',
  bankMismatch: 'FAV018',
} as const;

const ref = (field: string, code: string): FieldRef => ({ field, code });

export function validatePayeeRegistration(input: PayeeRegistration, paths: PayeeRegistrationPaths, problems: Problems): Payee | null {
  const before = problems.count;
  const name = textField(problems, input.name, ref(paths.name, PayeeCode.name), { label: 'Nome', required: true, lengthMax: HOLDER_NAME_LENGTH_MAX });
  const holderDocument = documentField(problems, input.holderDocument, ref(paths.holderDocument, PayeeCode.holderDocument), 'Documento do favorecido');
  const registrationType = codeField(problems, input.registrationType, ref(paths.registrationType, PayeeCode.registrationType), { label: 'Tipo de cadastro Pix', required: true, allowed: REGISTRATION_TYPES });
  // Only the fields of the declared registration type are read; the others are ignored.
  const key = registrationType === 1 ? validateKey(input, paths, holderDocument, problems) : null;
  const bankAccount = registrationType === 2 ? validateBankData(input, paths, problems) : null;
  if (problems.count > before) return null;
  if (name === null || holderDocument === null) throw new Error('assertion: name/holder document null without a problem');
  if (key) return { registrationType: 1, name, holderDocument, ...key };
  if (bankAccount) return { registrationType: 2, name, holderDocument, bankAccount };
  throw new Error('assertion: a payee without key nor bank data and without a problem');
}

function validateKey(input: PayeeRegistration, paths: PayeeRegistrationPaths, holderDocument: DocumentId | null, problems: Problems): { keyType: PixKeyTypeCode; key: string } | null {
  const keyAt = ref(paths.key, PayeeCode.key);
  const keyType = codeField(problems, input.keyType, ref(paths.keyType, PayeeCode.keyType), { label: 'Tipo de chave', required: true, allowed: PIX_KEY_TYPE_NAMES }) as PixKeyTypeCode | null;
  const raw = input.key ?? '';
  if (raw.trim() === '') return missing(problems, 'Chave', keyAt);
  if (keyType === null) return null;
  const result = validatePixKey(keyType, raw);
  if (!result.ok) {
    problems.add(keyAt.code, result.message, keyAt.field);
    return null;
  }
  // A CPF or CNPJ key is registered to its holder (DICT), and the payee is that holder.
  const isDocumentKey = keyType === PixKeyType.cpf || keyType === PixKeyType.cnpj;
  if (isDocumentKey && holderDocument !== null && holderDocument.digits !== result.key) {
    problems.add(PayeeCode.keyNotPayeeDocument, `A chave CPF/CNPJ deve ser o documento do favorecido (${paths.holderDocument}).`, keyAt.field);
    return null;
  }
  return { keyType, key: result.key };
}

type AccountPart = 'branch' | 'branchDigit' | 'account' | 'accountDigit' | 'accountWithDigit';
type AccountParts = Pick<PayeeAccountFields, AccountPart>;

/** Agency and account of the payee, read the same way at the top level and inside the account details. */
function accountParts(problems: Problems, src: AccountParts, paths: Record<AccountPart, string>, required: boolean): AccountParts {
  return {
    branch: textField(problems, src.branch, ref(paths.branch, PayeeCode.branch), { label: 'Agência', required, ...BANK_FORMATS.agency }),
    branchDigit: textField(problems, src.branchDigit, ref(paths.branchDigit, PayeeCode.branchDigit), { label: 'Dígito da agência', required: false, upper: true, ...BANK_FORMATS.checkDigit }),
    account: textField(problems, src.account, ref(paths.account, PayeeCode.account), { label: 'Conta', required, ...BANK_FORMATS.account }),
    accountDigit: textField(problems, src.accountDigit, ref(paths.accountDigit, PayeeCode.accountDigit), { label: 'Dígito da conta', required, upper: true, ...BANK_FORMATS.checkDigit }),
    accountWithDigit: textField(problems, src.accountWithDigit, ref(paths.accountWithDigit, PayeeCode.accountWithDigit), { label: 'Conta com dígito', required: false, upper: true, ...BANK_FORMATS.accountWithDigit }),
  };
}

function validateBankData(input: PayeeRegistration, paths: PayeeRegistrationPaths, problems: Problems): PayeeBankAccount | null {
  const before = problems.count;
  const participantId = textField(problems, input.participantId, ref(paths.participantId, PayeeCode.participantId), { label: 'Número do participante SPI (ISPB)', required: true, ...BANK_FORMATS.ispb });
  const bankNumber = textField(problems, input.bankNumber, ref(paths.bankNumber, PayeeCode.bankNumber), { label: 'Número do banco', required: false, ...BANK_FORMATS.compe });
  const listed = bankNumber === null ? null : bankByNumber(bankNumber);
  if (participantId !== null && listed !== null && listed.ispb !== participantId) {
    problems.add(PayeeCode.bankMismatch, `O número do banco ${listed.number} não corresponde ao ISPB ${participantId} (esperado ${listed.ispb}).`, paths.bankNumber);
  }
  const top = accountParts(problems, input, paths, true);
  const accountType = codeField(problems, input.accountType, ref(paths.accountType, PayeeCode.accountType), { label: 'Tipo de conta', required: true, allowed: ACCOUNT_TYPES });
  const fullAccount = top.account !== null && top.accountDigit !== null ? top.account + top.accountDigit : null;
  if (top.accountWithDigit !== null && fullAccount !== null && top.accountWithDigit !== fullAccount) {
    problems.add(PayeeCode.accountWithDigit, `A conta com dígito (${top.accountWithDigit}) não corresponde a conta + dígito (${fullAccount}).`, paths.accountWithDigit);
  }
  const accountModel = validateAccountDetails(input.accountDetails, paths, { ...top, accountWithDigit: fullAccount, accountType }, problems);
  if (problems.count > before) return null;
  if (participantId === null || top.branch === null || top.account === null || top.accountDigit === null || fullAccount === null || accountType === null || accountModel === null) {
    throw new Error('assertion: a required bank field is null without a problem');
  }
  return { participantId, bankNumber, branch: top.branch, branchDigit: top.branchDigit, account: top.account, accountDigit: top.accountDigit, accountWithDigit: fullAccount, accountType, accountModel };
}

/**
 * The account details (`contaDto`) are required for a registration by bank data and carry the
 * account model. Their account fields repeat the top-level ones: each one sent must agree with
 * them (two different accounts in one request would leave it unclear where the money goes).
 * Returns the account model.
 */
function validateAccountDetails(details: PayeeAccountDetails | null, paths: PayeeRegistrationPaths, expected: AccountParts & { accountType: number | null }, problems: Problems): number | null {
  if (details === null) return missing(problems, paths.accountDetails, ref(paths.accountDetails, PayeeCode.accountDetails));
  const at = paths.details;
  const accountModel = codeField(problems, details.accountModel, ref(at.accountModel, PayeeCode.accountModel), { label: 'Modelo de conta', required: true, allowed: ACCOUNT_MODELS });
  const accountType = codeField(problems, details.accountType, ref(at.accountType, PayeeCode.accountType), { label: 'Tipo de conta', required: false, allowed: ACCOUNT_TYPES });
  const parts = { ...accountParts(problems, details, at, false), accountType };
  for (const name of Object.keys(parts) as (keyof typeof parts)[]) {
    const sent = parts[name];
    const wanted = expected[name];
    if (sent !== null && wanted !== null && sent !== wanted) {
      problems.add(PayeeCode.accountDetailsMismatch, `${at[name]} (${sent}) difere do valor informado fora de ${paths.accountDetails} (${wanted}).`, at[name]);
    }
  }
  return accountModel;
}

// The payee registration request (`{pix_url}/api/Favorecido`), already case-folded to the
// interface's field names. Pure: every problem is collected in `problems` with its JSON path and
// a FAV code (catalogue in docs/validation.md); the normalized payee comes back when there is none.
import { type DocumentId, documentField } from '../../platform/documents.js';
import type { Problems } from '../../platform/errors.js';
import { type FieldRef, codeField, fieldPath, missing, textField } from '../../platform/fields.js';
import { ACCOUNT_MODELS, ACCOUNT_TYPES, BANK_FORMATS, HOLDER_NAME_LENGTH_MAX, bankByNumero, PIX_KEY_TYPE_NAMES, PixKeyType, type PixKeyTypeCode, validatePixKey } from '../banking/index.js';

export interface ContaDtoInput {
  agencia?: string | null;
  agenciaDigito?: string | null;
  conta?: string | null;
  contaDigito?: string | null;
  contaPgto?: string | null;
  tipoConta?: number | null;
  modeloConta?: number | null;
}

export interface FavorecidoInput {
  contaDto?: ContaDtoInput | null;
  nome?: string | null;
  documentoFederal?: string | null;
  tipoChave?: number | null;
  chave?: string | null;
  numeroParticipanteSpi?: string | null;
  numeroBanco?: string | null;
  agencia?: string | null;
  agenciaDigito?: string | null;
  conta?: string | null;
  contaDigito?: string | null;
  contaPagamento?: string | null;
  tipoConta?: number | null;
  tipoCadastroPix?: number | null;
}

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

const ref = (prefix: string, name: string, code: string): FieldRef => ({ field: fieldPath(prefix, name), code });

export function validateFavorecido(input: FavorecidoInput, problems: Problems): Payee | null {
  const before = problems.count;
  const nome = textField(problems, input.nome, ref('', 'nome', PayeeCode.nome), { label: 'Nome', required: true, lengthMax: HOLDER_NAME_LENGTH_MAX });
  const documento = documentField(problems, input.documentoFederal, ref('', 'documentoFederal', PayeeCode.documentoFederal), 'Documento do favorecido');
  const tipo = codeField(problems, input.tipoCadastroPix, ref('', 'tipoCadastroPix', PayeeCode.tipoCadastroPix), { label: 'Tipo de cadastro Pix', required: true, allowed: REGISTRATION_TYPES });
  // Only the fields of the declared registration type are read; the others are ignored.
  const key = tipo === 1 ? validateKey(input, documento, problems) : null;
  const conta = tipo === 2 ? validateBankData(input, problems) : null;
  if (problems.count > before) return null;
  if (nome === null || documento === null) throw new Error('assertion: nome/documento null without a problem');
  if (key) return { tipoCadastroPix: 1, nome, documento, ...key };
  if (conta) return { tipoCadastroPix: 2, nome, documento, conta };
  throw new Error('assertion: a payee without key nor bank data and without a problem');
}

function validateKey(input: FavorecidoInput, documento: DocumentId | null, problems: Problems): { tipoChave: PixKeyTypeCode; chave: string } | null {
  const chaveAt = ref('', 'chave', PayeeCode.chave);
  const tipoChave = codeField(problems, input.tipoChave, ref('', 'tipoChave', PayeeCode.tipoChave), { label: 'Tipo de chave', required: true, allowed: PIX_KEY_TYPE_NAMES }) as PixKeyTypeCode | null;
  const raw = input.chave ?? '';
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
    problems.add(PayeeCode.keyNotPayeeDocument, 'A chave CPF/CNPJ deve ser o documento do favorecido (documentoFederal).', chaveAt.field);
    return null;
  }
  return { tipoChave, chave: result.key };
}

type AccountParts = Record<'agencia' | 'agenciaDigito' | 'conta' | 'contaDigito' | 'contaPagamento', string | null>;
type AccountPartsInput = Partial<Record<keyof AccountParts, string | null>>;

/** Agency and account of the payee, read the same way at the top level and inside `contaDto`. */
function accountParts(problems: Problems, src: AccountPartsInput, prefix: string, required: boolean, contaPagamentoName: string): AccountParts {
  return {
    agencia: textField(problems, src.agencia, ref(prefix, 'agencia', PayeeCode.agencia), { label: 'Agência', required, ...BANK_FORMATS.agency }),
    agenciaDigito: textField(problems, src.agenciaDigito, ref(prefix, 'agenciaDigito', PayeeCode.agenciaDigito), { label: 'Dígito da agência', required: false, upper: true, ...BANK_FORMATS.checkDigit }),
    conta: textField(problems, src.conta, ref(prefix, 'conta', PayeeCode.conta), { label: 'Conta', required, ...BANK_FORMATS.account }),
    contaDigito: textField(problems, src.contaDigito, ref(prefix, 'contaDigito', PayeeCode.contaDigito), { label: 'Dígito da conta', required, upper: true, ...BANK_FORMATS.checkDigit }),
    contaPagamento: textField(problems, src.contaPagamento, ref(prefix, contaPagamentoName, PayeeCode.contaPagamento), { label: 'Conta com dígito', required: false, upper: true, ...BANK_FORMATS.accountWithDigit }),
  };
}

function validateBankData(input: FavorecidoInput, problems: Problems): PayeeBankAccount | null {
  const before = problems.count;
  const ispb = textField(problems, input.numeroParticipanteSpi, ref('', 'numeroParticipanteSpi', PayeeCode.numeroParticipanteSpi), { label: 'Número do participante SPI (ISPB)', required: true, ...BANK_FORMATS.ispb });
  const numeroBanco = textField(problems, input.numeroBanco, ref('', 'numeroBanco', PayeeCode.numeroBanco), { label: 'Número do banco', required: false, ...BANK_FORMATS.compe });
  const listed = numeroBanco === null ? null : bankByNumero(numeroBanco);
  if (ispb !== null && listed !== null && listed.ispb !== ispb) {
    problems.add(PayeeCode.bankMismatch, `O número do banco ${listed.numero} não corresponde ao ISPB ${ispb} (esperado ${listed.ispb}).`, 'numeroBanco');
  }
  const top = accountParts(problems, input, '', true, 'contaPagamento');
  const tipoConta = codeField(problems, input.tipoConta, ref('', 'tipoConta', PayeeCode.tipoConta), { label: 'Tipo de conta', required: true, allowed: ACCOUNT_TYPES });
  const fullAccount = top.conta !== null && top.contaDigito !== null ? top.conta + top.contaDigito : null;
  if (top.contaPagamento !== null && fullAccount !== null && top.contaPagamento !== fullAccount) {
    problems.add(PayeeCode.contaPagamento, `A conta com dígito (${top.contaPagamento}) não corresponde a conta + dígito (${fullAccount}).`, 'contaPagamento');
  }
  const modeloConta = validateContaDto(input.contaDto, { ...top, contaPagamento: fullAccount, tipoConta }, problems);
  if (problems.count > before) return null;
  if (ispb === null || top.agencia === null || top.conta === null || top.contaDigito === null || fullAccount === null || tipoConta === null || modeloConta === null) {
    throw new Error('assertion: a required bank field is null without a problem');
  }
  return {
    numeroParticipanteSpi: ispb,
    numeroBanco,
    agencia: top.agencia,
    agenciaDigito: top.agenciaDigito,
    conta: top.conta,
    contaDigito: top.contaDigito,
    contaPagamento: fullAccount,
    tipoConta,
    modeloConta,
  };
}

/**
 * `contaDto` is required for a registration by bank data and carries `modeloConta`. Its account
 * fields repeat the top-level ones: each one sent must agree with them (two different accounts in
 * one request would leave it unclear where the money goes). Returns `modeloConta`.
 */
function validateContaDto(dto: ContaDtoInput | null | undefined, expected: AccountParts & { tipoConta: number | null }, problems: Problems): number | null {
  if (dto === null || dto === undefined) return missing(problems, 'contaDto', ref('', 'contaDto', PayeeCode.contaDto));
  const prefix = 'contaDto';
  const modeloConta = codeField(problems, dto.modeloConta, ref(prefix, 'modeloConta', PayeeCode.modeloConta), { label: 'Modelo de conta', required: true, allowed: ACCOUNT_MODELS });
  const tipoConta = codeField(problems, dto.tipoConta, ref(prefix, 'tipoConta', PayeeCode.tipoConta), { label: 'Tipo de conta', required: false, allowed: ACCOUNT_TYPES });
  const parts = { ...accountParts(problems, { ...dto, contaPagamento: dto.contaPgto }, prefix, false, 'contaPgto'), tipoConta };
  for (const name of Object.keys(parts) as (keyof typeof parts)[]) {
    const sent = parts[name];
    const wanted = expected[name];
    if (sent !== null && wanted !== null && sent !== wanted) {
      const wire = name === 'contaPagamento' ? 'contaPgto' : name;
      problems.add(PayeeCode.contaDtoMismatch, `contaDto.${wire} (${sent}) difere do valor informado fora de contaDto (${wanted}).`, `${prefix}.${wire}`);
    }
  }
  return modeloConta;
}

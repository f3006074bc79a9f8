// api/Favorecido's body ↔ the English PayeeRegistration and the wire path of each of its fields
// (payee-validation.ts), from one table of names each for the body and its `contaDto`. The body
// sits at the top level of the request: the paths are fixed.
import { fromWire, wirePaths } from '../../platform/wire-names.js';
import type { PayeeAccountDetails, PayeeRegistration, PayeeRegistrationPaths } from './payee-validation.js';

/** `contaDto` as the interface writes it. */
export interface ContaDtoInput {
  agencia?: string | null;
  agenciaDigito?: string | null;
  conta?: string | null;
  contaDigito?: string | null;
  contaPgto?: string | null;
  tipoConta?: number | null;
  modeloConta?: number | null;
}

/** The registration as the interface writes it (already case-folded). */
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

/** English field → the body's field (platform/wire-names.ts reads the table both ways). */
const REGISTRATION_NAMES = {
  registrationType: 'tipoCadastroPix',
  name: 'nome',
  holderDocument: 'documentoFederal',
  keyType: 'tipoChave',
  key: 'chave',
  participantId: 'numeroParticipanteSpi',
  bankNumber: 'numeroBanco',
  branch: 'agencia',
  branchDigit: 'agenciaDigito',
  account: 'conta',
  accountDigit: 'contaDigito',
  accountWithDigit: 'contaPagamento',
  accountType: 'tipoConta',
} as const satisfies Readonly<Record<Exclude<keyof PayeeRegistration, 'accountDetails'>, string>>;

/** English field → the field of `contaDto`. */
const DETAILS_NAMES = {
  branch: 'agencia',
  branchDigit: 'agenciaDigito',
  account: 'conta',
  accountDigit: 'contaDigito',
  accountWithDigit: 'contaPgto',
  accountType: 'tipoConta',
  accountModel: 'modeloConta',
} as const satisfies Readonly<Record<keyof PayeeAccountDetails, string>>;

export function payeeRegistrationOf(body: FavorecidoInput): PayeeRegistration {
  return { ...fromWire(REGISTRATION_NAMES, body), accountDetails: body.contaDto ? fromWire(DETAILS_NAMES, body.contaDto) : null };
}

const DETAILS = 'contaDto';

export const PAYEE_REGISTRATION_PATHS: PayeeRegistrationPaths = {
  ...wirePaths(REGISTRATION_NAMES, ''),
  accountDetails: DETAILS,
  details: wirePaths(DETAILS_NAMES, DETAILS),
};

// api/Favorecido's body ↔ the English PayeeRegistration and the wire path of each of its fields
// (payee-validation.ts). The body sits at the top level of the request: the paths are fixed.
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

function accountDetailsOf(dto: ContaDtoInput): PayeeAccountDetails {
  return {
    branch: dto.agencia ?? null,
    branchDigit: dto.agenciaDigito ?? null,
    account: dto.conta ?? null,
    accountDigit: dto.contaDigito ?? null,
    accountWithDigit: dto.contaPgto ?? null,
    accountType: dto.tipoConta ?? null,
    accountModel: dto.modeloConta ?? null,
  };
}

export function payeeRegistrationOf(body: FavorecidoInput): PayeeRegistration {
  return {
    registrationType: body.tipoCadastroPix ?? null,
    name: body.nome ?? null,
    holderDocument: body.documentoFederal ?? null,
    keyType: body.tipoChave ?? null,
    key: body.chave ?? null,
    participantId: body.numeroParticipanteSpi ?? null,
    bankNumber: body.numeroBanco ?? null,
    branch: body.agencia ?? null,
    branchDigit: body.agenciaDigito ?? null,
    account: body.conta ?? null,
    accountDigit: body.contaDigito ?? null,
    accountWithDigit: body.contaPagamento ?? null,
    accountType: body.tipoConta ?? null,
    accountDetails: body.contaDto ? accountDetailsOf(body.contaDto) : null,
  };
}

const DETAILS = 'contaDto';

export const PAYEE_REGISTRATION_PATHS: PayeeRegistrationPaths = {
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
  accountDetails: DETAILS,
  details: {
    branch: `${DETAILS}.agencia`,
    branchDigit: `${DETAILS}.agenciaDigito`,
    account: `${DETAILS}.conta`,
    accountDigit: `${DETAILS}.contaDigito`,
    accountWithDigit: `${DETAILS}.contaPgto`,
    accountType: `${DETAILS}.tipoConta`,
    accountModel: `${DETAILS}.modeloConta`,
  },
};

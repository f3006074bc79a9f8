// A stored payee as the partner sees it (Favorecido/Consultar `favorecido`, and the CLI's --json).
import { type PayeeStatus, PAYEE_STATUS_DESCRIPTIONS } from './payee-status.js';
import type { StoredPayee } from './stored-payee.js';

export interface PayeeWire {
  codigoFavorecido: string;
  situacao: PayeeStatus;
  descricaoSituacao: string;
  motivoRejeicao: string | null;
  nome: string;
  documentoFederal: string;
  tipoCadastroPix: number;
  tipoChave: number | null;
  chave: string | null;
  numeroParticipanteSpi: string | null;
  numeroBanco: string | null;
  agencia: string | null;
  agenciaDigito: string | null;
  conta: string | null;
  contaDigito: string | null;
  contaPagamento: string | null;
  tipoConta: number | null;
  modeloConta: number | null;
  dtInclusao: string;
  dtSituacao: string | null;
}

export function payeeWire(p: StoredPayee): PayeeWire {
  return {
    codigoFavorecido: p.payeeId,
    situacao: p.status,
    descricaoSituacao: PAYEE_STATUS_DESCRIPTIONS[p.status],
    motivoRejeicao: p.rejectionReason,
    nome: p.name,
    documentoFederal: p.holderDocument,
    tipoCadastroPix: p.registrationType,
    tipoChave: p.keyType,
    chave: p.key,
    numeroParticipanteSpi: p.participantId,
    numeroBanco: p.bankNumber,
    agencia: p.branch,
    agenciaDigito: p.branchDigit,
    conta: p.account,
    contaDigito: p.accountDigit,
    contaPagamento: p.accountWithDigit,
    tipoConta: p.accountType,
    modeloConta: p.accountModel,
    dtInclusao: p.registeredAt,
    dtSituacao: p.statusAt,
  };
}

// A stored payee as the partner sees it (Favorecido/Consultar `favorecido`, and the CLI's --json).
import type { PayeeRow } from './payee-repository.js';
import { isPayeeStatus, type PayeeStatus, PAYEE_STATUS_DESCRIPTIONS } from './payee-status.js';

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

export function situacaoOf(row: PayeeRow): PayeeStatus {
  if (!isPayeeStatus(row.situacao)) throw new Error(`assertion: payee ${row.id} has situacao ${row.situacao}`);
  return row.situacao;
}

/** The three fields both operations answer with. */
export function statusFields(row: PayeeRow): { codigoFavorecido: string; situacao: PayeeStatus; descricaoSituacao: string } {
  const situacao = situacaoOf(row);
  return { codigoFavorecido: row.id, situacao, descricaoSituacao: PAYEE_STATUS_DESCRIPTIONS[situacao] };
}

export function payeeWire(row: PayeeRow): PayeeWire {
  return {
    ...statusFields(row),
    motivoRejeicao: row.motivo_rejeicao,
    nome: row.nome,
    documentoFederal: row.documento,
    tipoCadastroPix: row.tipo_cadastro_pix,
    tipoChave: row.tipo_chave,
    chave: row.chave,
    numeroParticipanteSpi: row.numero_participante_spi,
    numeroBanco: row.numero_banco,
    agencia: row.agencia,
    agenciaDigito: row.agencia_digito,
    conta: row.conta,
    contaDigito: row.conta_digito,
    contaPagamento: row.conta_pagamento,
    tipoConta: row.tipo_conta,
    modeloConta: row.modelo_conta,
    dtInclusao: row.created_at.toISOString(),
    dtSituacao: row.situacao_at === null ? null : row.situacao_at.toISOString(),
  };
}

// A stored payee in domain terms: what the review commands (review-commands.ts) answer and what
// each face maps to its view (payee-view.ts for the wire and the CLI's --json). JSON-shaped (the
// runner stores a result for replay): instants are ISO strings.
import type { PayeeReachFields } from './payee-fields.js';
import type { PayeeRow } from './payee-repository.js';
import { isPayeeStatus, type PayeeStatus } from './payee-status.js';

export interface StoredPayee extends PayeeReachFields {
  payeeId: string;
  status: PayeeStatus;
  rejectionReason: string | null;
  name: string;
  holderDocument: string;
  /** 1 by key, 2 by bank data. */
  registrationType: number;
  accountModel: number | null;
  registeredAt: string;
  statusAt: string | null;
}

/** The row's status (column `situacao`), checked. */
export function statusOf(row: PayeeRow): PayeeStatus {
  if (!isPayeeStatus(row.situacao)) throw new Error(`assertion: payee ${row.id} has status ${row.situacao}`);
  return row.situacao;
}

export function storedPayeeOf(row: PayeeRow): StoredPayee {
  return {
    payeeId: row.id,
    status: statusOf(row),
    rejectionReason: row.motivo_rejeicao,
    name: row.nome,
    holderDocument: row.documento,
    registrationType: row.tipo_cadastro_pix,
    keyType: row.tipo_chave,
    key: row.chave,
    participantId: row.numero_participante_spi,
    bankNumber: row.numero_banco,
    branch: row.agencia,
    branchDigit: row.agencia_digito,
    account: row.conta,
    accountDigit: row.conta_digito,
    accountWithDigit: row.conta_pagamento,
    accountType: row.tipo_conta,
    accountModel: row.modelo_conta,
    registeredAt: row.created_at.toISOString(),
    statusAt: row.situacao_at === null ? null : row.situacao_at.toISOString(),
  };
}

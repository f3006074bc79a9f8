// A guarantee asset's document records (for the operator CLI: `caas guarantee documents`).
import type { Executor } from '../../platform/db/pool.js';
import { validationError } from '../../platform/errors.js';
import { GuaranteeCode } from './guarantee-document-validation.js';
import { isRecordUuid } from '../../platform/uuid.js';
import { listDocuments } from './guarantee-repository.js';

export interface DocumentView {
  codigo: string;
  numero: number;
  tipoDocumento: number;
  nomeArquivo: string;
  extensao: string;
  dtValidade: string | null;
  conferido: boolean;
  dtConferido: string | null;
  codigoUsuarioConferido: number | null;
}


/** In `numero` order; an unknown asset has none. Error codes: GAR001 (not a uuid). */
export async function assetDocuments(db: Executor, partnerId: string, codigoPropostaGarantiaBem: string): Promise<DocumentView[]> {
  const assetId = codigoPropostaGarantiaBem.trim().toLowerCase();
  if (!isRecordUuid(assetId)) throw validationError(GuaranteeCode.asset, 'Código do bem em garantia inválido: informe um uuid.', 'codigoPropostaGarantiaBem');
  const rows = await listDocuments(db, { partnerId, assetId });
  return rows.map((r) => ({
    codigo: r.id,
    numero: r.numero,
    tipoDocumento: r.tipo_documento,
    nomeArquivo: r.nome_arquivo,
    extensao: r.extensao,
    dtValidade: r.dt_validade,
    conferido: r.conferido,
    dtConferido: r.dt_conferido?.toISOString() ?? null,
    codigoUsuarioConferido: r.codigo_usuario_conferido,
  }));
}

// A guarantee asset's document records (for the operator CLI: `caas guarantee documents`).
import type { Executor } from '../../platform/db/pool.js';
import { validationError } from '../../platform/errors.js';
import { GuaranteeCode } from './guarantee-document-validation.js';
import { isRecordUuid } from '../../platform/uuid.js';
import { listDocuments } from './guarantee-repository.js';
import { type DocumentView, documentView } from './guarantee-document-wire.js';

export type { DocumentView };

/** In number (`numero`) order; an unknown asset has none. Error codes: GAR001 (not a uuid). */
export async function assetDocuments(db: Executor, partnerId: string, assetCode: string): Promise<DocumentView[]> {
  const assetId = assetCode.trim().toLowerCase();
  if (!isRecordUuid(assetId)) throw validationError(GuaranteeCode.assetId, 'Código do bem em garantia inválido: informe um uuid.', 'codigoPropostaGarantiaBem');
  return (await listDocuments(db, { partnerId, assetId })).map(documentView);
}

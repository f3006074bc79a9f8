// Proposta/SalvarPropostaGarantiaBemDocumento: saves one document record of a guarantee asset.
import { randomUUID } from 'node:crypto';
import type { Static } from 'typebox';
import { brazilDateAt } from '../../platform/dates.js';
import { Problems, businessError } from '../../platform/errors.js';
import type { OperationContext } from '../../platform/http/operations.js';
import type { spec } from '../proposals/save-guarantee-document.schema.js';
import { GuaranteeCode, validateGuaranteeDocument } from './guarantee-document-validation.js';
import { documentTally, findDocument, insertDocument, lockAsset, updateDocument, type AssetRef } from './guarantee-repository.js';
import { DOCUMENTS_PER_ASSET_MAX } from './limits.js';

export type SaveGuaranteeDocumentInput = Static<typeof spec.body>;


export interface DocumentResult {
  msg: string;
  hasError: false;
  messages: [];
  codigo: string;
  numero: number;
}

/**
 * Without `codigo` a new record is added to the asset with the next `numero` (1, 2, …); with
 * `codigo` that record of the asset is replaced and keeps its `numero`. The asset named by
 * `codigoPropostaGarantiaBem` is created on its first document. The single `dto` gives one item
 * in `results`; a refused document is a 400 and changes nothing.
 *
 * Error codes: GAR001 (codigoPropostaGarantiaBem), GAR002 (tipoDocumento), GAR003 (nomeArquivo),
 * GAR004 (extensao), GAR005 (dtValidade), GAR006 (dtConferido), GAR007 (codigoUsuarioConferido),
 * GAR008 (codigo not a record of this asset), GAR009 (asset already has DOCUMENTS_PER_ASSET_MAX).
 */
export async function saveGuaranteeDocument(input: SaveGuaranteeDocumentInput, ctx: OperationContext): Promise<{ results: DocumentResult[] }> {
  const now = ctx.clock.now();
  const problems = new Problems();
  const document = validateGuaranteeDocument(input.dto, brazilDateAt(now), problems);
  problems.throwIfAny();
  if (document === null) throw new Error('assertion: a null document without a problem');
  const asset: AssetRef = { partnerId: ctx.auth.partnerId, assetId: document.assetId };
  await lockAsset(ctx.tx, asset, now);
  if (document.codigo !== null) {
    const existing = await findDocument(ctx.tx, asset, document.codigo);
    if (existing === undefined) {
      throw businessError(GuaranteeCode.unknownCodigo, `Documento ${document.codigo} não encontrado para o bem em garantia ${document.assetId}.`, 'dto.codigo');
    }
    await updateDocument(ctx.tx, asset, existing.id, document, now);
    return { results: [{ msg: 'Documento atualizado', hasError: false, messages: [], codigo: existing.id, numero: existing.numero }] };
  }
  const tally = await documentTally(ctx.tx, asset);
  if (tally.count >= DOCUMENTS_PER_ASSET_MAX) {
    throw businessError(GuaranteeCode.tooMany, `O bem em garantia já tem ${DOCUMENTS_PER_ASSET_MAX} documentos, o máximo permitido.`, 'dto.codigoPropostaGarantiaBem');
  }
  const id = randomUUID();
  const numero = tally.numeroMax + 1;
  await insertDocument(ctx.tx, asset, id, numero, document, now);
  return { results: [{ msg: 'Documento incluído', hasError: false, messages: [], codigo: id, numero }] };
}

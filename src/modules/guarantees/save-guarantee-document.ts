// Proposta/SalvarPropostaGarantiaBemDocumento in domain terms (issue 13): the command
// `guarantee.document.save` saves one document record of a guarantee asset. Run by the command
// runner; save-guarantee-document.route.ts maps the wire body in and the result out.
import { randomUUID } from 'node:crypto';
import type { CommandContext, CommandDefinition } from '../../platform/commands.js';
import { brazilDateAt } from '../../platform/dates.js';
import { Problems, businessError } from '../../platform/errors.js';
import { GuaranteeCode, validateGuaranteeDocument, type GuaranteeDocumentInput, type GuaranteeDocumentPaths } from './guarantee-document-validation.js';
import { documentTally, findDocument, insertDocument, lockAsset, updateDocument, type AssetRef } from './guarantee-repository.js';
import { DOCUMENTS_PER_ASSET_MAX } from './limits.js';

export interface SaveGuaranteeDocumentInput {
  /** The document as sent (checked by the command: guarantee-document-validation.ts). */
  document: GuaranteeDocumentInput;
  /** Where each field sits in the request: a refusal names it. */
  paths: GuaranteeDocumentPaths;
}


export interface SavedDocument {
  outcome: 'inserted' | 'updated';
  /** The record's id. */
  id: string;
  /** Its number within the asset (1, 2, …). */
  number: number;
}

/**
 * Without `codigo` a new record is added to the asset with the next `numero` (1, 2, …); with
 * `codigo` that record of the asset is replaced and keeps its `numero`. The asset named by
 * `codigoPropostaGarantiaBem` is created on its first document (and its row locked: the
 * asset's lock). A refused document changes nothing.
 *
 * Error codes: GAR001 (codigoPropostaGarantiaBem), GAR002 (tipoDocumento), GAR003 (nomeArquivo),
 * GAR004 (extensao), GAR005 (dtValidade), GAR006 (dtConferido), GAR007 (codigoUsuarioConferido),
 * GAR008 (codigo not a record of this asset), GAR009 (asset already has DOCUMENTS_PER_ASSET_MAX).
 */
async function save(input: SaveGuaranteeDocumentInput, ctx: CommandContext): Promise<SavedDocument> {
  const now = ctx.now;
  const problems = new Problems();
  const document = validateGuaranteeDocument(input.document, input.paths, brazilDateAt(now), problems);
  problems.throwIfAny();
  if (document === null) throw new Error('assertion: a null document without a problem');
  const asset: AssetRef = { partnerId: ctx.actor.id, assetId: document.assetId };
  await lockAsset(ctx.tx, asset, now);
  if (document.id !== null) {
    const existing = await findDocument(ctx.tx, asset, document.id);
    if (existing === undefined) {
      throw businessError(GuaranteeCode.unknownId, `Documento ${document.id} não encontrado para o bem em garantia ${document.assetId}.`, input.paths.id);
    }
    await updateDocument(ctx.tx, asset, existing.id, document, now);
    return { outcome: 'updated', id: existing.id, number: existing.number };
  }
  const tally = await documentTally(ctx.tx, asset);
  if (tally.count >= DOCUMENTS_PER_ASSET_MAX) {
    throw businessError(GuaranteeCode.tooMany, `O bem em garantia já tem ${DOCUMENTS_PER_ASSET_MAX} documentos, o máximo permitido.`, input.paths.assetId);
  }
  const id = randomUUID();
  const number = tally.numberMax + 1;
  await insertDocument(ctx.tx, asset, id, number, document, now);
  return { outcome: 'inserted', id, number };
}

export const saveGuaranteeDocument: CommandDefinition<SaveGuaranteeDocumentInput, SavedDocument> = {
  name: 'guarantee.document.save',
  summarize: (saved) => `guarantee document ${saved.id} ${saved.outcome} (number ${saved.number})`,
  handler: save,
};

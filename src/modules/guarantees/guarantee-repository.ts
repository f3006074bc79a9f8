// Data access for guarantee assets and their documents. Every query takes the partner id: an asset
// is keyed by (partner, codigoPropostaGarantiaBem), so another partner's asset with the same uuid
// is a different asset and its documents are invisible here. Takes and gives the English
// GuaranteeDocument; the column names are the database's.
import type { Executor } from '../../platform/db/pool.js';
import type { LocalDate } from '../../platform/dates.js';
import { fromNames, toNames } from '../../platform/wire-names.js';
import type { GuaranteeDocument } from './guarantee-document-validation.js';
import type { GuaranteeDocumentsTable } from './tables.js';

export interface AssetRef {
  partnerId: string;
  assetId: string;
}

/** A saved document record: its id and its number within the asset (1, 2, …). */
export interface StoredGuaranteeDocument extends GuaranteeDocument {
  id: string;
  number: number;
}

/** Each field of a document record → its column (the asset apart: it is the key). */
const DOCUMENT_COLUMNS = {
  documentType: 'tipo_documento',
  fileName: 'nome_arquivo',
  extension: 'extensao',
  validUntil: 'dt_validade',
  checked: 'conferido',
  checkedAt: 'dt_conferido',
  checkedBy: 'codigo_usuario_conferido',
} as const satisfies Readonly<Record<Exclude<keyof GuaranteeDocument, 'id' | 'assetId'>, keyof GuaranteeDocumentsTable>>;

function documentOf(row: GuaranteeDocumentsTable): StoredGuaranteeDocument {
  return { id: row.id, number: row.numero, assetId: row.asset_id, ...fromNames(DOCUMENT_COLUMNS, row), validUntil: row.dt_validade as LocalDate | null };
}

/**
 * Creates the asset on its first document and locks its row until the transaction ends, so two
 * requests for one asset never compute the same `numero` nor race on one record.
 */
export async function lockAsset(tx: Executor, asset: AssetRef, now: Date): Promise<void> {
  await tx.insertInto('guarantee_assets').values({ partner_id: asset.partnerId, id: asset.assetId, created_at: now }).onConflict((oc) => oc.doNothing()).execute();
  await tx.selectFrom('guarantee_assets').select('id').where('partner_id', '=', asset.partnerId).where('id', '=', asset.assetId).forUpdate().executeTakeFirstOrThrow();
}

function forAsset(db: Executor, asset: AssetRef) {
  return db.selectFrom('guarantee_documents').where('partner_id', '=', asset.partnerId).where('asset_id', '=', asset.assetId);
}

/** The asset's record `id` (its id and number), if it exists. */
export function findDocument(db: Executor, asset: AssetRef, id: string): Promise<{ id: string; number: number } | undefined> {
  return forAsset(db, asset).select(['id', 'numero as number']).where('id', '=', id).executeTakeFirst();
}

export async function listDocuments(db: Executor, asset: AssetRef): Promise<StoredGuaranteeDocument[]> {
  return (await forAsset(db, asset).selectAll().orderBy('numero').execute()).map(documentOf);
}

/** How many documents the asset has, and the highest number given so far (0 when none). */
export async function documentTally(db: Executor, asset: AssetRef): Promise<{ count: number; numberMax: number }> {
  const row = await forAsset(db, asset)
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.coalesce(eb.fn.max('numero'), eb.lit(0)).as('numero_max')])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), numberMax: Number(row.numero_max) };
}

const columnsOf = (document: GuaranteeDocument) => toNames(DOCUMENT_COLUMNS, document);

export async function insertDocument(db: Executor, asset: AssetRef, id: string, number: number, document: GuaranteeDocument, now: Date): Promise<void> {
  await db
    .insertInto('guarantee_documents')
    .values({ id, partner_id: asset.partnerId, asset_id: asset.assetId, numero: number, ...columnsOf(document), created_at: now, updated_at: now })
    .execute();
}

/** Replaces every field of the record but its number (the request carries the whole record). */
export async function updateDocument(db: Executor, asset: AssetRef, id: string, document: GuaranteeDocument, now: Date): Promise<void> {
  const result = await db
    .updateTable('guarantee_documents')
    .set({ ...columnsOf(document), updated_at: now })
    .where('partner_id', '=', asset.partnerId)
    .where('asset_id', '=', asset.assetId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (result.numUpdatedRows !== 1n) throw new Error(`assertion: document ${id} vanished under the asset lock`);
}

// The interface's guarantee document (`dto` of Proposta/SalvarPropostaGarantiaBemDocumento) ↔ the
// English GuaranteeDocumentInput, the wire path of each field (so every refusal names the field as
// the client sent it) and the wire view of a stored record: one table of names (docs/glossary.md),
// read by platform/wire-names.ts.
import { fromWire, toNames, wirePaths } from '../../platform/wire-names.js';
import type { GuaranteeDocumentInput, GuaranteeDocumentPaths } from './guarantee-document-validation.js';
import type { StoredGuaranteeDocument } from './guarantee-repository.js';

/** English field → the interface's field. */
export const GUARANTEE_DOCUMENT_WIRE_NAMES = {
  id: 'codigo',
  assetId: 'codigoPropostaGarantiaBem',
  documentType: 'tipoDocumento',
  fileName: 'nomeArquivo',
  extension: 'extensao',
  validUntil: 'dtValidade',
  checked: 'conferido',
  checkedAt: 'dtConferido',
  checkedBy: 'codigoUsuarioConferido',
} as const satisfies Readonly<Record<keyof GuaranteeDocumentInput, string>>;

/** The document as the interface writes it (save-guarantee-document.schema.ts). */
export interface GuaranteeDocumentWire {
  codigo?: string | null;
  codigoPropostaGarantiaBem?: string | null;
  tipoDocumento?: number | null;
  nomeArquivo?: string | null;
  extensao?: string | null;
  dtValidade?: string | null;
  conferido?: boolean | null;
  dtConferido?: string | null;
  codigoUsuarioConferido?: number | null;
}

export function guaranteeDocumentInput(wire: GuaranteeDocumentWire): GuaranteeDocumentInput {
  return fromWire(GUARANTEE_DOCUMENT_WIRE_NAMES, wire);
}

/** The paths of the document's fields under `prefix` (the request's `dto`). */
export function guaranteeDocumentPaths(prefix: string): GuaranteeDocumentPaths {
  return wirePaths(GUARANTEE_DOCUMENT_WIRE_NAMES, prefix);
}

/** The stored record's fields as the interface names them, in the view's order (no asset: it is the query's key). */
const { id, assetId: _asset, ...RECORD_NAMES } = GUARANTEE_DOCUMENT_WIRE_NAMES;
const VIEW_NAMES = { id, number: 'numero', ...RECORD_NAMES } as const;

/** A stored document as the interface names its fields (the operator CLI's `caas guarantee documents`). */
export type DocumentView = ReturnType<typeof documentView>;

export function documentView(document: StoredGuaranteeDocument) {
  return toNames(VIEW_NAMES, { ...document, checkedAt: document.checkedAt?.toISOString() ?? null });
}

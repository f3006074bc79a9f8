// The interface's guarantee document (`dto` of Proposta/SalvarPropostaGarantiaBemDocumento) ↔ the
// English GuaranteeDocumentInput, and the wire path of each field, so every refusal names the field
// as the client sent it.
import type { GuaranteeDocumentInput, GuaranteeDocumentPaths } from './guarantee-document-validation.js';

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
  return {
    id: wire.codigo ?? null,
    assetId: wire.codigoPropostaGarantiaBem ?? null,
    documentType: wire.tipoDocumento ?? null,
    fileName: wire.nomeArquivo ?? null,
    extension: wire.extensao ?? null,
    validUntil: wire.dtValidade ?? null,
    checked: wire.conferido ?? null,
    checkedAt: wire.dtConferido ?? null,
    checkedBy: wire.codigoUsuarioConferido ?? null,
  };
}

/** The paths of the document's fields under `prefix` (the request's `dto`). */
export function guaranteeDocumentPaths(prefix: string): GuaranteeDocumentPaths {
  return {
    id: `${prefix}.codigo`,
    assetId: `${prefix}.codigoPropostaGarantiaBem`,
    documentType: `${prefix}.tipoDocumento`,
    fileName: `${prefix}.nomeArquivo`,
    extension: `${prefix}.extensao`,
    validUntil: `${prefix}.dtValidade`,
    checked: `${prefix}.conferido`,
    checkedAt: `${prefix}.dtConferido`,
    checkedBy: `${prefix}.codigoUsuarioConferido`,
  };
}

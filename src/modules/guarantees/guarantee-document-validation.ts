// One guarantee-asset document record of Proposta/SalvarPropostaGarantiaBemDocumento, validated
// and normalized (pure). The input is in domain terms; the face gives the wire path of every field
// (`GuaranteeDocumentPaths`, guarantee-document-wire.ts), so a problem names the field as the
// client sent it (e.g. "dto.nomeArquivo"). "Today" is an argument: the São Paulo date of the request.
import { type LocalDate, calendarDateOf, compareDates } from '../../platform/dates.js';
import type { Problems } from '../../platform/errors.js';
import { type FieldRef, codeField, invalid, missing, textField, textOf } from '../../platform/fields.js';
import { RECORD_UUID_RE } from '../../platform/uuid.js';
import { FILE_NAME_LENGTH_MAX, EXTENSION_LENGTH_MAX } from './limits.js';

/** One document record as sent (every field checked by validateGuaranteeDocument). */
export interface GuaranteeDocumentInput {
  /** The uuid of the record to update; absent = a new record. */
  id?: string | null;
  /** The uuid of the guarantee asset the document belongs to. */
  assetId?: string | null;
  /** DOCUMENT_TYPES code. */
  documentType?: number | null;
  fileName?: string | null;
  /** One of DOCUMENT_EXTENSIONS (a leading dot and any case accepted); absent = the file name's suffix. */
  extension?: string | null;
  /** Expiry date (yyyy-MM-dd or ISO 8601). */
  validUntil?: string | null;
  /** Whether the document was checked. */
  checked?: boolean | null;
  /** When it was checked (required when checked; not after today). */
  checkedAt?: string | null;
  /** Who checked it (a non-negative integer code). */
  checkedBy?: number | null;
}

/** Where each field of the input sits in the face's request: the field a problem names. */
export type GuaranteeDocumentPaths = Readonly<Record<keyof GuaranteeDocumentInput, string>>;

/** A valid document record, normalized (docs/glossary.md pairs each field with its wire name). */
export interface GuaranteeDocument {
  /** Lower-case uuid of the record to update, or null for a new record. */
  id: string | null;
  /** Lower-case uuid of the guarantee asset (wire `codigoPropostaGarantiaBem`). */
  assetId: string;
  documentType: number;
  fileName: string;
  /** Lower-case, without the dot; one of DOCUMENT_EXTENSIONS. */
  extension: string;
  validUntil: LocalDate | null;
  checked: boolean;
  /** The instant written (a date alone is 00:00 UTC of that date); null unless checked. */
  checkedAt: Date | null;
  checkedBy: number | null;
}

/** `documentType` codes (wire `tipoDocumento`; the interface references an auxiliary table it does not show: ours). */
export const DOCUMENT_TYPES: Readonly<Record<number, string>> = {
  1: 'Matrícula do imóvel',
  2: 'Escritura ou contrato de compra e venda',
  3: 'Certificado de registro do veículo (CRV/CRLV)',
  4: 'Nota fiscal do bem',
  5: 'Laudo de avaliação',
  6: 'Apólice de seguro do bem',
  7: 'Certidão de ônus reais',
  8: 'Fotografia do bem',
  9: 'Instrumento de garantia (alienação fiduciária)',
  99: 'Outro',
};

/** File kinds a guarantee document may be: scans, photos, and XML for an electronic invoice (NF-e). */
export const DOCUMENT_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png', 'tif', 'tiff', 'xml'] as const;


/** Catalogue of the guarantee document codes (docs/validation.md), by the field each is about. */
export const GuaranteeCode = {
  assetId: 'GAR001',
  documentType: 'GAR002',
  fileName: 'GAR003',
  extension: 'GAR004',
  validUntil: 'GAR005',
  checkedAt: 'GAR006',
  checkedBy: 'GAR007',
  unknownId: 'GAR008',
  tooMany: 'GAR009',
} as const;

// A bare file name: no folder separators (it is a label, never a path), no control characters,
// not "." or "..".
const FILE_NAME_RE = /^(?!\.+$)[^/\\\u0000-\u001f\u007f]+$/;
const SUFFIX_RE = /\.([A-Za-z0-9]+)$/;

type FieldName = Exclude<keyof typeof GuaranteeCode, 'unknownId' | 'tooMany'>;

type At = (name: FieldName) => FieldRef;

export function validateGuaranteeDocument(input: GuaranteeDocumentInput, paths: GuaranteeDocumentPaths, today: LocalDate, problems: Problems): GuaranteeDocument | null {
  if (Object.values(paths).some((field) => field === '')) throw new Error('assertion: a document is always nested: give each field its path');
  const at: At = (name) => ({ field: paths[name], code: GuaranteeCode[name] });
  const before = problems.count;
  const id = textField(problems, input.id, { field: paths.id, code: GuaranteeCode.unknownId }, { label: 'Código do documento', required: false, lengthMax: 36, pattern: RECORD_UUID_RE, expected: 'informe o uuid devolvido quando o documento foi salvo' });
  const assetId = textField(problems, input.assetId, at('assetId'), { label: 'Código do bem em garantia', required: true, lengthMax: 36, pattern: RECORD_UUID_RE, expected: 'informe um uuid' });
  const documentType = codeField(problems, input.documentType, at('documentType'), { label: 'Tipo de documento', required: true, allowed: DOCUMENT_TYPES });
  const fileName = textField(problems, input.fileName, at('fileName'), { label: 'Nome do arquivo', required: true, lengthMax: FILE_NAME_LENGTH_MAX, pattern: FILE_NAME_RE, expected: 'informe só o nome do arquivo, sem pastas nem caracteres de controle' });
  const extension = extensionField(problems, input.extension, fileName, at);
  const validUntil = dateField(problems, input.validUntil, at);
  const check = checkFields(problems, input, today, at);
  if (problems.count > before) return null;
  if (assetId === null || documentType === null || fileName === null || extension === null || check === null) {
    throw new Error('assertion: a required document field is null without a problem');
  }
  return { id: id?.toLowerCase() ?? null, assetId: assetId.toLowerCase(), documentType, fileName, extension, validUntil, ...check };
}

/** `extension` as sent (".PDF" → "pdf"), or else the suffix of the file name; one of the list. */
function extensionField(problems: Problems, value: string | null | undefined, fileName: string | null, at: At): string | null {
  const sent = textOf(value);
  const text = sent ?? (fileName === null ? null : SUFFIX_RE.exec(fileName)?.[1] ?? null);
  if (text === null) return fileName === null ? null : missing(problems, 'Extensão', at('extension'));
  const extension = text.replace(/^\./, '').toLowerCase();
  if (extension.length <= EXTENSION_LENGTH_MAX && (DOCUMENT_EXTENSIONS as readonly string[]).includes(extension)) return extension;
  return invalid(problems, 'Extensão', `use uma de ${DOCUMENT_EXTENSIONS.join(', ')}`, at('extension'));
}

/** `validUntil`: optional calendar date as written (an expired document may still be recorded). */
function dateField(problems: Problems, value: string | null | undefined, at: At): LocalDate | null {
  const text = textOf(value);
  if (text === null) return null;
  return calendarDateOf(text) ?? invalid(problems, 'Data de validade', 'informe uma data yyyy-MM-dd ou data-hora ISO 8601', at('validUntil'));
}

type CheckData = Pick<GuaranteeDocument, 'checked' | 'checkedAt' | 'checkedBy'>;

/**
 * The check data: `checked` (wire `conferido`) true needs the date of the check (not after today); the date and the
 * checking user make no sense on a document not checked, so they are refused there.
 */
function checkFields(problems: Problems, input: GuaranteeDocumentInput, today: LocalDate, at: At): CheckData | null {
  const checked = input.checked ?? false;
  const text = textOf(input.checkedAt);
  const user = input.checkedBy ?? null;
  if (!checked) {
    if (text !== null) invalid(problems, 'Data da conferência', 'informe-a só quando conferido for true', at('checkedAt'));
    if (user !== null) invalid(problems, 'Usuário da conferência', 'informe-o só quando conferido for true', at('checkedBy'));
    return { checked, checkedAt: null, checkedBy: null };
  }
  if (user !== null && !(Number.isInteger(user) && user >= 0)) invalid(problems, 'Usuário da conferência', 'informe um código inteiro não negativo', at('checkedBy'));
  if (text === null) return missing(problems, 'Data da conferência (obrigatória quando conferido é true)', at('checkedAt'));
  const date = calendarDateOf(text);
  if (date === null) return invalid(problems, 'Data da conferência', 'informe uma data yyyy-MM-dd ou data-hora ISO 8601', at('checkedAt'));
  if (compareDates(date, today) > 0) return invalid(problems, 'Data da conferência', 'a data não pode estar no futuro', at('checkedAt'));
  return { checked, checkedAt: utcInstant(text), checkedBy: user };
}

const ZONE_RE = /(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * The instant of a wire date-time already checked by calendarDateOf. The interface's date-times
 * are UTC: a date alone is 00:00 UTC and a time without a zone is UTC, never the server's zone.
 */
function utcInstant(text: string): Date {
  if (text.length === 10) return new Date(`${text}T00:00:00Z`);
  const iso = text.replace(' ', 'T');
  return new Date(ZONE_RE.test(iso) ? iso : `${iso}Z`);
}

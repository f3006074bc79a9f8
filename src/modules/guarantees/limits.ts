// Every limit of the guarantees module, each named with its unit and kept in this one file (issue 13;
// test/architecture/limits.test.ts). Checked at start-up with the others (src/all-limits.ts).

// Used by save-guarantee-document.ts.
/** An asset carries a few deeds, photos and certificates; the cap bounds a runaway client. */
export const DOCUMENTS_PER_ASSET_MAX = 200;

// Used by guarantee-document-validation.ts.
/** Same as the wire schema, so a name the schema lets through is never refused for its length. */
export const FILE_NAME_LENGTH_MAX = 255;

export const EXTENSION_LENGTH_MAX = 10;

// Used by save-guarantee-document.schema.ts.
/** Document-type codes: an auxiliary table the interface does not show. */
export const DOCUMENT_TYPE_MAX = 9_999;

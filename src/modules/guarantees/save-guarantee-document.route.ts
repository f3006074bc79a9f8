// Proposta/SalvarPropostaGarantiaBemDocumento on the command runner: the wire body mapped to the
// English input (and each field's wire path; guarantee-document-wire.ts), the envelope out.
import { defineCommandRoute } from '../../platform/http/route.js';
import { guaranteeDocumentInput, guaranteeDocumentPaths } from './guarantee-document-wire.js';
import { spec } from './save-guarantee-document.schema.js';
import { saveGuaranteeDocument } from './save-guarantee-document.js';

const MSG = { inserted: 'Documento incluído', updated: 'Documento atualizado' } as const;

export const route = defineCommandRoute(spec, {
  input: (body) => ({ document: guaranteeDocumentInput(body.dto), paths: guaranteeDocumentPaths('dto') }),
  command: saveGuaranteeDocument,
  view: (saved) => ({ results: [{ msg: MSG[saved.outcome], hasError: false, messages: [], codigo: saved.id, numero: saved.number }] }),
});

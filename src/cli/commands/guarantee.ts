// `caas guarantee documents CODIGO_BEM --partner CLIENT_ID`: the document records of a guarantee
// asset, as saved through Proposta/SalvarPropostaGarantiaBemDocumento (read only).
import type { DocumentView } from '../../modules/guarantees/list-documents.js';
import { withCliContext } from '../context.js';
import { JSON_OPTION, printJsonOrLines } from '../io.js';
import { command, group } from '../spec.js';

export default [
  group({ name: 'guarantee', description: 'guarantee assets of proposals (read only)' }),
  command({
    name: 'guarantee documents',
    description: "list a guarantee asset's document records",
    args: [{ name: 'CODIGO_BEM', description: 'the asset code (codigoPropostaGarantiaBem)' }],
    options: { partner: { type: 'string', value: 'CLIENT_ID', description: 'the partner the asset belongs to', required: true }, ...JSON_OPTION },
    run: async ({ args, options }, io) => {
      const [{ partnerByClientId }, { DOCUMENT_TYPES }, { assetDocuments }] = await Promise.all([
        import('../../modules/partners/index.js'),
        import('../../modules/guarantees/guarantee-document-validation.js'),
        import('../../modules/guarantees/list-documents.js'),
      ]);
      const line = (d: DocumentView): string => {
        const check = d.conferido ? `conferido em ${d.dtConferido}${d.codigoUsuarioConferido === null ? '' : ` por ${d.codigoUsuarioConferido}`}` : 'não conferido';
        return `${d.numero}  ${d.codigo}  ${d.tipoDocumento} ${DOCUMENT_TYPES[d.tipoDocumento] ?? '?'}  ${d.nomeArquivo} (${d.extensao})  validade ${d.dtValidade ?? '-'}  ${check}`;
      };
      const documents = await withCliContext(async ({ db }) => assetDocuments(db, (await partnerByClientId(db, options.partner)).id, args.CODIGO_BEM));
      printJsonOrLines(io, options.json, documents, () => (documents.length === 0 ? ['no documents'] : documents.map(line)));
    },
  }),
];

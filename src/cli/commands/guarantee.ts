// `caas guarantee documents CODIGO_BEM --partner CLIENT_ID`: the document records of a guarantee
// asset, as saved through Proposta/SalvarPropostaGarantiaBemDocumento (read only).
import { partnerByClientId } from '../../modules/auth/partner-admin.js';
import { DOCUMENT_TYPES } from '../../modules/guarantees/guarantee-document-validation.js';
import { assetDocuments, type DocumentView } from '../../modules/guarantees/list-documents.js';
import { withCliContext } from '../context.js';
import { CliError, type CliCommand, parseOptions, printJsonOrLines } from '../io.js';

const USAGE = 'caas guarantee documents CODIGO_PROPOSTA_GARANTIA_BEM --partner CLIENT_ID [--json]';

function line(d: DocumentView): string {
  const check = d.conferido ? `conferido em ${d.dtConferido}${d.codigoUsuarioConferido === null ? '' : ` por ${d.codigoUsuarioConferido}`}` : 'não conferido';
  return `${d.numero}  ${d.codigo}  ${d.tipoDocumento} ${DOCUMENT_TYPES[d.tipoDocumento] ?? '?'}  ${d.nomeArquivo} (${d.extensao})  validade ${d.dtValidade ?? '-'}  ${check}`;
}

export const guaranteeCommand: CliCommand = {
  name: 'guarantee',
  usage: 'guarantee documents CODIGO_BEM --partner CLIENT_ID',
  summary: "list a guarantee asset's document records",
  run: async (argv, io) => {
    const [sub, ...rest] = argv;
    if (sub === '--help' || sub === '-h' || sub === undefined) {
      io.out(USAGE);
      return sub === undefined ? 2 : 0;
    }
    if (sub !== 'documents') throw new CliError(`unknown subcommand "${sub}"\n${USAGE}`);
    const { values, positionals } = parseOptions(rest, { partner: { type: 'string' }, json: { type: 'boolean' } });
    if (positionals.length !== 1 || values.partner === undefined) throw new CliError(`usage: ${USAGE}`);
    const partner = values.partner;
    const documents = await withCliContext(async ({ db }) => assetDocuments(db, (await partnerByClientId(db, partner)).id, positionals[0]!));
    printJsonOrLines(io, values.json === true, documents, () => (documents.length === 0 ? ['no documents'] : documents.map(line)));
    return 0;
  },
};

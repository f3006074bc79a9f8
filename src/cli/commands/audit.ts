// `caas audit bureau`: lists the bureau, SCR and fraud-base consultations recorded for audit
// (who asked, which document, product or reference month, consent, when, outcome, provider).
import { partnerByClientId } from '../../modules/auth/partner-admin.js';
import { AUDIT_LIST_ROWS_DEFAULT, AUDIT_LIST_ROWS_MAX, listBureauAudit, type AuditEntry } from '../../modules/bureau/list-consultations.js';
import { classifyDocument } from '../../platform/documents.js';
import { withCliContext } from '../context.js';
import { CliError, type CliCommand, type CliIo, parseOptions, printJsonOrLines } from '../io.js';

const USAGE = 'caas audit bureau [--document CPF_OR_CNPJ] [--partner CLIENT_ID] [--limit N] [--json]';

function what(e: AuditEntry): string {
  if (e.operation === 'bureau') return `produto ${e.productCode}${e.consultaCompleta ? '' : ' (resumo)'}`;
  if (e.operation === 'scr') return `data-base ${e.referenceMonth} aceite ${e.consentAt}`;
  return `identificadores [${(e.identifiers ?? []).join(',')}]`;
}

function line(e: AuditEntry): string {
  const failure = e.failureReason === null ? '' : ` (${e.failureReason})`;
  const cached = e.cachedConsultedAt === null ? '' : ` (de ${e.cachedConsultedAt})`;
  return `${e.consultedAt}  ${e.clientId}  ${e.operation}  ${e.documentKind} ${e.document}  ${what(e)}  ${e.outcome}${failure}${cached}  ${e.provider}  req ${e.requestId}`;
}

function limitOf(text: string | undefined): number {
  if (text === undefined) return AUDIT_LIST_ROWS_DEFAULT;
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < 1 || n > AUDIT_LIST_ROWS_MAX) throw new CliError(`--limit must be an integer from 1 to ${AUDIT_LIST_ROWS_MAX}, got "${text}"`);
  return n;
}

async function bureau(argv: string[], io: CliIo): Promise<number> {
  const { values } = parseOptions(argv, { document: { type: 'string' }, partner: { type: 'string' }, limit: { type: 'string' }, json: { type: 'boolean' } }, false);
  const document = values.document === undefined ? null : classifyDocument(values.document.trim());
  if (values.document !== undefined && document === null) throw new CliError(`--document must be a valid CPF or CNPJ, got "${values.document}"`);
  const limit = limitOf(values.limit);
  const listing = await withCliContext(async ({ db }) => {
    const partnerId = values.partner === undefined ? null : (await partnerByClientId(db, values.partner)).id;
    return listBureauAudit(db, { document: document?.digits ?? null, partnerId }, limit);
  });
  printJsonOrLines(io, values.json === true, listing.entries, () => (listing.entries.length === 0 ? ['no consultations'] : listing.entries.map(line)));
  if (listing.truncated) io.err(`only the newest ${listing.entries.length} consultations are listed: narrow with --document or --partner, or raise --limit`);
  return 0;
}

export const auditCommand: CliCommand = {
  name: 'audit',
  usage: 'audit bureau [--document D] [--partner ID] [--json]',
  summary: 'list the recorded bureau, SCR and fraud-base consultations',
  run: async (argv, io) => {
    const [sub, ...rest] = argv;
    if (sub === 'bureau') return bureau(rest, io);
    if (sub === '--help' || sub === '-h' || sub === undefined) {
      io.out(USAGE);
      return sub === undefined ? 2 : 0;
    }
    throw new CliError(`unknown subcommand "${sub}"\n${USAGE}`);
  },
};

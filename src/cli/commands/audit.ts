// `caas audit bureau`: lists the bureau, SCR and fraud-base consultations recorded for audit
// (who asked, which document, product or reference month, consent, when, outcome, provider).
import type { AuditEntry } from '../../modules/bureau/list-consultations.js';
import { withCliContext } from '../context.js';
import { CliError, JSON_OPTION, printJsonOrLines } from '../io.js';
import { command, group } from '../spec.js';

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

function limitOf(text: string | undefined, byDefault: number, max: number): number {
  if (text === undefined) return byDefault;
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < 1 || n > max) throw new CliError(`--limit must be an integer from 1 to ${max}, got "${text}"`);
  return n;
}

export default [
  group({ name: 'audit', description: 'audit trails kept by the service' }),
  command({
    name: 'audit bureau',
    description: 'list the recorded bureau, SCR and fraud-base consultations, newest first',
    options: {
      document: { type: 'string', value: 'CPF_OR_CNPJ', description: 'only consultations about this document' },
      partner: { type: 'string', value: 'CLIENT_ID', description: "only this partner's consultations" },
      limit: { type: 'string', value: 'N', description: 'at most N consultations' },
      ...JSON_OPTION,
    },
    run: async ({ options }, io) => {
      const [{ classifyDocument }, { partnerByClientId }, { AUDIT_LIST_ROWS_DEFAULT, AUDIT_LIST_ROWS_MAX, listBureauAudit }] = await Promise.all([
        import('../../platform/documents.js'),
        import('../../modules/partners/index.js'),
        import('../../modules/bureau/index.js'),
      ]);
      const document = options.document === undefined ? null : classifyDocument(options.document.trim());
      if (options.document !== undefined && document === null) throw new CliError(`--document must be a valid CPF or CNPJ, got "${options.document}"`);
      const limit = limitOf(options.limit, AUDIT_LIST_ROWS_DEFAULT, AUDIT_LIST_ROWS_MAX);
      const listing = await withCliContext(async ({ db }) => {
        const partnerId = options.partner === undefined ? null : (await partnerByClientId(db, options.partner)).id;
        return listBureauAudit(db, { document: document?.digits ?? null, partnerId }, limit);
      });
      printJsonOrLines(io, options.json, listing.entries, () => (listing.entries.length === 0 ? ['no consultations'] : listing.entries.map(line)));
      if (listing.truncated) io.err(`only the newest ${listing.entries.length} consultations are listed: narrow with --document or --partner, or raise --limit`);
    },
  }),
];

// Bureau (issue 16), /console/bureau: the consultation audit (bureau, SCR, fraud base) by
// document: who asked, when, what, the outcome and the provider. Read-only.
import type { FastifyRequest } from 'fastify';
import { classifyDocument } from '../../platform/documents.js';
import { listBureauAudit, type AuditEntry } from '../../modules/bureau/index.js';
import { field } from '../forms.js';
import { html, type HtmlFragment } from '../html.js';
import { definePage, type ConsoleContext, type ConsoleEntry, type ConsoleServices } from '../page.js';
import { dateBr, queryOf, table } from './view.js';

const PATH = '/console/bureau';

function what(e: AuditEntry): string {
  if (e.operation === 'bureau') return `produto ${e.productCode ?? '—'}${e.consultaCompleta === false ? ' (resumo)' : ''}`;
  if (e.operation === 'scr') return `SCR data-base ${e.referenceMonth ?? '—'}`;
  return `base de fraude [${(e.identifiers ?? []).join(', ')}]`;
}

async function render(ctx: ConsoleContext, request: FastifyRequest): Promise<HtmlFragment> {
  const query = queryOf(request);
  const document = query.documento === undefined ? null : classifyDocument(query.documento);
  const invalid = query.documento !== undefined && document === null;
  const listing = invalid ? { entries: [], truncated: false } : await listBureauAudit(ctx.services.db, { document: document?.digits ?? null, partnerId: null });
  const columns = [
    { header: 'Quando', cell: (e: AuditEntry) => dateBr(e.consultedAt) },
    { header: 'Parceiro', cell: (e: AuditEntry) => e.clientId },
    { header: 'Documento', cell: (e: AuditEntry) => `${e.documentKind} ${e.document}` },
    { header: 'Consulta', cell: (e: AuditEntry) => what(e) },
    { header: 'Resultado', cell: (e: AuditEntry) => html`${e.outcome}${e.failureReason === null ? '' : html` <span class="muted">(${e.failureReason})</span>`}${e.cachedConsultedAt === null ? '' : html` <span class="muted">(cache de ${dateBr(e.cachedConsultedAt)})</span>`}` },
    { header: 'Provedor', cell: (e: AuditEntry) => e.provider },
  ];
  return html`<form method="get" action="${PATH}" class="filters" role="search">${field({ name: 'documento', label: 'Documento (CPF ou CNPJ)', value: query.documento ?? '' })}<div class="actions"><button type="submit">Buscar</button></div></form>
${invalid ? html`<p class="flash flash-error" role="alert">Documento inválido: informe um CPF ou CNPJ.</p>` : ''}
${table('Consultas ao bureau', columns, listing.entries, 'Nenhuma consulta.')}
${listing.truncated ? html`<p class="muted">As ${listing.entries.length} consultas mais recentes: filtre por documento.</p>` : ''}`;
}

export default function bureau(_services: ConsoleServices): ConsoleEntry[] {
  return [definePage({ path: PATH, title: 'Bureau', permission: 'read', nav: 'bureau', render })];
}

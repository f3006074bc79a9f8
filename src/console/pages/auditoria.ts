// Auditoria (issue 16), /console/auditoria: every command the runner ran (command_audit): who
// (operator, partner or job), when, what (command and summary) and from where (the face and the
// operator's IP: the `source` column). Newest first, by page, filtered by actor and command.
import type { FastifyRequest } from 'fastify';
import { pageCommandAudit, type AuditEntry } from '../../platform/command-audit.js';
import type { ActorKind } from '../../platform/commands.js';
import { field } from '../forms.js';
import { html, type HtmlFragment } from '../html.js';
import { definePage, type ConsoleContext, type ConsoleEntry, type ConsoleServices } from '../page.js';
import { dateBr, pageOf, pagination, PAGE_SIZE, queryOf, select, table } from './view.js';

const PATH = '/console/auditoria';
const KINDS: readonly (readonly [ActorKind, string])[] = [['operator', 'Operador'], ['partner', 'Parceiro'], ['system', 'Sistema']];
const KIND_LABELS = Object.fromEntries(KINDS) as Record<ActorKind, string>;

async function render(ctx: ConsoleContext, request: FastifyRequest): Promise<HtmlFragment> {
  const query = queryOf(request);
  const page = pageOf(query);
  const actorKind = KINDS.some(([k]) => k === query.tipo) ? (query.tipo as ActorKind) : null;
  const { rows, total } = await pageCommandAudit(ctx.services.db, { actorKind, actorId: query.quem ?? null, command: query.comando ?? null }, page, PAGE_SIZE);
  const columns = [
    { header: 'Quando', cell: (e: AuditEntry) => dateBr(e.at) },
    { header: 'Quem', cell: (e: AuditEntry) => html`${e.actorId} <span class="muted">(${KIND_LABELS[e.actorKind]})</span>` },
    { header: 'O quê', cell: (e: AuditEntry) => html`<code>${e.command}</code><br>${e.summary}` },
    { header: 'De onde', cell: (e: AuditEntry) => e.source ?? '—' },
  ];
  const { pagina: _page, ...kept } = query;
  return html`<form method="get" action="${PATH}" class="filters">${select('tipo', 'Tipo de ator', KINDS, query.tipo)}${field({ name: 'quem', label: 'Quem (e-mail, parceiro ou job)', value: query.quem ?? '' })}${field({ name: 'comando', label: 'Comando (prefixo, ex.: proposal.)', value: query.comando ?? '' })}<div class="actions"><button type="submit">Filtrar</button></div></form>
${table('Auditoria', columns, rows, 'Nenhuma ação registrada.')}
${pagination(PATH, kept, page, total)}`;
}

export default function auditoria(_services: ConsoleServices): ConsoleEntry[] {
  return [definePage({ path: PATH, title: 'Auditoria', permission: 'read', nav: 'auditoria', render })];
}

// Callbacks (issue 16), /console/callbacks: the outbox by delivery status, with attempts and the
// last error, and "Reenviar" (the callbacks module's callbacks.redeliver, the CLI's) for a
// delivered or failed event.
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { CALLBACK_STATUSES, listCallbacks, redeliverCallbackCommand, type CallbackListItem, type CallbackStatus } from '../../modules/callbacks/index.js';
import { actionForm, field } from '../forms.js';
import { html, type HtmlFragment } from '../html.js';
import { defineAction, definePage, type ConsoleContext, type ConsoleEntry, type ConsoleServices } from '../page.js';
import { dateBr, outcomeFlash, queryOf, select, table } from './view.js';

const PATH = '/console/callbacks';
const STATUS_LABELS: Readonly<Record<CallbackStatus, string>> = { pending: 'Pendente', delivered: 'Entregue', failed: 'Falhou' };
const LIMIT = 100;

function lastError(e: CallbackListItem): string {
  if (e.lastError !== null) return e.lastError;
  if (e.lastStatus !== null) return `HTTP ${e.lastStatus}`;
  return '—';
}

async function render(ctx: ConsoleContext, request: FastifyRequest): Promise<HtmlFragment> {
  const query = queryOf(request);
  const status = CALLBACK_STATUSES.includes(query.situacao as CallbackStatus) ? (query.situacao as CallbackStatus) : undefined;
  const items = await listCallbacks(ctx.services.db, { status, partnerClientId: query.parceiro, limit: LIMIT });
  const canRedeliver = ctx.can('callback.redeliver');
  const columns = [
    { header: 'Evento', cell: (e: CallbackListItem) => html`${e.eventName}<br><code class="muted">${e.webhookId}</code>` },
    { header: 'Parceiro', cell: (e: CallbackListItem) => e.partnerClientId },
    { header: 'Situação', cell: (e: CallbackListItem) => html`<span class="status cb-${e.status}">${STATUS_LABELS[e.status]}</span>${e.failReason === null ? '' : html`<br><span class="muted">${e.failReason}</span>`}` },
    { header: 'Tentativas', cell: (e: CallbackListItem) => e.attempts, numeric: true },
    { header: 'Último erro', cell: (e: CallbackListItem) => lastError(e) },
    { header: 'Criado', cell: (e: CallbackListItem) => dateBr(e.createdAt) },
    {
      header: 'Ações',
      cell: (e: CallbackListItem) => (canRedeliver && e.status !== 'pending' ? actionForm(ctx, { action: `${PATH}/${e.id}/reenviar`, label: 'Reenviar', confirm: `Reenviar o evento ${e.eventName}?` }) : ''),
    },
  ];
  return html`<form method="get" action="${PATH}" class="filters">${select('situacao', 'Situação', CALLBACK_STATUSES.map((s) => [s, STATUS_LABELS[s]] as const), status)}${field({ name: 'parceiro', label: 'Parceiro (client id)', value: query.parceiro ?? '' })}<div class="actions"><button type="submit">Filtrar</button></div></form>
${table('Callbacks', columns, items, 'Nenhum evento.')}
${items.length === LIMIT ? html`<p class="muted">Os ${LIMIT} eventos mais recentes.</p>` : ''}`;
}

export default function callbacks(_services: ConsoleServices): ConsoleEntry[] {
  return [
    definePage({ path: PATH, title: 'Callbacks', permission: 'read', nav: 'callbacks', render }),
    defineAction({
      path: `${PATH}/:id/reenviar`,
      permission: 'callback.redeliver',
      fields: Type.Object({}),
      commands: [redeliverCallbackCommand],
      run: async (ctx, _form, request) => {
        const id = (request.params as { id: string }).id;
        const outcome = await ctx.run(redeliverCallbackCommand, { id });
        return { redirect: PATH, flash: outcomeFlash(outcome, (e) => `Evento ${e.eventName} reenviado: pendente de novo.`) };
      },
    }),
  ];
}

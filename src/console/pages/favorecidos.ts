// Favorecidos (issue 16), /console/favorecidos: the payees review queue (pendente first; other
// states by filter) with "Aprovar" and "Reprovar" (a reason the partner receives). The actions run
// the payees module's payee.approve / payee.reject (the CLI's) through ctx.run, four-eyes kind
// "payees".
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { approvePayeeCommand, listPayees, parsePayeeStatus, PayeeStatus, rejectPayeeCommand, PAYEE_STATUS_DESCRIPTIONS, type ListedPayee } from '../../modules/payees/index.js';
import { actionForm } from '../forms.js';
import { html, type HtmlFragment } from '../html.js';
import { defineAction, definePage, type ConsoleContext, type ConsoleEntry, type ConsoleServices } from '../page.js';
import { dateBr, outcomeFlash, queryOf, reasonField, select, table } from './view.js';

const PATH = '/console/favorecidos';
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STATES = Object.entries(PAYEE_STATUS_DESCRIPTIONS).map(([code, text]) => [code, text] as const);

function identity(p: ListedPayee): string {
  if (p.registrationType === 1) return `chave ${p.key ?? ''}`;
  return `ISPB ${p.participantId ?? '—'} ag ${p.branch ?? '—'} cc ${p.account ?? '—'}-${p.accountDigit ?? ''}`;
}

function decisionForms(ctx: ConsoleContext, p: ListedPayee): HtmlFragment {
  if (!ctx.can('payee.review')) return html``;
  const approve = p.status === PayeeStatus.pending ? actionForm(ctx, { action: `${PATH}/${p.payeeId}/aprovar`, label: 'Aprovar', confirm: `Aprovar o favorecido ${p.name}?` }) : '';
  const reject = p.status === PayeeStatus.rejected ? '' : actionForm(ctx, { action: `${PATH}/${p.payeeId}/reprovar`, label: 'Reprovar', confirm: `Reprovar o favorecido ${p.name}?`, fields: reasonField(`motivo-${p.payeeId}`, 'Motivo da reprovação', true), className: 'inline reject' });
  return html`<div class="actions">${approve}${reject}</div>`;
}

async function render(ctx: ConsoleContext, request: FastifyRequest): Promise<HtmlFragment> {
  const query = queryOf(request);
  const situacao = query.situacao === undefined ? PayeeStatus.pending : query.situacao === 'todos' ? null : parsePayeeStatus(query.situacao);
  const listing = await listPayees(ctx.services.db, { status: situacao, partnerId: null });
  const columns = [
    { header: 'Nome', cell: (p: ListedPayee) => html`<strong>${p.name}</strong><br><span class="muted">${p.holderDocument}</span>` },
    { header: 'Parceiro', cell: (p: ListedPayee) => p.clientId },
    { header: 'Pix / conta', cell: (p: ListedPayee) => identity(p) },
    { header: 'Incluído', cell: (p: ListedPayee) => dateBr(p.registeredAt) },
    { header: 'Situação', cell: (p: ListedPayee) => html`${PAYEE_STATUS_DESCRIPTIONS[p.status]}${p.rejectionReason === null ? '' : html`<br><span class="muted">${p.rejectionReason}</span>`}` },
    { header: 'Ações', cell: (p: ListedPayee) => decisionForms(ctx, p) },
  ];
  return html`<form method="get" action="${PATH}" class="filters">${select('situacao', 'Situação', [...STATES, ['todos', 'Todas']], query.situacao ?? String(PayeeStatus.pending))}<div class="actions"><button type="submit">Filtrar</button></div></form>
${table('Favorecidos', columns, listing.payees, situacao === PayeeStatus.pending ? 'Nenhum favorecido aguardando revisão.' : 'Nenhum favorecido.')}
${listing.truncated ? html`<p class="muted">Lista limitada aos primeiros ${listing.payees.length}.</p>` : ''}`;
}

function codigoOf(request: FastifyRequest): string | null {
  const codigo = (request.params as { codigo?: string }).codigo ?? '';
  return UUID_RE.test(codigo) ? codigo.toLowerCase() : null;
}

export default function favorecidos(_services: ConsoleServices): ConsoleEntry[] {
  return [
    definePage({ path: PATH, title: 'Favorecidos', permission: 'read', nav: 'favorecidos', render }),
    defineAction({
      path: `${PATH}/:codigo/aprovar`,
      permission: 'payee.review',
      fields: Type.Object({}),
      commands: [approvePayeeCommand],
      run: async (ctx, _form, request) => {
        const codigo = codigoOf(request);
        if (codigo === null) return { redirect: PATH, flash: 'Favorecido inválido.', flashKind: 'error' };
        const outcome = await ctx.run(approvePayeeCommand, { payeeId: codigo, by: ctx.operator.name }, { fourEyes: 'payees', summary: `Aprovar o favorecido ${codigo}` });
        return { redirect: PATH, flash: outcomeFlash(outcome, (p) => `Favorecido ${p.name} aprovado.`) };
      },
    }),
    defineAction({
      path: `${PATH}/:codigo/reprovar`,
      permission: 'payee.review',
      fields: Type.Object({ motivo: Type.String({ minLength: 1, maxLength: 500 }) }),
      commands: [rejectPayeeCommand],
      run: async (ctx, form, request) => {
        const codigo = codigoOf(request);
        if (codigo === null) return { redirect: PATH, flash: 'Favorecido inválido.', flashKind: 'error' };
        const outcome = await ctx.run(rejectPayeeCommand, { payeeId: codigo, by: ctx.operator.name, reason: form.motivo }, { fourEyes: 'payees', summary: `Reprovar o favorecido ${codigo}` });
        return { redirect: PATH, flash: outcomeFlash(outcome, (p) => `Favorecido ${p.name} reprovado.`) };
      },
    }),
  ];
}

// Conciliação (issue 17), /console/conciliacao?data=YYYY-MM-DD: per channel (boleto, Pix) what was
// due on the day against what the bank or the provider reported received, the excess of
// overpayments, the unmatched receipts and the settlements still waiting for confirmation. The
// same query as `caas reconcile` (settlement's `reconcile`), and the same CSV at
// /console/conciliacao.csv?data=… (downloads.ts). The day defaults to today in the service clock
// (São Paulo). Read-only.
import type { FastifyRequest } from 'fastify';
import { brazilDateAt, isValidLocalDate, localDate, type LocalDate } from '../../platform/dates.js';
import { reconcile, type ChannelReconciliation, type Reconciliation } from '../../modules/settlement/index.js';
import { field } from '../forms.js';
import { html, type HtmlFragment } from '../html.js';
import { definePage, type ConsoleContext, type ConsoleEntry, type ConsoleServices } from '../page.js';
import { brl, dateBr, queryOf, table } from './view.js';

export const RECONCILIATION_PATH = '/console/conciliacao';
const CHANNEL_LABELS: Readonly<Record<ChannelReconciliation['channel'], string>> = { boleto: 'Boleto', pix: 'Pix' };
type Unmatched = Reconciliation['unmatched'][number];
type PendingPix = Reconciliation['pendingPix'][number];

/** The day of `?data=` when it is a calendar date, else null (absent: today in the service clock). */
export function reconciliationDate(query: Record<string, string>, now: Date): LocalDate | null {
  if (query.data === undefined) return brazilDateAt(now);
  return isValidLocalDate(query.data) ? localDate(query.data) : null;
}

const tally = (t: { count: number; amount: string }) => html`${brl(t.amount)} <span class="muted">(${t.count})</span>`;

function channelTable(r: Reconciliation): HtmlFragment {
  return table('Esperado e recebido por canal', [
    { header: 'Canal', cell: (c: ChannelReconciliation) => CHANNEL_LABELS[c.channel] },
    { header: 'Esperado', cell: (c: ChannelReconciliation) => tally(c.expected), numeric: true },
    { header: 'Recebido', cell: (c: ChannelReconciliation) => tally(c.received), numeric: true },
    { header: 'Diferença', cell: (c: ChannelReconciliation) => brl(c.difference), numeric: true },
    { header: 'Excedente', cell: (c: ChannelReconciliation) => tally(c.excess), numeric: true },
    { header: 'Não conciliado', cell: (c: ChannelReconciliation) => tally(c.unmatched), numeric: true },
    { header: 'Aguardando confirmação', cell: (c: ChannelReconciliation) => tally(c.pendingConfirmation), numeric: true },
  ], r.channels);
}

const unmatchedColumns = [
  { header: 'Canal', cell: (u: Unmatched) => CHANNEL_LABELS[u.channel] },
  { header: 'Referência', cell: (u: Unmatched) => html`<code>${u.reference}</code>` },
  { header: 'Valor', cell: (u: Unmatched) => brl(u.amount), numeric: true },
  { header: 'Pago em', cell: (u: Unmatched) => dateBr(u.paidOn) },
  { header: 'Origem', cell: (u: Unmatched) => u.actor },
  { header: 'Motivo', cell: (u: Unmatched) => u.reason },
];

const pendingColumns = [
  { header: 'endToEndId', cell: (p: PendingPix) => html`<code>${p.endToEndId}</code>` },
  { header: 'txid', cell: (p: PendingPix) => (p.txid === null ? '—' : html`<code>${p.txid}</code>`) },
  { header: 'Valor', cell: (p: PendingPix) => brl(p.amount), numeric: true },
  { header: 'Pago em', cell: (p: PendingPix) => dateBr(p.paidAt) },
  { header: 'Tentativas', cell: (p: PendingPix) => p.attempts, numeric: true },
  { header: 'Último erro', cell: (p: PendingPix) => p.lastError ?? '—' },
];

async function render(ctx: ConsoleContext, request: FastifyRequest): Promise<HtmlFragment> {
  const query = queryOf(request);
  const asked = reconciliationDate(query, ctx.now);
  const date = asked ?? brazilDateAt(ctx.now);
  const r = await reconcile(ctx.services.db, date);
  return html`<form method="get" action="${RECONCILIATION_PATH}" class="filters">${field({ name: 'data', label: 'Data', type: 'date', value: date })}<div class="actions"><button type="submit">Ver</button></div></form>
${asked === null ? html`<p class="flash flash-error" role="alert">Data inválida: mostrando ${dateBr(date)}.</p>` : ''}
<p class="muted">Conciliação de ${dateBr(r.date)} · <a href="${`${RECONCILIATION_PATH}.csv?data=${r.date}`}" download>CSV</a> (o mesmo que <code>caas reconcile --date ${r.date} --csv</code>)</p>
<h2>Por canal</h2>${channelTable(r)}
<h2>Recebimentos não conciliados</h2>${table('Recebimentos não conciliados', unmatchedColumns, r.unmatched, 'Nenhum recebimento não conciliado neste dia.')}
<h2>Pix aguardando confirmação</h2>${table('Pix aguardando confirmação do PSP', pendingColumns, r.pendingPix, 'Nenhum Pix aguardando confirmação.')}
<p class="muted">Aguardando confirmação: boletos enviados na remessa (registro ou baixa) sem retorno do banco, e Pix notificados que o PSP ainda não confirmou (um job tenta de novo).</p>`;
}

export default function conciliacao(_services: ConsoleServices): ConsoleEntry[] {
  return [definePage({ path: RECONCILIATION_PATH, title: 'Conciliação', permission: 'read', nav: 'conciliacao', render })];
}

// Painel (issue 16), /console: proposals by status, today's disbursements, overdue installments
// (count and amount), boletos and charges issued and paid today, failing callbacks and pending
// payees. Every figure is a read-only query of its module; "today" is the service clock's São
// Paulo date (the sandbox clock when CAAS_SANDBOX=true).
import { brazilDateAt } from '../../platform/dates.js';
import { countCallbacksByStatus } from '../../modules/callbacks/index.js';
import { countPendingPayees } from '../../modules/payees/index.js';
import { disbursementsOn, proposalsByStatus } from '../../modules/proposals/index.js';
import { collectionFiguresOn, type CountAmount } from '../../modules/receivables/index.js';
import { html, type HtmlFragment, type HtmlValue } from '../html.js';
import { definePage, type ConsoleContext, type ConsoleEntry, type ConsoleServices } from '../page.js';
import { brl, dateBr } from './view.js';

function card(title: string, value: HtmlValue, detail: HtmlValue, href?: string): HtmlFragment {
  const heading = href === undefined ? title : html`<a href="${href}">${title}</a>`;
  return html`<section class="card"><h2>${heading}</h2><p class="figure">${value}</p><p class="muted">${detail}</p></section>`;
}

const money = (f: CountAmount) => html`${f.count} <small>(${brl(f.amount)})</small>`;

async function render(ctx: ConsoleContext): Promise<HtmlFragment> {
  const db = ctx.services.db;
  const today = brazilDateAt(ctx.now);
  const [byStatus, disbursed, collections, callbacks, payees] = await Promise.all([proposalsByStatus(db), disbursementsOn(db, today), collectionFiguresOn(db, today), countCallbacksByStatus(db), countPendingPayees(db)]);
  return html`<p class="muted">Hoje: ${dateBr(today)}</p>
<div class="cards">
${card('Liberações de hoje', money(disbursed), 'propostas liberadas hoje (valor solicitado)', '/console/propostas?situacao=5')}
${card('Parcelas vencidas', money(collections.overdue), 'em agendas abertas, saldo a receber')}
${card('Boletos emitidos hoje', money(collections.boletosIssued), html`pagos hoje: ${money(collections.boletosPaid)}`, '/console/cobranca')}
${card('Cobranças emitidas hoje', money(collections.chargesIssued), html`pagas hoje: ${money(collections.chargesPaid)}`, '/console/cobranca')}
${card('Callbacks com falha', callbacks.failed, `${callbacks.retrying} em nova tentativa · ${callbacks.pending} pendentes`, '/console/callbacks?situacao=failed')}
${card('Favorecidos pendentes', payees, 'aguardando revisão', '/console/favorecidos')}
</div>
<h2>Propostas por situação</h2>
<ul class="status-counts">${byStatus.map((s) => html`<li><a href="${`/console/propostas?situacao=${s.status}`}">${s.description}</a>: <strong>${s.count}</strong></li>`)}</ul>
${byStatus.length === 0 ? html`<p class="empty">Nenhuma proposta ainda.</p>` : ''}`;
}

export default function painel(_services: ConsoleServices): ConsoleEntry[] {
  return [definePage({ path: '/console', title: 'Painel', permission: 'read', nav: 'painel', render })];
}

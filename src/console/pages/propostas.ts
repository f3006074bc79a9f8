// Propostas (issue 16): the list at /console/propostas (filters: status, partner, document, dates,
// amount; search by número, código or documento; pagination) and the detail page
// /console/propostas/:numero (data, pricing, history timeline, schedule with boletos, Pix and
// launches) with the actions its status allows: "Aprovar", "Liberar", "Recusar", "Ceder",
// "Cancelar". Each action runs the proposals module's CommandDefinition (the same as the CLI's)
// through ctx.run; "Liberar" is a four-eyes kind (disbursements).
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { brazilDateAt, isValidLocalDate, localDate } from '../../platform/dates.js';
import { classifyDocument } from '../../platform/documents.js';
import {
  decideTransition,
  NO_PROPOSAL_FILTER,
  pageProposals,
  proposalOperatorCommands,
  showProposal,
  ProposalStatus,
  statusDescription,
  type LifecycleEvent,
  type ProposalDetails,
  type ProposalFilter,
  type ProposalOperatorCommand,
  type ProposalRecord,
  type ProposalSearch,
} from '../../modules/proposals/index.js';
import { scheduleView, type ScheduleView } from '../../modules/receivables/index.js';
import type { Permission } from '../../modules/operators/index.js';
import { actionForm, field } from '../forms.js';
import { PROPOSAL_NUMBER_MAX } from '../../platform/config/limits.js'; // proposals.numero is an integer column
import { html, type HtmlFragment } from '../html.js';
import { defineAction, definePage, type ConsoleContext, type ConsoleEntry, type ConsoleServices } from '../page.js';
import { brl, dateBr, historyName, outcomeFlash, pageOf, pagination, PAGE_SIZE, percent, queryOf, reasonField, select, table } from './view.js';
import { proposalDeps } from '../../bindings.js';

const LIST = '/console/propostas';
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const AMOUNT_RE = /^\d{1,13}([.,]\d{1,2})?$/;
const NUMBER_RE = /^[1-9]\d{0,9}$/;
const proposalNumberOf = (text: string): number | null => (NUMBER_RE.test(text) && Number(text) <= PROPOSAL_NUMBER_MAX ? Number(text) : null);
const STATUS_OPTIONS = Object.values(ProposalStatus).map((s) => [String(s), statusDescription(s)] as const);

/** The search box: a number is a número, a uuid a código, 11 or 14 characters a documento. */
export function searchOf(text: string | undefined): ProposalSearch | null | 'invalid' {
  if (text === undefined) return null;
  const numero = proposalNumberOf(text);
  if (numero !== null) return { by: 'number', value: numero };
  if (UUID_RE.test(text)) return { by: 'code', value: text.toLowerCase() };
  const document = classifyDocument(text);
  return document === null ? 'invalid' : { by: 'document', value: document.digits };
}

const amountOf = (text: string | undefined) => (text !== undefined && AMOUNT_RE.test(text) ? text.replace(',', '.') : null);
const dateOf = (text: string | undefined) => (text !== undefined && isValidLocalDate(text) ? localDate(text) : null);

function filterOf(query: Record<string, string>): { filter: ProposalFilter; problem: string | null } {
  const search = searchOf(query.busca);
  const status = Number(query.situacao);
  const document = query.documento === undefined ? null : classifyDocument(query.documento);
  const filter: ProposalFilter = {
    ...NO_PROPOSAL_FILTER,
    status: Object.values(ProposalStatus).includes(status as ProposalStatus) ? (status as ProposalStatus) : null,
    partnerClientId: query.parceiro ?? null,
    document: document?.digits ?? null,
    from: dateOf(query.de),
    to: dateOf(query.ate),
    amountMin: amountOf(query.valorMin),
    amountMax: amountOf(query.valorMax),
    search: search === 'invalid' ? null : search,
  };
  const problem = search === 'invalid' ? 'Busca: informe um número de proposta, um código (uuid) ou um CPF/CNPJ.' : query.documento !== undefined && document === null ? 'Documento: CPF ou CNPJ inválido.' : null;
  return { filter, problem };
}

function filterForm(query: Record<string, string>): HtmlFragment {
  return html`<form method="get" action="${LIST}" class="filters" role="search">
${field({ name: 'busca', label: 'Buscar (número, código ou documento)', value: query.busca ?? '', type: 'search' })}
${select('situacao', 'Situação', STATUS_OPTIONS, query.situacao)}
${field({ name: 'parceiro', label: 'Parceiro (client id)', value: query.parceiro ?? '' })}
${field({ name: 'documento', label: 'Documento', value: query.documento ?? '' })}
${field({ name: 'de', label: 'Contratada de', type: 'date', value: query.de ?? '' })}
${field({ name: 'ate', label: 'Contratada até', type: 'date', value: query.ate ?? '' })}
${field({ name: 'valorMin', label: 'Valor mínimo', value: query.valorMin ?? '', inputmode: 'decimal' })}
${field({ name: 'valorMax', label: 'Valor máximo', value: query.valorMax ?? '', inputmode: 'decimal' })}
<div class="actions"><button type="submit">Filtrar</button> <a href="${LIST}">Limpar</a></div>
</form>`;
}

const LIST_COLUMNS = [
  { header: 'Número', cell: (p: ProposalRecord) => html`<a href="${`${LIST}/${p.number}`}">${p.number}</a>` },
  { header: 'Situação', cell: (p: ProposalRecord) => html`<span class="status status-${p.status}">${p.statusDescription}</span>` },
  { header: 'Parceiro', cell: (p: ProposalRecord) => p.partner },
  { header: 'Documento', cell: (p: ProposalRecord) => p.document },
  { header: 'Contrato', cell: (p: ProposalRecord) => dateBr(p.createdOn) },
  { header: 'Valor', cell: (p: ProposalRecord) => brl(p.requestedAmount), numeric: true },
  { header: 'Parcela', cell: (p: ProposalRecord) => html`${p.termMonths} × ${brl(p.installmentAmount)}`, numeric: true },
] as const;

async function renderList(ctx: ConsoleContext, request: FastifyRequest): Promise<HtmlFragment> {
  const query = queryOf(request);
  const { filter, problem } = filterOf(query);
  const page = pageOf(query);
  const { rows, total } = await pageProposals(ctx.services.db, filter, page, PAGE_SIZE);
  const { pagina: _page, ...kept } = query;
  return html`${filterForm(query)}${problem === null ? '' : html`<p class="flash flash-error" role="alert">${problem}</p>`}
${table('Propostas', LIST_COLUMNS, rows, 'Nenhuma proposta encontrada.')}
${pagination(LIST, kept, page, total)}`;
}

// ---- detail ------------------------------------------------------------------------------------

interface StepSpec {
  slug: string;
  label: string;
  event: LifecycleEvent;
  permission: Permission;
  command: (c: ReturnType<typeof proposalOperatorCommands>) => ProposalOperatorCommand;
  reason: 'required' | 'optional' | 'none';
  confirm: string;
  fourEyes?: 'disbursements';
}

const STEPS: readonly StepSpec[] = [
  { slug: 'aprovar', label: 'Aprovar', event: 'approve', permission: 'proposal.approve', command: (c) => c.approve, reason: 'none', confirm: 'Aprovar esta proposta?' },
  { slug: 'liberar', label: 'Liberar', event: 'disburse', permission: 'proposal.disburse', command: (c) => c.disburse, reason: 'optional', confirm: 'Registrar a liberação do dinheiro? A agenda de recebíveis será aberta.', fourEyes: 'disbursements' },
  { slug: 'recusar', label: 'Recusar', event: 'refuse', permission: 'proposal.refuse', command: (c) => c.refuse, reason: 'required', confirm: 'Recusar esta proposta? A recusa é definitiva.' },
  { slug: 'ceder', label: 'Ceder', event: 'assign', permission: 'proposal.assign', command: (c) => c.assign, reason: 'optional', confirm: 'Ceder esta proposta (cessão)?' },
  { slug: 'cancelar', label: 'Cancelar', event: 'cancel', permission: 'proposal.cancel', command: (c) => c.cancel, reason: 'required', confirm: 'Cancelar esta proposta liberada? Um boleto de devolução será emitido.' },
];

/** The steps the status allows (the lifecycle decides; "Liberar" also from aprovada, through pendente pagamento). */
export function allowedSteps(status: number): StepSpec[] {
  return STEPS.filter((s) => {
    if (s.event === 'disburse') return status === ProposalStatus.approved || status === ProposalStatus.paymentPending;
    return decideTransition(status as ProposalStatus, s.event).ok;
  });
}

function stepForm(ctx: ConsoleContext, numero: number, step: StepSpec): HtmlFragment {
  const label = step.reason === 'required' ? `Motivo (${step.label.toLowerCase()})` : `Observação (${step.label.toLowerCase()})`;
  const reason = step.reason === 'none' ? '' : reasonField(`motivo-${step.slug}`, label, step.reason === 'required');
  return actionForm(ctx, { action: `${LIST}/${numero}/${step.slug}`, label: step.label, confirm: step.confirm, fields: reason, className: `step step-${step.slug}` });
}

function dataSection(d: ProposalDetails): HtmlFragment {
  const p = d.data;
  const account = p.paymentAccount;
  return html`<section aria-labelledby="dados"><h2 id="dados">Dados</h2><dl class="facts">
<dt>Código</dt><dd><code>${p.code}</code></dd>
<dt>Situação</dt><dd><span class="status status-${p.status}">${p.statusDescription ?? p.status}</span></dd>
<dt>Parceiro</dt><dd>${p.partnerName} (${p.partner})</dd>
<dt>Operação</dt><dd>${p.operationCode ?? '—'}</dd>
<dt>Cliente</dt><dd>${p.personType} ${p.document}</dd>
<dt>Tipo de contrato</dt><dd>${p.contractType ?? '—'}</dd>
<dt>Criada em</dt><dd>${dateBr(p.createdAt)}</dd>
<dt>Conta de pagamento</dt><dd>${account === null ? '—' : `banco ${account.numeroBanco ?? '—'} ag ${account.agencia ?? '—'} cc ${account.conta ?? '—'}-${account.contaDig ?? '—'} ${account.nomePagamento ?? ''}`}</dd>
${p.refusalReason === null ? '' : html`<dt>Motivo da recusa</dt><dd>${p.refusalReason}</dd>`}
${p.cancellationReason === null ? '' : html`<dt>Motivo do cancelamento</dt><dd>${p.cancellationReason}</dd>`}
</dl></section>`;
}

function pricingSection(d: ProposalDetails): HtmlFragment {
  const c = d.pricing;
  return html`<section aria-labelledby="precificacao"><h2 id="precificacao">Precificação</h2><dl class="facts">
<dt>Valor solicitado</dt><dd>${brl(c.requestedAmount)}</dd>
<dt>Valor financiado</dt><dd>${brl(c.financedAmount)}</dd>
<dt>Parcela</dt><dd>${c.termMonths} × ${brl(c.installmentAmount)}</dd>
<dt>IOF</dt><dd>${brl(c.iofAmount)}</dd>
<dt>TAC</dt><dd>${brl(c.tacAmount)}</dd>
<dt>Taxa</dt><dd>${percent(c.monthlyRatePercent)} a.m.</dd>
<dt>CET</dt><dd>${percent(c.cetMonthlyPercent)} a.m. · ${percent(c.cetAnnualPercent)} a.a.</dd>
<dt>Contrato</dt><dd>${dateBr(c.contractDate)} · 1º vencimento ${dateBr(c.firstDueDate)}</dd>
</dl></section>`;
}

function historySection(d: ProposalDetails): HtmlFragment {
  return html`<section aria-labelledby="historico"><h2 id="historico">Histórico</h2><ol class="timeline">
${d.history.map((h) => html`<li><time datetime="${h.recordedAt}">${dateBr(h.on)}</time> <strong>${h.toDescription ?? h.to}</strong> <span class="muted">(${h.event}, por ${h.actor})</span>${h.reason === null ? '' : html`<br><span>${h.reason}</span>`}</li>`)}
</ol></section>`;
}

function scheduleSection(schedule: ScheduleView | null): HtmlFragment {
  if (schedule === null) return html`<section aria-labelledby="agenda"><h2 id="agenda">Agenda</h2><p class="empty">A agenda de recebíveis abre na liberação.</p></section>`;
  return html`<section aria-labelledby="agenda"><h2 id="agenda">Agenda</h2>
<h3>Parcelas</h3>${table('Parcelas', [
    { header: 'Nº', cell: (i) => i.number },
    { header: 'Vencimento', cell: (i) => dateBr(i.dueDate) },
    { header: 'Valor', cell: (i) => brl(i.amount), numeric: true },
    { header: 'Pago', cell: (i) => brl(i.totalPaid), numeric: true },
    { header: 'Situação', cell: (i) => i.state },
  ], schedule.installments)}
<h3>Boletos</h3>${table('Boletos', [
    { header: 'Número', cell: (b) => b.number },
    { header: 'Parcelas', cell: (b) => (b.purpose === 'refund' ? 'devolução' : b.installments.join(', ')) },
    { header: 'Vencimento', cell: (b) => dateBr(b.dueDate) },
    { header: 'Valor', cell: (b) => brl(b.amount), numeric: true },
    { header: 'Situação', cell: (b) => b.statusDescription },
    { header: 'PDF', cell: (b) => (b.printable ? html`<a href="${`/console/boletos/${b.number}.pdf`}" target="_blank" rel="noopener">PDF do boleto ${b.number}</a>` : '—') },
  ], schedule.boletos, 'Nenhum boleto emitido.')}
<h3>Pix</h3>${table('Cobranças Pix', [
    { header: 'Código', cell: (c) => html`<code>${c.code}</code>` },
    { header: 'Vencimento', cell: (c) => dateBr(c.dueDate) },
    { header: 'Valor', cell: (c) => brl(c.amount), numeric: true },
    { header: 'Situação', cell: (c) => c.status },
  ], schedule.charges.filter((c) => c.viaPix), 'Nenhuma cobrança Pix.')}
<h3>Lançamentos</h3>${table('Lançamentos', [
    { header: 'Parcela', cell: (l) => l.installmentNumber },
    { header: 'Data', cell: (l) => dateBr(l.on) },
    { header: 'Meio', cell: (l) => (l.viaBoleto ? 'boleto' : 'Pix/outro') },
    { header: 'Pagamento', cell: (l) => brl(l.payment), numeric: true },
    { header: 'Saldo da parcela', cell: (l) => brl(l.balanceAfter), numeric: true },
  ], schedule.launches, 'Nenhum lançamento.')}
</section>`;
}

function numeroOf(request: FastifyRequest): number | null {
  return proposalNumberOf((request.params as { numero?: string }).numero ?? '');
}

async function renderDetail(ctx: ConsoleContext, request: FastifyRequest): Promise<HtmlFragment> {
  const numero = numeroOf(request);
  if (numero === null) return html`<p class="flash flash-error" role="alert">Número de proposta inválido.</p>`;
  const details = await showProposal(ctx.services.db, numero, proposalDeps(ctx.services.config));
  const schedule = await scheduleView(ctx.services.db, details.data.code, brazilDateAt(ctx.now));
  const steps = allowedSteps(details.data.status).filter((s) => ctx.can(s.permission));
  return html`<p><a href="${LIST}">← Propostas</a></p><h2 class="subtitle">Proposta ${numero}</h2>
${steps.length === 0 ? '' : html`<div class="actions step-actions" aria-label="Ações">${steps.map((s) => stepForm(ctx, numero, s))}</div>`}
<div class="columns">${dataSection(details)}${pricingSection(details)}</div>
${historySection(details)}
${scheduleSection(schedule)}`;
}

function stepAction(services: ConsoleServices, step: StepSpec) {
  const commands = proposalOperatorCommands(proposalDeps(services.config));
  const fields = step.reason === 'required' ? Type.Object({ motivo: Type.String({ minLength: 1, maxLength: 500 }) }) : Type.Object({ motivo: Type.Optional(Type.String({ maxLength: 500 })) });
  return defineAction({
    path: `${LIST}/:numero/${step.slug}`,
    permission: step.permission,
    fields,
    commands: [step.command(commands)],
    run: async (ctx, form, request) => {
      const numero = numeroOf(request);
      if (numero === null) return { redirect: LIST, flash: 'Número de proposta inválido.', flashKind: 'error' };
      const reason = (form as { motivo?: string }).motivo?.trim() || null;
      const input = { proposalNumber: numero, at: null, reason, by: historyName(ctx.operator) };
      const outcome = await ctx.run(step.command(commands), input, { fourEyes: step.fourEyes, summary: `${step.label} a proposta ${numero}` });
      return { redirect: `${LIST}/${numero}`, flash: outcomeFlash(outcome, (r) => `Proposta ${r.proposalNumber}: ${r.statusDescription}.`) };
    },
  });
}

export default function propostas(services: ConsoleServices): ConsoleEntry[] {
  return [
    definePage({ path: LIST, title: 'Propostas', permission: 'read', nav: 'propostas', render: renderList }),
    definePage({ path: `${LIST}/:numero`, title: 'Proposta', permission: 'read', nav: 'propostas', render: renderDetail }),
    ...STEPS.map((step) => stepAction(services, step)),
  ];
}

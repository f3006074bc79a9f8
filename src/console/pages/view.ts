// Shared view pieces of the console-pages files (issue 16): pt-BR money and dates, tables,
// pagination links, query-string reading and the outcome of a command run (done or waiting for a
// second operator). Pure formatting: no I/O.
import type { FastifyRequest } from 'fastify';
import { html, type HtmlFragment, type HtmlValue } from '../html.js';
import type { RunOutcome } from '../page.js';

/** Rows per page of the console's lists. */
export const PAGE_SIZE = 25;

/** "1234.5" → "R$ 1.234,50" (decimal text, no floating point). */
export function brl(amount: string | number | null | undefined): string {
  if (amount === null || amount === undefined || amount === '') return '—';
  const text = typeof amount === 'number' ? amount.toFixed(2) : amount;
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace(/^-/, '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${negative ? '-' : ''}R$ ${grouped},${(fraction + '00').slice(0, 2)}`;
}

/** "2026-11-23" (or an ISO instant) → "23/11/2026"; an instant keeps its time in São Paulo. */
export function dateBr(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value.split('-').reverse().join('/');
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return value;
  return at.toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' });
}

export function percent(value: string | null | undefined): string {
  return value === null || value === undefined ? '—' : `${value.replace('.', ',')} %`;
}

export interface Column<T> {
  header: string;
  cell: (row: T) => HtmlValue;
  /** Right-aligned (amounts). */
  numeric?: boolean;
}

/** A table in a horizontally scrolling wrapper (390 px screens), with a caption for screen readers. */
export function table<T>(caption: string, columns: readonly Column<T>[], rows: readonly T[], empty = 'Nada encontrado.'): HtmlFragment {
  if (rows.length === 0) return html`<p class="empty">${empty}</p>`;
  return html`<div class="table-wrap"><table><caption class="visually-hidden">${caption}</caption>
<thead><tr>${columns.map((c) => html`<th scope="col"${c.numeric ? html` class="num"` : ''}>${c.header}</th>`)}</tr></thead>
<tbody>${rows.map((r) => html`<tr>${columns.map((c) => html`<td${c.numeric ? html` class="num"` : ''}>${c.cell(r)}</td>`)}</tr>`)}</tbody>
</table></div>`;
}

/** The request's query string as plain strings (first value of each name, trimmed). */
export function queryOf(request: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string' && first.trim() !== '') out[name] = first.trim();
  }
  return out;
}

/** The 1-based page of the query (?pagina=N), at least 1. */
export function pageOf(query: Record<string, string>): number {
  const n = Number(query.pagina);
  return Number.isSafeInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}

/** "Anterior" / "Próxima" links keeping the other filters. */
export function pagination(basePath: string, query: Record<string, string>, page: number, total: number, pageSize: number = PAGE_SIZE): HtmlFragment {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const link = (n: number) => `${basePath}?${new URLSearchParams({ ...query, pagina: String(n) }).toString()}`;
  return html`<nav class="pagination" aria-label="Paginação"><span>${total} no total · página ${page} de ${pages}</span>
${page > 1 ? html`<a href="${link(page - 1)}" rel="prev">Anterior</a>` : ''}
${page < pages ? html`<a href="${link(page + 1)}" rel="next">Próxima</a>` : ''}</nav>`;
}

/** A labelled select of a GET filter form. */
export function select(name: string, label: string, options: readonly (readonly [string, string])[], current: string | undefined): HtmlFragment {
  const id = `f-${name}`;
  return html`<div class="field"><label for="${id}">${label}</label><select id="${id}" name="${name}"><option value="">Todos</option>${options.map(([value, text]) => html`<option value="${value}"${value === current ? html` selected` : ''}>${text}</option>`)}</select></div>`;
}

/** The flash line of an action that ran a command: done, replayed, or waiting for a second operator. */
export function outcomeFlash<R>(outcome: RunOutcome<R>, done: (result: R) => string): string {
  if (outcome.kind === 'pending') return 'Pedido registrado: aguarda a confirmação de outro operador (Confirmações).';
  return done(outcome.result) + (outcome.replayed ? ' (já feito: nada mudou)' : '');
}

/** The name recorded in histories for the console's operator (the CLI records `operador:NAME` too). */
export function historyName(operator: { name: string }): string {
  return `operador:${operator.name}`;
}

/** The "motivo" input of an action form, with an id of its own (several forms share a page). */
export function reasonField(id: string, label: string, required: boolean): HtmlFragment {
  return html`<span class="field reason"><label for="${id}">${label}</label><input id="${id}" name="motivo" maxlength="500"${required ? html` required` : ''}></span>`;
}

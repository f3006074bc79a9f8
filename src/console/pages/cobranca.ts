// Cobrança (issue 16), /console/cobranca: boletos and charges (cobranças with boleto and/or Pix)
// with their status, newest first, by page; in the sandbox (CAAS_SANDBOX=true) a "Marcar pago"
// button settles a registered boleto or an active Pix charge through the receivables module's
// boleto.pay / pix.pay (the CLI's `caas boleto pay` / `caas pix pay`). The boleto slip is served to
// operators at /console/boletos/:numero.pdf: the same PDF as the boleto's urlImpressao.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { CommandDefinition } from '../../platform/commands.js';
import { BOLETO_STATUS_OPTIONS, boletoSlipByNumber, CHARGE_STATUSES, pageBoletos, pageCharges, paymentCommands, type ChargeLine, type StoredReceipt } from '../../modules/receivables/index.js';
import { actionForm } from '../forms.js';
import { html, type HtmlFragment } from '../html.js';
import { defineAction, definePage, type ConsoleContext, type ConsoleEntry, type ConsoleServices } from '../page.js';
import { brl, dateBr, outcomeFlash, pageOf, pagination, PAGE_SIZE, queryOf, select, table } from './view.js';
import { receivablesDeps } from '../../bindings.js';

const PATH = '/console/cobranca';
const NUMBER_RE = /^[1-9]\d{0,15}$/;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CHARGE_LABELS: Readonly<Record<(typeof CHARGE_STATUSES)[number], string>> = { active: 'Ativa', cancelling: 'Cancelando', cancelled: 'Cancelada', paid: 'Paga' };
const REGISTERED = 1;

type BoletoRow = Awaited<ReturnType<typeof pageBoletos>>['rows'][number];

function markPaid(ctx: ConsoleContext, action: string, what: string): HtmlFragment | '' {
  if (!ctx.services.config.sandbox || !ctx.can('collection.mark-paid')) return '';
  return actionForm(ctx, { action, label: 'Marcar pago', confirm: `Marcar ${what} como pago (sandbox)?` });
}

async function render(ctx: ConsoleContext, request: FastifyRequest): Promise<HtmlFragment> {
  const query = queryOf(request);
  const page = pageOf(query);
  const boletoStatus = BOLETO_STATUS_OPTIONS.some(([code]) => code === query.boleto) ? Number(query.boleto) : null;
  const chargeStatus = CHARGE_STATUSES.find((s) => s === query.cobranca) ?? null;
  const [boletos, charges] = await Promise.all([pageBoletos(ctx.services.db, boletoStatus, page, PAGE_SIZE), pageCharges(ctx.services.db, chargeStatus, page, PAGE_SIZE)]);
  const boletoColumns = [
    { header: 'Número', cell: (b: BoletoRow) => b.number },
    { header: 'Proposta', cell: (b: BoletoRow) => html`<a href="${`/console/propostas/${b.proposalNumber}`}">${b.proposalNumber}</a>` },
    { header: 'Vencimento', cell: (b: BoletoRow) => dateBr(b.dueDate) },
    { header: 'Valor', cell: (b: BoletoRow) => brl(b.amount), numeric: true },
    { header: 'Situação', cell: (b: BoletoRow) => html`${b.statusDescription}${b.paidOn === null ? '' : html`<br><span class="muted">pago ${brl(b.amountPaid)} em ${dateBr(b.paidOn)}</span>`}` },
    { header: 'PDF', cell: (b: BoletoRow) => (b.printable ? html`<a href="${`/console/boletos/${b.number}.pdf`}" target="_blank" rel="noopener">PDF do boleto ${b.number}</a>` : '—') },
    { header: 'Ações', cell: (b: BoletoRow) => (b.status === REGISTERED ? markPaid(ctx, `${PATH}/boletos/${b.number}/pagar`, `o boleto ${b.number}`) : '') },
  ];
  const chargeColumns = [
    { header: 'Código', cell: (c: ChargeLine) => html`<code>${c.code}</code>` },
    { header: 'Proposta', cell: (c: ChargeLine) => html`<a href="${`/console/propostas/${c.proposalNumber}`}">${c.proposalNumber}</a>` },
    { header: 'Meio', cell: (c: ChargeLine) => [c.viaBoleto ? 'boleto' : '', c.viaPix ? 'Pix' : ''].filter(Boolean).join(' + ') },
    { header: 'Vencimento', cell: (c: ChargeLine) => dateBr(c.dueDate) },
    { header: 'Valor', cell: (c: ChargeLine) => brl(c.amount), numeric: true },
    { header: 'Situação', cell: (c: ChargeLine) => html`${CHARGE_LABELS[c.status as keyof typeof CHARGE_LABELS] ?? c.status}${c.paidOn === null ? '' : html`<br><span class="muted">paga ${brl(c.amountPaid)} em ${dateBr(c.paidOn)}</span>`}` },
    { header: 'Ações', cell: (c: ChargeLine) => (c.viaPix && c.status === 'active' ? markPaid(ctx, `${PATH}/cobrancas/${c.code}/pagar`, `a cobrança Pix ${c.code}`) : '') },
  ];
  const { pagina: _page, ...kept } = query;
  return html`<form method="get" action="${PATH}" class="filters">${select('boleto', 'Situação do boleto', BOLETO_STATUS_OPTIONS, query.boleto)}${select('cobranca', 'Situação da cobrança', CHARGE_STATUSES.map((s) => [s, CHARGE_LABELS[s]] as const), query.cobranca)}<div class="actions"><button type="submit">Filtrar</button></div></form>
${ctx.services.config.sandbox ? html`<p class="muted">Sandbox: "Marcar pago" simula o pagamento no banco ou no PSP.</p>` : ''}
<h2>Boletos</h2>${table('Boletos', boletoColumns, boletos.rows, 'Nenhum boleto.')}
<h2>Cobranças</h2>${table('Cobranças', chargeColumns, charges.rows, 'Nenhuma cobrança.')}
${pagination(PATH, kept, page, Math.max(boletos.total, charges.total))}`;
}

function sandboxOnly(ctx: ConsoleContext) {
  return ctx.services.config.sandbox ? null : { redirect: PATH, flash: 'Marcar pago só existe no sandbox (CAAS_SANDBOX=true).', flashKind: 'error' as const };
}

/** GET /console/boletos/:file (N.pdf): the boleto slip for a signed-in operator (read permission). */
export async function sendBoletoSlip(services: ConsoleServices, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | null> {
  const match = /^([1-9]\d{0,15})\.pdf$/.exec((request.params as { file?: string }).file ?? '');
  const slip = match === null ? null : await boletoSlipByNumber(services.db, services.config.receivables, Number(match[1]));
  if (slip === null) return null;
  return reply.code(200).header('content-type', 'application/pdf').header('content-disposition', `inline; filename="boleto-${slip.number}.pdf"`).send(slip.pdf);
}

/** "Marcar pago" of a boleto (by number) or a Pix charge (by code): sandbox only, the module's pay command. */
function markPaidAction<I>(path: string, param: string, command: CommandDefinition<I, StoredReceipt>, inputOf: (value: string) => I | null, what: string) {
  return defineAction({
    path,
    permission: 'collection.mark-paid',
    fields: Type.Object({}),
    commands: [command],
    run: async (ctx, _form, request) => {
      const refused = sandboxOnly(ctx);
      if (refused !== null) return refused;
      const input = inputOf((request.params as Record<string, string>)[param] ?? '');
      if (input === null) return { redirect: PATH, flash: `${what}: identificador inválido.`, flashKind: 'error' };
      const outcome = await ctx.run(command, input);
      return { redirect: PATH, flash: outcomeFlash(outcome, (r) => `${what}: pagamento de ${brl(r.amount)} registrado (proposta ${r.proposalNumber}).`) };
    },
  });
}

const PAYMENT_AT_TODAY = { amount: null, at: null };

export default function cobranca(services: ConsoleServices): ConsoleEntry[] {
  const commands = paymentCommands(receivablesDeps(services.config));
  return [
    definePage({ path: PATH, title: 'Cobrança', permission: 'read', nav: 'cobranca', render }),
    markPaidAction(`${PATH}/boletos/:numero/pagar`, 'numero', commands.payBoleto, (v) => (NUMBER_RE.test(v) ? { boletoNumber: Number(v), payment: PAYMENT_AT_TODAY } : null), 'Boleto'),
    markPaidAction(`${PATH}/cobrancas/:codigo/pagar`, 'codigo', commands.payCharge, (v) => (UUID_RE.test(v) ? { code: v, payment: PAYMENT_AT_TODAY } : null), 'Cobrança Pix'),
  ];
}

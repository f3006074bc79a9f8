// Confirmações (issue 16), /console/confirmacoes: four-eyes (CAAS_FOUR_EYES). Pending actions of
// other operators with "Confirmar" and "Rejeitar" for those holding the action's permission, and
// the latest decisions. Confirming runs the stored command (the same CommandDefinition the action
// would have run) under its stored idempotency key, with the confirming operator as actor.
import { Type } from 'typebox';
import { runDefined } from '../../platform/commands.js';
import { DomainError } from '../../platform/errors.js';
import { closeConfirmation, confirmingDefinition, findConfirmation, listConfirmations, PERMISSIONS, type Confirmation, type Permission } from '../../modules/operators/index.js';
import { actionForm } from '../forms.js';
import { html, type HtmlFragment } from '../html.js';
import { defineAction, definePage, type ConsoleContext, type ConsoleEntry, type ConsoleServices } from '../page.js';
import { dateBr, table } from './view.js';

const PATH = '/console/confirmacoes';
const STATUS_LABELS = { pending: 'Aguardando', confirmed: 'Confirmada', rejected: 'Rejeitada', failed: 'Falhou' } as const;

const permissionOf = (c: Confirmation): Permission => (c.permission in PERMISSIONS ? (c.permission as Permission) : 'operator.admin');

function decisionForms(ctx: ConsoleContext, c: Confirmation): HtmlFragment {
  if (c.status !== 'pending') return html``;
  if (c.requestedBy.id === ctx.operator.id) return html`<span class="muted">aguarda outro operador</span>`;
  if (!ctx.can(permissionOf(c))) return html``;
  const target = html`<input type="hidden" name="id" value="${c.id}">`;
  return html`<div class="actions">${actionForm(ctx, { action: `${PATH}/confirmar`, label: 'Confirmar', confirm: `Confirmar: ${c.summary}?`, fields: target })}${actionForm(ctx, { action: `${PATH}/rejeitar`, label: 'Rejeitar', confirm: `Rejeitar: ${c.summary}?`, fields: target })}</div>`;
}

async function render(ctx: ConsoleContext): Promise<HtmlFragment> {
  const all = await listConfirmations(ctx.services.db);
  const columns = [
    { header: 'Ação', cell: (c: Confirmation) => html`${c.summary}<br><code>${c.command}</code>` },
    { header: 'Pedida por', cell: (c: Confirmation) => html`${c.requestedBy.name}<br>${dateBr(c.requestedAt.toISOString())}` },
    { header: 'Situação', cell: (c: Confirmation) => html`${STATUS_LABELS[c.status]}${c.decidedBy ? html`<br>por ${c.decidedBy}` : ''}${c.outcome ? html`<br><span class="muted">${c.outcome}</span>` : ''}` },
    { header: 'Ações', cell: (c: Confirmation) => decisionForms(ctx, c) },
  ];
  const kinds = ctx.services.config.operators.fourEyes;
  const intro = kinds.length === 0 ? html`<p>Dupla confirmação desligada (CAAS_FOUR_EYES vazio).</p>` : html`<p>Exigem confirmação de um segundo operador: ${kinds.join(', ')}.</p>`;
  return html`${intro}${table('Confirmações', columns, all, 'Nenhuma ação aguardando confirmação.')}`;
}

const ID_FIELDS = Type.Object({ id: Type.String({ minLength: 36, maxLength: 36 }) });

async function pending(ctx: ConsoleContext, id: string): Promise<Confirmation | string> {
  const c = await findConfirmation(ctx.services.db, id);
  if (c === null || c.status !== 'pending') return 'Esta confirmação não está mais pendente.';
  if (c.requestedBy.id === ctx.operator.id) return 'Quem pediu a ação não pode decidi-la.';
  if (!ctx.can(permissionOf(c))) return 'Seu papel não permite esta ação.';
  return c;
}

/**
 * Only an answer about the command itself (refused, invalid) closes a confirmation as failed; a
 * conflict (the same request confirmed at this moment by someone else) or an unavailable database
 * leaves it pending, so a double click never fails a request that the other click runs.
 */
export function closesConfirmation(kind: DomainError['kind']): boolean {
  return kind === 'business' || kind === 'validation' || kind === 'not_found' || kind === 'forbidden';
}

async function confirm(services: ConsoleServices, ctx: ConsoleContext, c: Confirmation): Promise<string> {
  const definition = services.catalogue.get(c.command);
  if (definition === undefined) return `O comando ${c.command} não está disponível neste console.`;
  try {
    await runDefined(services.commands, confirmingDefinition(definition, c, ctx.operator.id), c.input, ctx.actor, c.idempotencyKey);
    return `Confirmado: ${c.summary}.`;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const text = error.messages.map((m) => m.description).join(' ');
    // Another confirmation of the same request in flight, or the database busy: it stays pending.
    if (!closesConfirmation(error.kind)) return `Ainda não confirmado (${text}). Tente de novo em instantes.`;
    await closeConfirmation(services.db, c.id, ctx.operator.id, 'failed', text, services.wallClock.now());
    return `A ação falhou: ${text}`;
  }
}

export default function confirmacoes(services: ConsoleServices): ConsoleEntry[] {
  return [
    definePage({ path: PATH, title: 'Confirmações', permission: 'read', nav: 'confirmacoes', render }),
    defineAction({
      path: `${PATH}/confirmar`,
      permission: 'read',
      fields: ID_FIELDS,
      run: async (ctx, form) => {
        const c = await pending(ctx, form.id);
        if (typeof c === 'string') return { redirect: PATH, flash: c, flashKind: 'error' };
        return { redirect: PATH, flash: await confirm(services, ctx, c) };
      },
    }),
    defineAction({
      path: `${PATH}/rejeitar`,
      permission: 'read',
      fields: ID_FIELDS,
      run: async (ctx, form) => {
        const c = await pending(ctx, form.id);
        if (typeof c === 'string') return { redirect: PATH, flash: c, flashKind: 'error' };
        await closeConfirmation(services.db, c.id, ctx.operator.id, 'rejected', `rejeitada por ${ctx.operator.email}`, services.wallClock.now());
        return { redirect: PATH, flash: `Rejeitado: ${c.summary}.` };
      },
    }),
  ];
}


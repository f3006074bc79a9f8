// Operadores (issue 16), /console/operadores, admins only: the operators with role, state,
// password and TOTP; create one (a one-time set-password link is shown once), disable, enable and
// reset the password (clears password and TOTP, ends sessions, new link). The same
// CommandDefinitions as `caas operator …`.
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { runDefined } from '../../platform/commands.js';
import { createOperator, disableOperator, enableOperator, issuePasswordLink, listOperators, newToken, resetOperatorPassword, ROLE_LABELS, ROLES, tokenHash, type OperatorSummary } from '../../modules/operators/index.js';
import { actionForm, field, hiddenFields } from '../forms.js';
import { html, type HtmlFragment } from '../html.js';
import { defineAction, definePage, type ConsoleContext, type ConsoleEntry } from '../page.js';
import { table } from './view.js';

const PATH = '/console/operadores';

function createForm(ctx: ConsoleContext): HtmlFragment {
  return html`<section aria-labelledby="novo"><h2 id="novo">Novo operador</h2>
<form method="post" action="${PATH}" class="stack">${hiddenFields(ctx)}
${field({ name: 'email', label: 'E-mail', type: 'email', required: true })}
${field({ name: 'name', label: 'Nome', required: true })}
<div class="field"><label for="f-role">Papel</label><select id="f-role" name="role">${ROLES.map((r) => html`<option value="${r}">${ROLE_LABELS[r]}</option>`)}</select></div>
<button type="submit">Criar operador</button></form></section>`;
}

function actions(ctx: ConsoleContext, o: OperatorSummary): HtmlFragment {
  if (o.id === ctx.operator.id) return html`<span class="muted">você</span>`;
  const target = html`<input type="hidden" name="email" value="${o.email}">`;
  const toggle = o.enabled
    ? actionForm(ctx, { action: `${PATH}/desativar`, label: 'Desativar', confirm: `Desativar ${o.email}? As sessões dele terminam.`, fields: target })
    : actionForm(ctx, { action: `${PATH}/ativar`, label: 'Ativar', confirm: `Ativar ${o.email}?`, fields: target });
  const reset = actionForm(ctx, { action: `${PATH}/redefinir`, label: 'Redefinir senha', confirm: `Redefinir a senha e o TOTP de ${o.email}?`, fields: target });
  return html`<div class="actions">${toggle}${reset}</div>`;
}

async function render(ctx: ConsoleContext): Promise<HtmlFragment> {
  const operators = await listOperators(ctx.services.db);
  const columns = [
    { header: 'Operador', cell: (o: OperatorSummary) => html`<strong>${o.name}</strong><br>${o.email}` },
    { header: 'Papel', cell: (o: OperatorSummary) => ROLE_LABELS[o.role] },
    { header: 'Situação', cell: (o: OperatorSummary) => (o.enabled ? 'Ativo' : 'Desativado') },
    { header: 'Senha', cell: (o: OperatorSummary) => (o.hasPassword ? 'Definida' : 'Aguardando link') },
    { header: 'TOTP', cell: (o: OperatorSummary) => (o.hasTotp ? 'Ativo' : '—') },
    { header: 'Ações', cell: (o: OperatorSummary) => actions(ctx, o) },
  ];
  return html`${table('Operadores', columns, operators)}${createForm(ctx)}`;
}

/** Issues a one-time set-password link (keyless: the token is never stored) and returns it. */
async function passwordLink(ctx: ConsoleContext, request: FastifyRequest, email: string): Promise<string> {
  const token = newToken();
  await runDefined({ ...ctx.services.commands, clock: ctx.services.wallClock }, issuePasswordLink, { email, tokenHash: tokenHash(token) }, ctx.actor);
  const base = ctx.services.config.publicUrl || `${request.protocol}://${request.headers.host}`;
  return `${base}/console/senha?t=${token}`;
}

const EMAIL_FIELDS = Type.Object({ email: Type.String({ minLength: 3, maxLength: 254 }) });

export default function operadores(): ConsoleEntry[] {
  return [
    definePage({ path: PATH, title: 'Operadores', permission: 'operator.admin', nav: 'operadores', render }),
    defineAction({
      path: PATH,
      permission: 'operator.admin',
      fields: Type.Object({ email: Type.String({ minLength: 3, maxLength: 254 }), name: Type.String({ minLength: 1, maxLength: 120 }), role: Type.Union(ROLES.map((r) => Type.Literal(r))) }),
      commands: [createOperator, disableOperator, enableOperator, resetOperatorPassword],
      run: async (ctx, form, request) => {
        const outcome = await ctx.run(createOperator, { email: form.email, name: form.name, role: form.role });
        if (outcome.kind !== 'done') return { redirect: PATH };
        if (outcome.replayed) return { redirect: PATH, flash: `Operador ${outcome.result.email} já criado (nada mudou).` };
        return { redirect: PATH, flash: `Operador ${outcome.result.email} criado. Envie a ele este link para definir a senha (vale 24 h, mostrado uma vez): ${await passwordLink(ctx, request, outcome.result.email)}` };
      },
    }),
    ...(['ativar', 'desativar'] as const).map((verb) =>
      defineAction({
        path: `${PATH}/${verb}`,
        permission: 'operator.admin',
        fields: EMAIL_FIELDS,
        run: async (ctx, form) => {
          const outcome = await ctx.run(verb === 'ativar' ? enableOperator : disableOperator, { email: form.email });
          return { redirect: PATH, flash: outcome.kind === 'done' ? `${outcome.result.email} ${verb === 'ativar' ? 'ativado' : 'desativado'}.` : undefined };
        },
      }),
    ),
    defineAction({
      path: `${PATH}/redefinir`,
      permission: 'operator.admin',
      fields: EMAIL_FIELDS,
      run: async (ctx, form, request) => {
        const outcome = await ctx.run(resetOperatorPassword, { email: form.email });
        if (outcome.kind !== 'done') return { redirect: PATH };
        return { redirect: PATH, flash: `Senha e TOTP de ${outcome.result.email} redefinidos. Link para a nova senha (vale 24 h, mostrado uma vez): ${await passwordLink(ctx, request, outcome.result.email)}` };
      },
    }),
  ];
}

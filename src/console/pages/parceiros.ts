// Parceiros (issue 16), /console/parceiros: the partners with their state, scopes, keys and
// callback address; admins create a partner (uploading its public key), add and revoke keys, set
// the callback URL and header, rotate the callback secret, enable and disable. Every change runs
// the partners module's CommandDefinitions, the same ones `caas partner …` runs.
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { listPartners, partnerCommands, type PartnerCommands } from '../../modules/partners/index.js';
import { actionForm, field, hiddenFields } from '../forms.js';
import { html, type HtmlFragment } from '../html.js';
import { defineAction, definePage, type ConsoleContext, type ConsoleEntry, type ConsoleServices } from '../page.js';
import { dateBr, outcomeFlash, table } from './view.js';
import { PEM_CHARS_MAX } from '../limits.js';

const PATH = '/console/parceiros';
const CLIENT_ID_PARAM_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

type Partner = Awaited<ReturnType<typeof listPartners>>[number];

const detailPath = (clientId: string) => `${PATH}/${encodeURIComponent(clientId)}`;

function pemField(id: string, label: string): HtmlFragment {
  return html`<div class="field"><label for="${id}">${label}</label><textarea id="${id}" name="publicKey" required maxlength="${PEM_CHARS_MAX}" placeholder="-----BEGIN PUBLIC KEY-----"></textarea>
<label for="${id}-file">Ou escolha o arquivo .pem</label><input id="${id}-file" type="file" accept=".pem,.pub,.txt" data-fill="${id}"></div>`;
}

function createForm(ctx: ConsoleContext): HtmlFragment {
  return html`<section aria-labelledby="novo"><h2 id="novo">Novo parceiro</h2>
<form method="post" action="${PATH}" class="stack">${hiddenFields(ctx)}
${field({ name: 'name', label: 'Nome', required: true })}
${field({ name: 'clientId', label: 'Client ID (opcional)', hint: 'Gerado a partir do nome quando vazio.' })}
${pemField('f-publicKey', 'Chave pública (PEM)')}
<button type="submit">Criar parceiro</button></form></section>`;
}

async function renderList(ctx: ConsoleContext): Promise<HtmlFragment> {
  const partners = await listPartners(ctx.services.db);
  const columns = [
    { header: 'Parceiro', cell: (p: Partner) => html`<a href="${detailPath(p.clientId)}">${p.name}</a><br><code>${p.clientId}</code>` },
    { header: 'Situação', cell: (p: Partner) => (p.enabled ? 'Ativo' : 'Desativado') },
    { header: 'Chaves ativas', cell: (p: Partner) => p.keys.filter((k) => k.revokedAt === null).length },
    { header: 'Callback', cell: (p: Partner) => p.callbackUrl ?? '—' },
  ];
  return html`${table('Parceiros', columns, partners, 'Nenhum parceiro cadastrado.')}${ctx.can('partner.admin') ? createForm(ctx) : ''}`;
}

function keysSection(ctx: ConsoleContext, p: Partner): HtmlFragment {
  const admin = ctx.can('partner.admin');
  const columns = [
    { header: 'Chave (kid)', cell: (k: Partner['keys'][number]) => html`<code>${k.kid}</code>` },
    { header: 'Incluída', cell: (k: Partner['keys'][number]) => dateBr(k.createdAt.toISOString()) },
    { header: 'Situação', cell: (k: Partner['keys'][number]) => (k.revokedAt === null ? 'Ativa' : `Revogada em ${dateBr(k.revokedAt.toISOString())}`) },
    { header: 'Ações', cell: (k: Partner['keys'][number]) => (admin && k.revokedAt === null ? actionForm(ctx, { action: `${detailPath(p.clientId)}/chaves/revogar`, label: 'Revogar', confirm: `Revogar a chave ${k.kid}?`, fields: html`<input type="hidden" name="kid" value="${k.kid}">` }) : '') },
  ];
  const add = admin ? html`<form method="post" action="${detailPath(p.clientId)}/chaves" class="stack">${hiddenFields(ctx)}${pemField('f-newKey', 'Nova chave pública (PEM)')}<button type="submit">Adicionar chave</button></form>` : '';
  return html`<section aria-labelledby="chaves"><h2 id="chaves">Chaves</h2>${table('Chaves', columns, p.keys)}${add}</section>`;
}

function callbackSection(ctx: ConsoleContext, p: Partner): HtmlFragment {
  const current = html`<p>URL: ${p.callbackUrl ?? '—'} · Cabeçalho: ${p.callbackHeaderName ?? '—'}</p>`;
  if (!ctx.can('partner.admin')) return html`<section aria-labelledby="callback"><h2 id="callback">Callback</h2>${current}</section>`;
  return html`<section aria-labelledby="callback"><h2 id="callback">Callback</h2>${current}
<form method="post" action="${detailPath(p.clientId)}/callback" class="stack">${hiddenFields(ctx)}
${field({ name: 'callbackUrl', label: 'URL de callback', type: 'url', value: p.callbackUrl ?? '', hint: 'Vazio: sem callbacks.' })}
${field({ name: 'callbackHeader', label: 'Cabeçalho de callback', hint: '"Nome: valor", enviado com cada callback. Vazio: nenhum. Deixe como está para manter o atual.', value: p.callbackHeaderName === null ? '' : `${p.callbackHeaderName}: (mantido)` })}
<button type="submit">Salvar callback</button></form>
${actionForm(ctx, { action: `${detailPath(p.clientId)}/segredo`, label: 'Girar segredo', confirm: 'Emitir um novo segredo de assinatura de callbacks?', fields: html`<span class="field"><input id="f-retireOld" type="checkbox" name="retireOld" value="1"><label for="f-retireOld">Aposentar os segredos anteriores</label></span>`, className: 'stack' })}
</section>`;
}

async function renderDetail(ctx: ConsoleContext, request: FastifyRequest): Promise<HtmlFragment> {
  const clientId = (request.params as { clientId: string }).clientId;
  const p = (await listPartners(ctx.services.db)).find((x) => x.clientId === clientId);
  if (p === undefined) return html`<p>Parceiro não encontrado.</p><p><a href="${PATH}">Voltar</a></p>`;
  const toggle = ctx.can('partner.admin')
    ? actionForm(ctx, { action: `${detailPath(p.clientId)}/${p.enabled ? 'desativar' : 'ativar'}`, label: p.enabled ? 'Desativar' : 'Ativar', confirm: p.enabled ? `Desativar ${p.name}? Ele não obterá novos tokens.` : `Ativar ${p.name}?` })
    : '';
  return html`<p><a href="${PATH}">← Parceiros</a></p>
<h2>${p.name}</h2><p><code>${p.clientId}</code> · ${p.enabled ? 'Ativo' : 'Desativado'} · escopos: ${p.scopes?.join(' ') ?? 'todos'}</p>
<div class="actions">${toggle}</div>
${keysSection(ctx, p)}${callbackSection(ctx, p)}`;
}

function clientIdOf(request: FastifyRequest): string {
  const clientId = (request.params as { clientId?: string }).clientId ?? '';
  return CLIENT_ID_PARAM_RE.test(clientId) ? clientId : '';
}

/** The header field keeps the current header when left as shown; empty removes it. */
function headerChange(text: string): string | null | undefined {
  if (text.endsWith(': (mantido)')) return undefined;
  return text.trim() === '' ? null : text.trim();
}

export default function parceiros(services: ConsoleServices): ConsoleEntry[] {
  const commands: PartnerCommands = partnerCommands({ fullAccessAliases: services.config.auth.fullScopeAliases });
  const all = Object.values(commands);
  const onPartner = (suffix: string) => `${PATH}/:clientId${suffix}`;
  return [
    definePage({ path: PATH, title: 'Parceiros', permission: 'read', nav: 'parceiros', render: renderList }),
    definePage({ path: onPartner(''), title: 'Parceiro', permission: 'read', nav: 'parceiros', render: renderDetail }),
    defineAction({
      path: PATH,
      permission: 'partner.admin',
      fields: Type.Object({ name: Type.String({ minLength: 1, maxLength: 200 }), clientId: Type.String({ maxLength: 200 }), publicKey: Type.String({ minLength: 1, maxLength: PEM_CHARS_MAX }) }),
      commands: all,
      run: async (ctx, form) => {
        const input = { name: form.name, publicKeyPem: form.publicKey, ...(form.clientId.trim() === '' ? {} : { clientId: form.clientId.trim() }) };
        const outcome = await ctx.run(commands.create, input);
        if (outcome.kind !== 'done') return { redirect: PATH };
        return { redirect: detailPath(outcome.result.clientId), flash: `Parceiro ${outcome.result.clientId} criado. Segredo de assinatura dos callbacks (mostrado uma vez): ${outcome.result.callbackSecret}` };
      },
    }),
    defineAction({
      path: onPartner('/chaves'),
      permission: 'partner.admin',
      fields: Type.Object({ publicKey: Type.String({ minLength: 1, maxLength: PEM_CHARS_MAX }) }),
      run: async (ctx, form, request) => {
        const clientId = clientIdOf(request);
        const outcome = await ctx.run(commands.addKey, { clientId, pem: form.publicKey });
        return { redirect: detailPath(clientId), flash: outcomeFlash(outcome, (r) => `Chave ${r.kid} adicionada.`) };
      },
    }),
    defineAction({
      path: onPartner('/chaves/revogar'),
      permission: 'partner.admin',
      fields: Type.Object({ kid: Type.String({ minLength: 1, maxLength: 200 }) }),
      run: async (ctx, form, request) => {
        const clientId = clientIdOf(request);
        const outcome = await ctx.run(commands.revokeKey, { clientId, kid: form.kid });
        return { redirect: detailPath(clientId), flash: outcomeFlash(outcome, (r) => `Chave ${r.kid} revogada.`) };
      },
    }),
    defineAction({
      path: onPartner('/callback'),
      permission: 'partner.admin',
      fields: Type.Object({ callbackUrl: Type.String({ maxLength: 2048 }), callbackHeader: Type.String({ maxLength: 1200 }) }),
      run: async (ctx, form, request) => {
        const clientId = clientIdOf(request);
        const header = headerChange(form.callbackHeader);
        const flags = { callbackUrl: form.callbackUrl.trim() === '' ? null : form.callbackUrl.trim(), ...(header === undefined ? {} : { callbackHeader: header }) };
        const outcome = await ctx.run(commands.update, { clientId, flags });
        return { redirect: detailPath(clientId), flash: outcomeFlash(outcome, () => 'Callback salvo.') };
      },
    }),
    defineAction({
      path: onPartner('/segredo'),
      permission: 'partner.admin',
      fields: Type.Object({ retireOld: Type.Optional(Type.Literal('1')) }),
      run: async (ctx, form, request) => {
        const clientId = clientIdOf(request);
        const outcome = await ctx.run(commands.rotateSecret, { clientId, retireOld: form.retireOld === '1' });
        return { redirect: detailPath(clientId), flash: outcomeFlash(outcome, (r) => `Novo segredo de assinatura (mostrado uma vez): ${r.secret}`) };
      },
    }),
    ...(['ativar', 'desativar'] as const).map((verb) =>
      defineAction({
        path: onPartner(`/${verb}`),
        permission: 'partner.admin',
        fields: Type.Object({}),
        run: async (ctx, _form, request) => {
          const clientId = clientIdOf(request);
          const outcome = await ctx.run(verb === 'ativar' ? commands.enable : commands.disable, { clientId });
          return { redirect: detailPath(clientId), flash: outcomeFlash(outcome, () => (verb === 'ativar' ? 'Parceiro ativado.' : 'Parceiro desativado.')) };
        },
      }),
    ),
  ];
}

// The page shell of the console: pt-BR, the nav (Painel … Auditoria, + Relógio in the sandbox,
// + Operadores for admins, + Confirmações with four-eyes), the operator's name and "Sair", the
// flash message. Styles and scripts are local files (/console/assets): no inline code (CSP).
import { can, ROLE_LABELS, type Permission } from '../modules/operators/index.js';
import { html, type HtmlFragment } from './html.js';
import { hiddenFields } from './forms.js';
import type { ConsoleContext, NavKey } from './page.js';

export const ASSETS = '/console/assets';

interface NavEntry {
  key: NavKey;
  label: string;
  href: string;
  permission: Permission;
  when?: (ctx: ConsoleContext) => boolean;
}

export const NAV: readonly NavEntry[] = [
  { key: 'painel', label: 'Painel', href: '/console', permission: 'read' },
  { key: 'propostas', label: 'Propostas', href: '/console/propostas', permission: 'read' },
  { key: 'favorecidos', label: 'Favorecidos', href: '/console/favorecidos', permission: 'read' },
  { key: 'cobranca', label: 'Cobrança', href: '/console/cobranca', permission: 'read' },
  { key: 'conciliacao', label: 'Conciliação', href: '/console/conciliacao', permission: 'read' },
  { key: 'parceiros', label: 'Parceiros', href: '/console/parceiros', permission: 'read' },
  { key: 'callbacks', label: 'Callbacks', href: '/console/callbacks', permission: 'read' },
  { key: 'bureau', label: 'Bureau', href: '/console/bureau', permission: 'read' },
  { key: 'auditoria', label: 'Auditoria', href: '/console/auditoria', permission: 'read' },
  { key: 'confirmacoes', label: 'Confirmações', href: '/console/confirmacoes', permission: 'read', when: (ctx) => ctx.services.config.operators.fourEyes.length > 0 },
  { key: 'operadores', label: 'Operadores', href: '/console/operadores', permission: 'operator.admin' },
  { key: 'relogio', label: 'Relógio', href: '/console/relogio', permission: 'read', when: (ctx) => ctx.services.config.sandbox },
];

export interface Flash {
  text: string;
  kind: 'ok' | 'error';
}

/** The document around a body: head, stylesheet and script, then `main`. */
export function documentShell(title: string, body: HtmlFragment | HtmlFragment[]): HtmlFragment {
  return html`<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · caas</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${ASSETS}/console.css">
<script src="${ASSETS}/console.js" defer></script>
</head>
<body>
${body}
</body>
</html>
`;
}

export function flashBox(flash: Flash | null): HtmlFragment {
  if (flash === null) return html``;
  return html`<p class="flash flash-${flash.kind}" role="${flash.kind === 'error' ? 'alert' : 'status'}">${flash.text}</p>`;
}

export function layout(input: { title: string; ctx: ConsoleContext; active?: NavKey; body: HtmlFragment; flash?: Flash | null }): HtmlFragment {
  const { ctx } = input;
  const entries = NAV.filter((e) => can(ctx.operator.role, e.permission) && (e.when?.(ctx) ?? true));
  const nav = html`<header class="top">
<a class="brand" href="/console">caas</a>
<nav aria-label="Principal"><ul>${entries.map((e) => html`<li><a href="${e.href}"${e.key === input.active ? html` aria-current="page"` : ''}>${e.label}</a></li>`)}</ul></nav>
<div class="who"><span class="operator-name">${ctx.operator.name}</span> <span class="role">${ROLE_LABELS[ctx.operator.role]}</span>
<form method="post" action="/console/sair" class="inline">${hiddenFields(ctx)}<button type="submit">Sair</button></form></div>
</header>`;
  return documentShell(input.title, [nav, html`<main>${flashBox(input.flash ?? null)}<h1>${input.title}</h1>${input.body}</main>`]);
}

/** A page without the nav (login, set password, errors before a session). */
export function bareLayout(title: string, body: HtmlFragment, flash: Flash | null = null): HtmlFragment {
  return documentShell(title, html`<main class="narrow">${flashBox(flash)}<h1>${title}</h1>${body}</main>`);
}

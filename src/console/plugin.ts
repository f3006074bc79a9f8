// The console face (issue 16), mounted under /console: security headers (helmet: CSP default-src
// 'self', frame-ancestors 'none', nosniff, Referrer-Policy…), cookies, local assets, the session
// hook and the pages and actions of registry.ts. It reads ONLY its own session cookie: a partner's
// Bearer token never opens it, and the partner operations never read this cookie.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Value } from 'typebox/value';
import { DomainError } from '../platform/errors.js';
import { can, resumeSession, sameToken, type Permission, type Session } from '../modules/operators/index.js';
import { consoleContext } from './context.js';
import { CSRF_FIELD, KEY_FIELD } from './forms.js';
import { html, type HtmlFragment } from './html.js';
import { bareLayout, layout, type Flash } from './layout.js';
import type { ActionDefinition, ConsoleEntry, ConsoleServices, PageDefinition } from './page.js';
import { SESSION_COOKIE, FLASH_COOKIE, cookieOptions, readFlash, setFlash } from './session-cookie.js';

const ASSETS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'assets');
export const LOGIN_PATH = '/console/entrar';
export const TOTP_PATH = '/console/totp';
const IDEMPOTENCY_KEY_RE = /^[A-Za-z0-9._:-]{1,128}$/;

export const CONSOLE_CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

/** A console path ("/console/x") as registered in the /console-prefixed scope ("/x"). */
export function local(path: string): string {
  if (!path.startsWith('/console')) throw new Error(`assertion: console path outside /console: ${path}`);
  return path.slice('/console'.length) || '/';
}

export function sendHtml(reply: FastifyReply, status: number, page: HtmlFragment): FastifyReply {
  return reply.code(status).header('content-type', 'text/html; charset=utf-8').send(page.value);
}

export function errorPage(reply: FastifyReply, status: number, title: string, message: string): FastifyReply {
  return sendHtml(reply, status, bareLayout(title, html`<p>${message}</p><p><a href="/console">Voltar ao console</a></p>`));
}

/** The live session of the request's cookie, or null (never the Authorization header). */
export async function sessionOf(services: ConsoleServices, request: FastifyRequest): Promise<Session | null> {
  const token = request.cookies[SESSION_COOKIE];
  if (typeof token !== 'string' || token === '') return null;
  return resumeSession(services.db, token, services.wallClock.now(), services.config.operators);
}

/**
 * A same-origin check on top of the CSRF token: a browser's Origin, when sent, is this host as the
 * request names it (behind a proxy trusted by CAAS_TRUST_PROXY, X-Forwarded-Host) or PUBLIC_URL's.
 */
function sameOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    const host = new URL(origin).host;
    return host === request.host || host === request.headers.host || host === new URL(publicUrl).host;
  } catch {
    return false;
  }
}

export function formOf(request: FastifyRequest): Record<string, string> {
  const body = request.body;
  const out: Record<string, string> = {};
  if (body instanceof URLSearchParams) for (const [name, value] of body) out[name] = value;
  return out;
}

/** Checks the CSRF token of a form against the session's: false → the caller answers 403. */
export function csrfValid(services: ConsoleServices, request: FastifyRequest, expected: string, form: Record<string, string>): boolean {
  return sameOrigin(request, services.config.publicUrl) && sameToken(form[CSRF_FIELD] ?? '', expected);
}

async function requireSession(services: ConsoleServices, request: FastifyRequest, reply: FastifyReply): Promise<Session | null> {
  const session = await sessionOf(services, request);
  if (session === null) {
    reply.clearCookie(SESSION_COOKIE, cookieOptions());
    await reply.redirect(`${LOGIN_PATH}?expirada=1`, 303);
    return null;
  }
  if (session.mustEnrollTotp) {
    await reply.redirect(TOTP_PATH, 303);
    return null;
  }
  return session;
}

function forbidden(reply: FastifyReply): FastifyReply {
  return errorPage(reply, 403, 'Sem permissão', 'Seu papel não permite esta ação.');
}

function registerPage(scope: FastifyInstance, services: ConsoleServices, page: PageDefinition): void {
  scope.get(local(page.path), async (request, reply) => {
    const session = await requireSession(services, request, reply);
    if (session === null) return reply;
    if (!can(session.operator.role, page.permission)) return forbidden(reply);
    const ctx = consoleContext(services, session, request, page.permission);
    const body = await page.render(ctx, request);
    const flash: Flash | null = readFlash(request, reply);
    return sendHtml(reply, 200, layout({ title: page.title, ctx, active: page.nav, body, flash }));
  });
}

function problemsOf(action: ActionDefinition, fields: Record<string, string>): string[] {
  return [...Value.Errors(action.fields, fields)].map((e) => `${e.instancePath.replace(/^\//, '') || 'formulário'}: ${e.message}`);
}

function registerAction(scope: FastifyInstance, services: ConsoleServices, action: ActionDefinition): void {
  for (const definition of action.commands ?? []) services.catalogue.set(definition.name, definition);
  scope.post(local(action.path), { config: { formBody: true } }, async (request, reply) => {
    const session = await requireSession(services, request, reply);
    if (session === null) return reply;
    const form = formOf(request);
    if (!csrfValid(services, request, session.csrfToken, form)) return errorPage(reply, 403, 'Formulário recusado', 'O formulário expirou ou não veio deste console (CSRF). Recarregue a página e tente de novo.');
    if (!can(session.operator.role, action.permission)) return forbidden(reply);
    const key = form[KEY_FIELD];
    if (key !== undefined && !IDEMPOTENCY_KEY_RE.test(key)) return errorPage(reply, 400, 'Formulário inválido', 'Chave de idempotência inválida.');
    const { [CSRF_FIELD]: _csrf, [KEY_FIELD]: _key, ...fields } = form;
    const problems = problemsOf(action, fields);
    if (problems.length > 0) return sendHtml(reply, 400, bareLayout('Formulário inválido', html`<ul>${problems.map((p) => html`<li>${p}</li>`)}</ul><p><a href="/console">Voltar</a></p>`));
    const ctx = consoleContext(services, session, request, action.permission, key);
    try {
      const result = await action.run(ctx, fields as never, request);
      if (result.flash !== undefined) setFlash(reply, { text: result.flash, kind: result.flashKind ?? 'ok' });
      return reply.redirect(result.redirect, 303);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      setFlash(reply, { text: error.messages.map((m) => m.description).join(' '), kind: 'error' });
      return reply.redirect(safeBack(request), 303);
    }
  });
}

/** Back to the page the form was on (same origin only), else the console's home. */
export function safeBack(request: FastifyRequest): string {
  const referer = request.headers.referer;
  try {
    if (typeof referer === 'string') {
      const url = new URL(referer);
      if (url.host === request.headers.host && url.pathname.startsWith('/console')) return `${url.pathname}${url.search}`;
    }
  } catch {
    // not a URL
  }
  return '/console';
}

export interface ConsoleMount {
  services: ConsoleServices;
  entries: ConsoleEntry[];
  /** Routes outside the page contract: login, logout, set password, TOTP enrolment (auth-routes.ts). */
  extraRoutes: (scope: FastifyInstance, services: ConsoleServices) => void;
}

export function consolePlugin(mount: ConsoleMount): (app: FastifyInstance) => Promise<void> {
  return async (app) => {
    await app.register(
      async (scope) => {
        // The console is a face for people, not part of the partner interface: kept out of /openapi.json.
        scope.addHook('onRoute', (route) => {
          route.schema = { ...(route.schema ?? {}), hide: true } as typeof route.schema;
        });
        await scope.register(fastifyCookie);
        await scope.register(fastifyHelmet, {
          contentSecurityPolicy: { useDefaults: false, directives: CONSOLE_CSP },
          referrerPolicy: { policy: 'same-origin' },
          crossOriginEmbedderPolicy: false,
        });
        scope.addHook('onSend', async (_request, reply) => {
          if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
        });
        await scope.register(fastifyStatic, { root: ASSETS_DIR, prefix: '/assets/', decorateReply: false, cacheControl: false, etag: true, index: false, list: false });
        scope.setErrorHandler(async (error, request, reply) => {
          if (error instanceof DomainError) return errorPage(reply, 400, 'Pedido recusado', error.messages.map((m) => m.description).join(' '));
          request.log.error({ err: error }, 'console error');
          const status = typeof (error as { statusCode?: unknown }).statusCode === 'number' && (error as { statusCode: number }).statusCode < 500 ? (error as { statusCode: number }).statusCode : 500;
          return errorPage(reply, status, 'Erro', status < 500 ? 'Pedido inválido.' : 'Algo deu errado. Tente de novo.');
        });
        scope.setNotFoundHandler(async (_request, reply) => errorPage(reply, 404, 'Página não encontrada', 'Esta página não existe.'));
        mount.extraRoutes(scope, mount.services);
        for (const entry of mount.entries) {
          if (entry.kind === 'page') registerPage(scope, mount.services, entry);
          else registerAction(scope, mount.services, entry);
        }
      },
      { prefix: '/console' },
    );
  };
}

export type { Permission };
export { FLASH_COOKIE };

// The console's own pages outside the page contract: "Entrar" (login, with the TOTP "Código"),
// "Sair" (logout), "Definir senha" (the one-time link of `caas operator create|reset-password`) and
// the TOTP enrolment. Login CSRF is a double-submit cookie (no session exists yet); the others use
// the session's synchronizer token (or the link's token).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { runDefined } from '../platform/commands.js';
import { closeSession, enrollTotp, hashPassword, login, newToken, newTotpSecret, passwordLinkValid, passwordProblem, sameToken, setOperatorPassword, tokenHash, totpStep, totpUri, type Session } from '../modules/operators/index.js';
import { CSRF_FIELD, field, hiddenFields } from './forms.js';
import QRCode from 'qrcode';
import { html, raw } from './html.js';
import { bareLayout, type Flash } from './layout.js';
import type { ConsoleServices } from './page.js';
import { csrfValid, errorPage, formOf, local, LOGIN_PATH, sendHtml, sessionOf, TOTP_PATH } from './plugin.js';
import { cookieOptions, LOGIN_COOKIE, readFlash, SESSION_COOKIE, setFlash } from './session-cookie.js';

const PASSWORD_PATH = '/console/senha';
const LOGOUT_PATH = '/console/sair';

function loginPage(reply: FastifyReply, status: number, flash: Flash | null, email = ''): FastifyReply {
  const token = newToken();
  reply.setCookie(LOGIN_COOKIE, token, cookieOptions());
  const body = html`<form method="post" action="${LOGIN_PATH}" class="stack">
<input type="hidden" name="${CSRF_FIELD}" value="${token}">
${field({ name: 'email', label: 'E-mail', type: 'email', value: email, required: true, autocomplete: 'username' })}
${field({ name: 'password', label: 'Senha', type: 'password', required: true, autocomplete: 'current-password' })}
${field({ name: 'code', label: 'Código', inputmode: 'numeric', autocomplete: 'one-time-code', hint: 'Os 6 dígitos do seu aplicativo autenticador, se você o configurou.' })}
<button type="submit">Entrar</button>
</form>`;
  return sendHtml(reply, status, bareLayout('Entrar no console', body, flash));
}

const LOGIN_MESSAGES = {
  invalid: 'E-mail, senha ou código incorretos.',
  'code-required': 'Informe o código do seu aplicativo autenticador.',
  throttled: 'Muitas tentativas. Aguarde alguns minutos e tente de novo.',
} as const;

async function postLogin(services: ConsoleServices, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const form = formOf(request);
  const expected = request.cookies[LOGIN_COOKIE] ?? '';
  if (!sameToken(form[CSRF_FIELD] ?? '', expected)) return loginPage(reply, 403, { text: 'O formulário expirou. Tente de novo.', kind: 'error' }, form.email);
  const outcome = await login(services.db, { email: form.email ?? '', password: form.password ?? '', code: form.code, ip: request.ip }, services.wallClock.now());
  if (outcome.kind !== 'ok') return loginPage(reply, outcome.kind === 'throttled' ? 429 : 200, { text: LOGIN_MESSAGES[outcome.kind], kind: 'error' }, form.email);
  reply.clearCookie(LOGIN_COOKIE, cookieOptions());
  reply.setCookie(SESSION_COOKIE, outcome.token, cookieOptions());
  return reply.redirect('/console', 303);
}

async function postLogout(services: ConsoleServices, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const session = await sessionOf(services, request);
  const token = request.cookies[SESSION_COOKIE];
  if (session !== null && typeof token === 'string') {
    if (!csrfValid(services, request, session.csrfToken, formOf(request))) return errorPage(reply, 403, 'Formulário recusado', 'O formulário expirou ou não veio deste console (CSRF).');
    await closeSession(services.db, token);
  }
  reply.clearCookie(SESSION_COOKIE, cookieOptions());
  setFlash(reply, { text: 'Você saiu do console.', kind: 'ok' });
  return reply.redirect(LOGIN_PATH, 303);
}

function passwordForm(token: string, flash: Flash | null): ReturnType<typeof bareLayout> {
  return bareLayout(
    'Definir senha',
    html`<form method="post" action="${PASSWORD_PATH}" class="stack">
<input type="hidden" name="t" value="${token}">
${field({ name: 'password', label: 'Nova senha', type: 'password', required: true, autocomplete: 'new-password' })}
${field({ name: 'confirmation', label: 'Repita a senha', type: 'password', required: true, autocomplete: 'new-password' })}
<button type="submit">Definir senha</button>
</form>`,
    flash,
  );
}

async function postPassword(services: ConsoleServices, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const form = formOf(request);
  const token = form.t ?? '';
  if (!(await passwordLinkValid(services.db, tokenHash(token), services.wallClock.now()))) return errorPage(reply, 400, 'Link inválido', 'Este link expirou ou já foi usado. Peça outro a um administrador.');
  const password = form.password ?? '';
  const problem = password !== form.confirmation ? 'As duas senhas não são iguais.' : passwordProblem(password);
  if (problem !== null) return sendHtml(reply, 400, passwordForm(token, { text: problem, kind: 'error' }));
  const passwordHash = await hashPassword(password);
  await runDefined({ ...services.commands, clock: services.wallClock }, setOperatorPassword, { tokenHash: tokenHash(token), passwordHash }, { kind: 'operator', id: 'set-password link', source: `console ${request.ip}` });
  setFlash(reply, { text: 'Senha definida. Entre com ela.', kind: 'ok' });
  return reply.redirect(LOGIN_PATH, 303);
}

async function totpPage(reply: FastifyReply, session: Session, secret: string, status: number, flash: Flash | null): Promise<FastifyReply> {
  const uri = totpUri(secret, session.operator.email);
  // Inline SVG is markup, not a resource: the CSP (img-src 'self', no data:) holds. qrcode writes
  // only an <svg> of paths from the address's modules.
  const qr = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  const body = html`<p>Leia o QR code com o seu aplicativo autenticador (Google Authenticator, Aegis, 1Password…), ou cadastre a chave à mão, e digite o código que ele mostra.</p>
<figure class="totp-qr" role="img" aria-label="QR code da chave">${raw(qr)}</figure>
<p class="secret">Chave: <code>${secret}</code></p>
<p class="secret">Endereço: <code>${uri}</code></p>
<form method="post" action="${TOTP_PATH}" class="stack">${hiddenFields(session)}<input type="hidden" name="secret" value="${secret}">
${field({ name: 'code', label: 'Código', inputmode: 'numeric', autocomplete: 'one-time-code', required: true })}
<button type="submit">Ativar</button></form>`;
  return sendHtml(reply, status, bareLayout('Verificação em duas etapas', body, flash));
}

async function postTotp(services: ConsoleServices, session: Session, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const form = formOf(request);
  if (!csrfValid(services, request, session.csrfToken, form)) return errorPage(reply, 403, 'Formulário recusado', 'O formulário expirou ou não veio deste console (CSRF).');
  const secret = form.secret ?? '';
  if (!/^[A-Z2-7]{32}$/.test(secret)) return errorPage(reply, 400, 'Formulário inválido', 'Chave inválida.');
  const step = totpStep(secret, form.code ?? '', services.wallClock.now());
  if (step === null) return totpPage(reply, session, secret, 400, { text: 'Código incorreto. Confira o relógio do celular e tente de novo.', kind: 'error' });
  await runDefined({ ...services.commands, clock: services.wallClock }, enrollTotp, { operatorId: session.operator.id, secret, step }, { kind: 'operator', id: session.operator.email, source: `console ${request.ip}` });
  setFlash(reply, { text: 'Verificação em duas etapas ativada.', kind: 'ok' });
  return reply.redirect('/console', 303);
}

export function authRoutes(scope: FastifyInstance, services: ConsoleServices): void {
  scope.get(local(LOGIN_PATH), async (request, reply) => {
    const expired = (request.query as Record<string, unknown>).expirada !== undefined;
    const flash = readFlash(request, reply) ?? (expired ? { text: 'Sua sessão terminou. Entre de novo.', kind: 'error' as const } : null);
    return loginPage(reply, 200, flash);
  });
  scope.post(local(LOGIN_PATH), { config: { formBody: true } }, (request, reply) => postLogin(services, request, reply));
  scope.post(local(LOGOUT_PATH), { config: { formBody: true } }, (request, reply) => postLogout(services, request, reply));
  scope.get(local(PASSWORD_PATH), async (request, reply) => {
    const token = String((request.query as Record<string, unknown>).t ?? '');
    if (!(await passwordLinkValid(services.db, tokenHash(token), services.wallClock.now()))) return errorPage(reply, 400, 'Link inválido', 'Este link expirou ou já foi usado. Peça outro a um administrador.');
    return sendHtml(reply.header('referrer-policy', 'no-referrer'), 200, passwordForm(token, null));
  });
  scope.post(local(PASSWORD_PATH), { config: { formBody: true } }, (request, reply) => postPassword(services, request, reply));
  scope.get(local(TOTP_PATH), async (request, reply) => {
    const session = await sessionOf(services, request);
    if (session === null) return reply.redirect(LOGIN_PATH, 303);
    if (session.operator.hasTotp) return reply.redirect('/console', 303);
    return totpPage(reply, session, newTotpSecret(), 200, readFlash(request, reply));
  });
  scope.post(local(TOTP_PATH), { config: { formBody: true } }, async (request, reply) => {
    const session = await sessionOf(services, request);
    if (session === null) return reply.redirect(LOGIN_PATH, 303);
    if (session.operator.hasTotp) return reply.redirect('/console', 303);
    return postTotp(services, session, request, reply);
  });
}

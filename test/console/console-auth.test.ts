// The console's security core through fastify.inject with a frozen clock (issue 16): headers, login
// (with and without TOTP), login CSRF and form CSRF, idle and absolute session timeouts, throttling
// per account and per IP, and the separation of partner tokens and console sessions.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { LOGIN_FAILURES_PER_ACCOUNT_MAX, LOGIN_FAILURES_PER_IP_MAX, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, totpCode } from '../../src/modules/operators/index.js';
import { startTestService, type TestService } from '../support/app.js';
import { createTestOperator, type TestOperator } from '../support/console.js';

let service: TestService;
let analyst: TestOperator;
let admin: TestOperator;

before(async () => {
  service = await startTestService();
  analyst = await createTestOperator(service.database.db, 'analyst', { clock: service.clock });
  admin = await createTestOperator(service.database.db, 'admin', { clock: service.clock, totp: true });
});
after(() => service?.close());

function cookiesOf(response: LightMyRequestResponse): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of response.cookies) out[c.name] = c.value;
  return out;
}

function cookieHeader(cookies: Record<string, string>): string {
  return Object.entries(cookies).map(([k, v]) => `${k}=${v}`).join('; ');
}

async function loginForm(): Promise<{ csrf: string; cookies: Record<string, string> }> {
  const page = await service.app.inject({ url: '/console/entrar' });
  assert.equal(page.statusCode, 200);
  const csrf = /name="_csrf" value="([^"]+)"/.exec(page.body)?.[1];
  assert.ok(csrf);
  return { csrf, cookies: cookiesOf(page) };
}

async function postLogin(fields: Record<string, string>, ip = '10.0.0.1', override?: { csrf?: string }): Promise<LightMyRequestResponse> {
  const { csrf, cookies } = await loginForm();
  const payload = new URLSearchParams({ _csrf: override?.csrf ?? csrf, ...fields }).toString();
  return service.app.inject({ method: 'POST', url: '/console/entrar', remoteAddress: ip, headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookieHeader(cookies) }, payload });
}

async function session(operator: TestOperator, ip = '10.0.0.2'): Promise<string> {
  const code = operator.totpSecret ? totpCode(operator.totpSecret, service.clock.now()) : '';
  const response = await postLogin({ email: operator.email, password: operator.password, code }, ip);
  assert.equal(response.statusCode, 303, response.body);
  const cookie = response.cookies.find((c) => c.name === 'caas_console');
  assert.ok(cookie);
  return cookie.value;
}

const get = (url: string, token?: string, headers: Record<string, string> = {}) => service.app.inject({ url, headers: { ...headers, ...(token ? { cookie: `caas_console=${token}` } : {}) } });

test('console pages carry CSP and the usual security headers; no session → the login page', async () => {
  const home = await get('/console');
  assert.equal(home.statusCode, 303);
  assert.equal(home.headers.location, '/console/entrar?expirada=1');
  const page = await get('/console/entrar');
  const csp = String(page.headers['content-security-policy']);
  for (const directive of ["default-src 'self'", "script-src 'self'", "style-src 'self'", "frame-ancestors 'none'", "object-src 'none'", "form-action 'self'"]) assert.ok(csp.includes(directive), `${directive} in ${csp}`);
  assert.equal(page.headers['x-frame-options'], 'SAMEORIGIN');
  assert.equal(page.headers['x-content-type-options'], 'nosniff');
  assert.equal(page.headers['referrer-policy'], 'same-origin');
  assert.equal(page.headers['cache-control'], 'no-store');
  assert.match(page.body, /<html lang="pt-BR">/);
  assert.match(page.body, /<label for="f-email">E-mail<\/label>/);
  assert.doesNotMatch(page.body, /<script>|style="/, 'no inline script or style');
  const css = await get('/console/assets/console.css');
  assert.equal(css.statusCode, 200);
  assert.match(String(css.headers['content-type']), /text\/css/);
});

test('login: the session cookie is Secure, HttpOnly, SameSite=Strict; the page shows the operator and "Sair"', async () => {
  const { csrf, cookies } = await loginForm();
  const response = await service.app.inject({ method: 'POST', url: '/console/entrar', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookieHeader(cookies) }, payload: new URLSearchParams({ _csrf: csrf, email: analyst.email.toUpperCase(), password: analyst.password }).toString() });
  assert.equal(response.statusCode, 303);
  const cookie = response.cookies.find((c) => c.name === 'caas_console');
  assert.ok(cookie);
  assert.equal(cookie.secure, true);
  assert.equal(cookie.httpOnly, true);
  assert.equal(cookie.sameSite, 'Strict');
  assert.equal(cookie.path, '/console');
  const home = await get('/console', cookie.value);
  assert.equal(home.statusCode, 200);
  assert.ok(home.body.includes(analyst.name));
  assert.match(home.body, />Sair</);
  assert.doesNotMatch(home.body, /Operadores/, 'an analyst sees no admin entry');
});

test('login CSRF: a form without the login cookie token is refused', async () => {
  const response = await postLogin({ email: analyst.email, password: analyst.password }, '10.0.0.3', { csrf: 'forged' });
  assert.equal(response.statusCode, 403);
  assert.equal(response.cookies.find((c) => c.name === 'caas_console'), undefined);
});

test('TOTP: an operator with a second factor needs the code; a wrong code fails; a code works once', async () => {
  const without = await postLogin({ email: admin.email, password: admin.password }, '10.0.1.1');
  assert.equal(without.statusCode, 200);
  assert.match(without.body, /Informe o código/);
  assert.equal(without.cookies.find((c) => c.name === 'caas_console'), undefined);
  const wrong = await postLogin({ email: admin.email, password: admin.password, code: '000000' }, '10.0.1.1');
  assert.match(wrong.body, /incorretos/);
  const code = totpCode(admin.totpSecret!, service.clock.now());
  const ok = await postLogin({ email: admin.email, password: admin.password, code }, '10.0.1.1');
  assert.equal(ok.statusCode, 303);
  const again = await postLogin({ email: admin.email, password: admin.password, code }, '10.0.1.1');
  assert.match(again.body, /incorretos/, 'the same code is refused the second time');
});

test('form CSRF: a POST without the session token is refused (403), with it logout works', async () => {
  const token = await session(analyst);
  const forged = await service.app.inject({ method: 'POST', url: '/console/sair', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `caas_console=${token}` }, payload: '_csrf=nope' });
  assert.equal(forged.statusCode, 403);
  assert.equal((await get('/console', token)).statusCode, 200, 'still logged in');
  const home = await get('/console', token);
  const csrf = /name="_csrf" value="([^"]+)"/.exec(home.body)?.[1];
  const crossOrigin = await service.app.inject({ method: 'POST', url: '/console/sair', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `caas_console=${token}`, origin: 'https://evil.example', host: 'localhost:80' }, payload: `_csrf=${csrf}` });
  assert.equal(crossOrigin.statusCode, 403, 'a right token from another origin is refused too');
  const out = await service.app.inject({ method: 'POST', url: '/console/sair', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `caas_console=${token}` }, payload: `_csrf=${csrf}` });
  assert.equal(out.statusCode, 303);
  assert.equal((await get('/console', token)).statusCode, 303, 'the session is over');
});

test('sessions end after the idle timeout and after the absolute timeout', async () => {
  const idle = await session(analyst);
  service.clock.advance(SESSION_IDLE_MS - 1000);
  assert.equal((await get('/console', idle)).statusCode, 200);
  service.clock.advance(SESSION_IDLE_MS);
  assert.equal((await get('/console', idle)).statusCode, 303, 'idle too long');
  const busy = await session(analyst);
  const step = SESSION_IDLE_MS / 2;
  for (let spent = 0; spent + step < SESSION_ABSOLUTE_MS; spent += step) {
    service.clock.advance(step);
    if (spent + 2 * step < SESSION_ABSOLUTE_MS) assert.equal((await get('/console', busy)).statusCode, 200);
  }
  service.clock.advance(step);
  assert.equal((await get('/console', busy)).statusCode, 303, 'past the absolute timeout');
});

test('throttling: per account, then per IP; failures are kept in PostgreSQL', async () => {
  const victim = await createTestOperator(service.database.db, 'analyst', { clock: service.clock });
  for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT_MAX; i += 1) assert.match((await postLogin({ email: victim.email, password: 'wrong password!' }, `10.1.0.${i}`)).body, /incorretos/);
  const locked = await postLogin({ email: victim.email, password: victim.password }, '10.1.1.1');
  assert.equal(locked.statusCode, 429, 'the right password is refused while the account is throttled');
  const rows = await service.database.db.selectFrom('operator_login_failures').select('id').where('email', '=', victim.email).execute();
  assert.equal(rows.length, LOGIN_FAILURES_PER_ACCOUNT_MAX);
  for (let i = 0; i < LOGIN_FAILURES_PER_IP_MAX; i += 1) await postLogin({ email: `nobody${i}@example.com`, password: 'wrong password!' }, '10.2.0.1');
  assert.equal((await postLogin({ email: analyst.email, password: analyst.password }, '10.2.0.1')).statusCode, 429, 'this IP is throttled');
  assert.equal((await postLogin({ email: analyst.email, password: analyst.password }, '10.2.0.2')).statusCode, 303, 'another IP is not');
});

test('a burst of simultaneous logins gets no more tries than the limit; one TOTP code raced opens one session', async () => {
  const victim = await createTestOperator(service.database.db, 'analyst', { clock: service.clock });
  const burst = await Promise.all(Array.from({ length: 30 }, (_, i) => postLogin({ email: victim.email, password: 'wrong password!' }, `10.3.0.${i}`)));
  const tried = burst.filter((r) => r.statusCode !== 429).length;
  assert.ok(tried <= LOGIN_FAILURES_PER_ACCOUNT_MAX, `${tried} attempts reached the password check`);
  const rows = await service.database.db.selectFrom('operator_login_failures').select('id').where('email', '=', victim.email).execute();
  assert.equal(rows.length, tried, 'each attempt that was checked counts as a failure; refused ones do not');
  const twoFactor = await createTestOperator(service.database.db, 'admin', { clock: service.clock, totp: true });
  const code = totpCode(twoFactor.totpSecret!, service.clock.now());
  const raced = await Promise.all([1, 2, 3].map((i) => postLogin({ email: twoFactor.email, password: twoFactor.password, code }, `10.4.0.${i}`)));
  assert.equal(raced.filter((r) => r.statusCode === 303).length, 1, 'one session for one code');
});

test('behind a trusted proxy (CAAS_TRUST_PROXY): throttling sees the client address; forms from PUBLIC_URL pass the origin check', async () => {
  const proxied = await startTestService({ CAAS_TRUST_PROXY: '127.0.0.1', PUBLIC_URL: 'https://caas.example.com' });
  try {
    const page = await proxied.app.inject({ url: '/console/entrar' });
    const csrf = /name="_csrf" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const cookie = cookieHeader(cookiesOf(page));
    const form = new URLSearchParams({ _csrf: csrf, email: 'someone@example.com', password: 'wrong password!' }).toString();
    const headers = { 'content-type': 'application/x-www-form-urlencoded', cookie, 'x-forwarded-for': '203.0.113.7' };
    await proxied.app.inject({ method: 'POST', url: '/console/entrar', remoteAddress: '127.0.0.1', headers, payload: form });
    await proxied.app.inject({ method: 'POST', url: '/console/entrar', remoteAddress: '10.9.9.9', headers, payload: form });
    const ips = (await proxied.database.db.selectFrom('operator_login_failures').select('ip').orderBy('id').execute()).map((r) => r.ip);
    assert.deepEqual(ips, ['203.0.113.7', '10.9.9.9'], 'the trusted proxy forwards the client; an untrusted peer is itself');
    const operator = await createTestOperator(proxied.database.db, 'analyst', { clock: proxied.clock });
    const login = new URLSearchParams({ _csrf: csrf, email: operator.email, password: operator.password }).toString();
    const signedIn = await proxied.app.inject({ method: 'POST', url: '/console/entrar', remoteAddress: '127.0.0.1', headers: { ...headers, 'x-forwarded-for': '203.0.113.8' }, payload: login });
    const token = signedIn.cookies.find((c) => c.name === 'caas_console')?.value ?? '';
    const home = await proxied.app.inject({ url: '/console', headers: { cookie: `caas_console=${token}` } });
    const sessionCsrf = /name="_csrf" value="([^"]+)"/.exec(home.body)?.[1] ?? '';
    const logout = (origin: string) => proxied.app.inject({ method: 'POST', url: '/console/sair', remoteAddress: '127.0.0.1', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `caas_console=${token}`, host: 'caas-internal:8080', origin }, payload: new URLSearchParams({ _csrf: sessionCsrf }).toString() });
    assert.equal((await logout('https://evil.example.net')).statusCode, 403, 'another origin is refused');
    assert.equal((await logout('https://caas.example.com')).statusCode, 303, 'PUBLIC_URL is this console, whatever Host the proxy sends');
  } finally {
    await proxied.close();
  }
});

test('no input yields a 500: a proposal number past PostgreSQL integer, in the URL, the search and an action; a four-eyes form without its key', async () => {
  const token = await session(analyst, '10.5.0.1');
  for (const url of ['/console/propostas/9999999999', '/console/propostas?q=9999999999', '/console/propostas/2147483648']) {
    const page = await get(url, token);
    assert.equal(page.statusCode, 200, `${url}: ${page.statusCode}`);
  }
  const fourEyes = await startTestService({ CAAS_FOUR_EYES: 'payees' });
  try {
    const approver = await createTestOperator(fourEyes.database.db, 'approver', { clock: fourEyes.clock });
    const page = await fourEyes.app.inject({ url: '/console/entrar' });
    const csrf = /name="_csrf" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const form = { 'content-type': 'application/x-www-form-urlencoded', cookie: cookieHeader(cookiesOf(page)) };
    const signedIn = await fourEyes.app.inject({ method: 'POST', url: '/console/entrar', headers: form, payload: new URLSearchParams({ _csrf: csrf, email: approver.email, password: approver.password }).toString() });
    const cookie = `caas_console=${signedIn.cookies.find((c) => c.name === 'caas_console')?.value ?? ''}`;
    const list = await fourEyes.app.inject({ url: '/console/favorecidos', headers: { cookie } });
    const sessionCsrf = /name="_csrf" value="([^"]+)"/.exec(list.body)?.[1] ?? '';
    const approve = await fourEyes.app.inject({ method: 'POST', url: `/console/favorecidos/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/aprovar`, headers: { 'content-type': 'application/x-www-form-urlencoded', cookie }, payload: new URLSearchParams({ _csrf: sessionCsrf }).toString() });
    assert.equal(approve.statusCode, 303, approve.body);
    const flash = approve.cookies.find((c) => c.name === 'caas_console_flash')?.value ?? '';
    assert.match(Buffer.from(flash, 'base64url').toString(), /chave de idempotência/);
  } finally {
    await fourEyes.close();
  }
});

test('a partner token never opens the console; a console session never calls partner operations', async () => {
  const partner = await service.onboard();
  const bearer = await service.token(partner);
  const console = await get('/console', undefined, { authorization: `Bearer ${bearer}` });
  assert.equal(console.statusCode, 303);
  assert.equal(console.headers.location, '/console/entrar?expirada=1');
  const token = await session(analyst);
  const operation = await service.app.inject({ method: 'POST', url: '/Proposta/Consultar', headers: { 'content-type': 'application/json', cookie: `caas_console=${token}` }, payload: '{}' });
  assert.equal(operation.statusCode, 401);
});

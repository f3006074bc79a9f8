// The console-core pages in Chromium against a real listening caas in sandbox mode (issue 16, 18):
// Parceiros (create with an uploaded key, add/revoke keys, callback, rotate the secret, disable),
// Operadores (create → one-time link → set the password → log in), Relógio (advance), and roles:
// an analyst sees no admin button and the server refuses the POST anyway.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { randomUUID } from 'node:crypto';
import { generatePartnerKeyPair } from '../../src/modules/partners/index.js';
import { fetchToken, onboardPartner } from '../support/e2e-partner.js';
import type { TestDatabase } from '../support/db.js';
import type { RunningServer } from '../support/server.js';
import { createTestOperator, startConsoleStack, stopConsoleStack, login, loginAs, type TestOperator } from '../support/console.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SCREENSHOTS = process.env.CAAS_CONSOLE_SCREENSHOTS === '1' ? path.join(ROOT, 'docs/console') : null;
let database: TestDatabase;
let server: RunningServer;
let browser: Browser;
let admin: TestOperator;
let analyst: TestOperator;
let dir: string;

before(async () => {
  ({ database, server, browser } = await startConsoleStack({ CAAS_SANDBOX: 'true', CAAS_FOUR_EYES: 'payees,disbursements' }));
  admin = await createTestOperator(database.db, 'admin', { name: 'Ana Admin' });
  analyst = await createTestOperator(database.db, 'analyst', { name: 'Caio Analista' });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caas-console-'));
});

after(async () => {
  await stopConsoleStack({ browser, server, database });
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

async function open(operator: TestOperator, width = 1280): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: 860 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('dialog', (dialog) => void dialog.accept());
  await loginAs(page, server.url, operator);
  assert.equal(new URL(page.url()).pathname, '/console');
  return { context, page, errors };
}

async function shot(page: Page, name: string): Promise<void> {
  if (SCREENSHOTS === null) return;
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.jpg`), type: 'jpeg', quality: 50, fullPage: false });
}

const flash = (page: Page) => page.locator('.flash').first().innerText();

/** POSTs a form as this page's session would (valid CSRF token from the page), outside the UI. */
async function postAs(page: Page, url: string, fields: Record<string, string>): Promise<number> {
  const csrf = await page.locator('input[name="_csrf"]').first().inputValue();
  const response = await page.request.post(`${server.url}${url}`, { form: { _csrf: csrf, idempotencyKey: `k-${Date.now()}`, ...fields }, maxRedirects: 0 });
  return response.status();
}

test('Parceiros: create a partner uploading its key, add and revoke a key, set the callback, rotate the secret, disable', async () => {
  const { context, page, errors } = await open(admin);
  const first = await generatePartnerKeyPair();
  const second = await generatePartnerKeyPair();
  fs.writeFileSync(path.join(dir, 'first.pem'), first.publicKeyPem);
  await page.getByRole('link', { name: 'Parceiros', exact: true }).click();
  await page.getByLabel('Nome', { exact: true }).fill('Loja Exemplo');
  await page.getByLabel('Client ID (opcional)').fill('caas.loja-exemplo');
  await page.getByLabel('Ou escolha o arquivo .pem').setInputFiles(path.join(dir, 'first.pem'));
  await page.waitForFunction(() => (document.getElementById('f-publicKey') as HTMLTextAreaElement).value.includes('BEGIN PUBLIC KEY'));
  await page.getByRole('button', { name: 'Criar parceiro' }).click();
  assert.match(await flash(page), /Parceiro caas\.loja-exemplo criado\. Segredo .*: whsec_/);
  assert.equal(new URL(page.url()).pathname, '/console/parceiros/caas.loja-exemplo');
  await page.getByLabel('Nova chave pública (PEM)').fill(second.publicKeyPem);
  await page.getByRole('button', { name: 'Adicionar chave' }).click();
  assert.match(await flash(page), /Chave .* adicionada/);
  assert.equal(await page.getByRole('button', { name: 'Revogar' }).count(), 2);
  await page.getByRole('button', { name: 'Revogar' }).first().click();
  assert.match(await flash(page), /revogada/);
  assert.equal(await page.getByRole('button', { name: 'Revogar' }).count(), 1);
  await page.getByLabel('URL de callback').fill('https://loja.example/callbacks');
  await page.getByLabel('Cabeçalho de callback').fill('X-Api-Key: s3cret');
  await page.getByRole('button', { name: 'Salvar callback' }).click();
  assert.match(await flash(page), /Callback salvo/);
  assert.match(await page.locator('main').innerText(), /https:\/\/loja\.example\/callbacks · Cabeçalho: X-Api-Key/);
  await page.getByRole('button', { name: 'Girar segredo' }).click();
  assert.match(await flash(page), /Novo segredo de assinatura .*: whsec_/);
  await shot(page, 'parceiro');
  await page.getByRole('button', { name: 'Desativar' }).click();
  assert.match(await flash(page), /Parceiro desativado/);
  const row = await database.db.selectFrom('partners').select(['enabled', 'callback_url', 'callback_header_value']).where('client_id', '=', 'caas.loja-exemplo').executeTakeFirstOrThrow();
  assert.deepEqual(row, { enabled: false, callback_url: 'https://loja.example/callbacks', callback_header_value: 's3cret' });
  const secrets = await database.db.selectFrom('partner_callback_secrets as s').innerJoin('partners as p', 'p.id', 's.partner_id').select('s.secret').where('p.client_id', '=', 'caas.loja-exemplo').execute();
  assert.equal(secrets.length, 2, 'rotation added a secret');
  const audit = await database.db.selectFrom('command_audit').select(['command', 'actor_id']).where('command', 'like', 'partner.%').orderBy('id').execute();
  assert.deepEqual(audit.map((a) => a.command), ['partner.create', 'partner.add-key', 'partner.revoke-key', 'partner.update', 'partner.rotate-secret', 'partner.disable']);
  assert.ok(audit.every((a) => a.actor_id === admin.email));
  await page.getByRole('link', { name: 'Parceiros', exact: true }).click();
  await shot(page, 'parceiros');
  assert.deepEqual(errors, []);
  await context.close();
});

test('roles: an analyst sees no admin button and the server refuses the POST (403)', async () => {
  const { context, page } = await open(analyst);
  await page.goto(`${server.url}/console/parceiros`);
  assert.equal(await page.getByRole('button', { name: 'Criar parceiro' }).count(), 0);
  await page.goto(`${server.url}/console/parceiros/caas.loja-exemplo`);
  assert.equal(await page.getByRole('button', { name: /Ativar|Desativar|Revogar|Girar segredo/ }).count(), 0);
  assert.equal(await postAs(page, '/console/parceiros/caas.loja-exemplo/ativar', {}), 403);
  assert.equal(await postAs(page, '/console/relogio/avancar', { days: '1' }), 403);
  assert.equal(await postAs(page, '/console/operadores/desativar', { email: admin.email }), 403);
  const operadores = await page.goto(`${server.url}/console/operadores`);
  assert.equal(operadores?.status(), 403);
  const enabled = await database.db.selectFrom('partners').select('enabled').where('client_id', '=', 'caas.loja-exemplo').executeTakeFirstOrThrow();
  assert.equal(enabled.enabled, false, 'nothing changed');
  await context.close();
});

test('Operadores: an admin creates an operator; the one-time link sets the password; the new operator logs in', async () => {
  const { context, page } = await open(admin);
  await page.getByRole('link', { name: 'Operadores' }).click();
  await page.getByLabel('E-mail').fill('bruno@example.com');
  await page.getByLabel('Nome', { exact: true }).fill('Bruno Aprovador');
  await page.getByLabel('Papel').selectOption('approver');
  await page.getByRole('button', { name: 'Criar operador' }).click();
  const text = await flash(page);
  const link = /(http\S+\/console\/senha\?t=\S+)/.exec(text)?.[1];
  assert.ok(link, text);
  await shot(page, 'operadores');
  const visitor = await browser.newContext();
  const setPage = await visitor.newPage();
  await setPage.goto(link);
  await setPage.getByLabel('Nova senha').fill('bruno has a long passphrase');
  await setPage.getByLabel('Repita a senha').fill('bruno has a long passphrase');
  await setPage.getByRole('button', { name: 'Definir senha' }).click();
  assert.match(await setPage.locator('.flash').innerText(), /Senha definida/);
  await login(setPage, server.url, 'bruno@example.com', 'bruno has a long passphrase');
  assert.equal(new URL(setPage.url()).pathname, '/console');
  assert.match(await setPage.locator('.operator-name').innerText(), /Bruno Aprovador/);
  await visitor.close();
  await page.reload();
  await page.getByRole('row', { name: /bruno@example\.com/ }).getByRole('button', { name: 'Desativar' }).click();
  assert.match(await flash(page), /bruno@example.com desativado/);
  await context.close();
});

test('Relógio (sandbox): an admin advances the clock; answers carry the moved instant', async () => {
  const { context, page } = await open(admin, 390);
  await page.getByRole('link', { name: 'Relógio' }).click();
  const before = Date.parse(String((await page.request.get(`${server.url}/health/live`)).headers()['caas-clock']));
  await page.getByLabel('Dias').fill('3');
  await page.getByRole('button', { name: 'Avançar' }).click();
  assert.match(await flash(page), /Relógio em/);
  assert.match(await page.locator('main').innerText(), /Adiantado\s+3(,\d+)? dias/);
  // Each instance refreshes its copy of the offset at most 1 s late (docs/sandbox.md): wait up to 3 s.
  const clockNow = async () => Date.parse(String((await page.request.get(`${server.url}/health/live`)).headers()['caas-clock']));
  let after = await clockNow();
  for (let i = 0; i < 30 && after - before < 3 * 86_400_000 - 60_000; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    after = await clockNow();
  }
  assert.ok(after - before >= 3 * 86_400_000 - 60_000, `clock moved ${after - before} ms`);
  await shot(page, 'relogio-390');
  await context.close();
});

test('four-eyes (CAAS_FOUR_EYES=payees): an approval waits on "Confirmações"; the requester cannot confirm; another operator does', async () => {
  const partner = await onboardPartner(server.url);
  const token = await fetchToken(server.url, partner);
  const response = await fetch(`${server.url}/api/Favorecido`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, idempotencykey: randomUUID(), IgnoraHandshake: 'true' },
    body: JSON.stringify({ nome: 'Maria da Silva', documentoFederal: '12345678909', tipoCadastroPix: 1, tipoChave: 3, chave: 'maria4@example.com' }),
  });
  const payee = (await response.json()) as { codigoFavorecido: string };
  assert.equal(response.status, 200);
  partner.cleanup();
  const requester = await open(analyst);
  await requester.page.getByRole('link', { name: 'Favorecidos', exact: true }).click();
  await requester.page.locator('tr', { hasText: 'maria4@example.com' }).getByRole('button', { name: 'Aprovar' }).click();
  assert.match(await flash(requester.page), /aguarda a confirmação de outro operador/);
  const pending = await database.db.selectFrom('payees').select('situacao').where('id', '=', payee.codigoFavorecido).executeTakeFirstOrThrow();
  assert.equal(pending.situacao, 0, 'nothing happened yet');
  await requester.page.getByRole('link', { name: 'Confirmações' }).click();
  assert.equal(await requester.page.getByRole('button', { name: 'Confirmar' }).count(), 0, 'the requester has no Confirmar');
  const id = (await database.db.selectFrom('operator_confirmations').select('id').where('status', '=', 'pending').executeTakeFirstOrThrow()).id;
  assert.equal(await postAs(requester.page, '/console/confirmacoes/confirmar', { id }), 303);
  assert.equal((await database.db.selectFrom('operator_confirmations').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status, 'pending', 'the server refuses the requester too');
  await requester.context.close();
  const checker = await open(admin);
  await checker.page.getByRole('link', { name: 'Confirmações' }).click();
  await shot(checker.page, 'confirmacoes');
  await checker.page.getByRole('button', { name: 'Confirmar' }).click();
  assert.match(await flash(checker.page), /Confirmado/);
  const approved = await database.db.selectFrom('payees').select('situacao').where('id', '=', payee.codigoFavorecido).executeTakeFirstOrThrow();
  assert.equal(approved.situacao, 1);
  const audit = await database.db.selectFrom('command_audit').select(['actor_id', 'summary']).where('command', '=', 'payee.approve').execute();
  assert.equal(audit.length, 1);
  assert.equal(audit[0]!.actor_id, admin.email);
  assert.match(audit[0]!.summary, new RegExp(`four-eyes: requested by ${analyst.email}`));
  assert.deepEqual(checker.errors, []);
  await checker.context.close();
});

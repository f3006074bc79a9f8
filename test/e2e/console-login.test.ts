// The console in Chromium against a real listening caas (issue 16): log in without and with TOTP
// (the Secure session cookie is kept by Chromium on http://127.0.0.1), the layout's nav and "Sair",
// no console error and nothing asked of another origin (CSP), usable at 1280 px and 390 px.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import type { TestDatabase } from '../support/db.js';
import type { RunningServer } from '../support/server.js';
import { createTestOperator, startConsoleStack, stopConsoleStack, login, loginAs, type TestOperator } from '../support/console.js';

const SCREENSHOTS = process.env.CAAS_CONSOLE_SCREENSHOTS === '1' ? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/console') : null;
let database: TestDatabase;
let server: RunningServer;
let browser: Browser;
let analyst: TestOperator;
let admin: TestOperator;

before(async () => {
  ({ database, server, browser } = await startConsoleStack({ CAAS_SANDBOX: 'true' }));
  analyst = await createTestOperator(database.db, 'analyst');
  admin = await createTestOperator(database.db, 'admin', { totp: true });
});

after(async () => {
  await stopConsoleStack({ browser, server, database });
});

test('log in without TOTP: the console opens with the nav and the operator; "Sair" logs out', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors: string[] = [];
  const foreign: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('request', (r) => new URL(r.url()).origin !== new URL(server.url).origin && foreign.push(r.url()));
  await login(page, server.url, analyst.email, 'wrong password!!');
  assert.match(await page.getByRole('alert').innerText(), /incorretos/);
  if (SCREENSHOTS !== null) await page.screenshot({ path: path.join(SCREENSHOTS, 'entrar.jpg'), type: 'jpeg', quality: 50 });
  await login(page, server.url, analyst.email, analyst.password);
  assert.equal(new URL(page.url()).pathname, '/console');
  const nav = page.getByRole('navigation', { name: 'Principal' });
  for (const label of ['Painel', 'Propostas', 'Favorecidos', 'Cobrança', 'Parceiros', 'Callbacks', 'Bureau', 'Auditoria', 'Relógio']) assert.equal(await nav.getByRole('link', { name: label, exact: true }).count(), 1, label);
  assert.equal(await nav.getByRole('link', { name: 'Operadores' }).count(), 0, 'an analyst has no Operadores');
  assert.ok((await page.locator('.operator-name').innerText()).includes(analyst.name));
  const cookie = (await context.cookies()).find((c) => c.name === 'caas_console');
  assert.ok(cookie?.secure && cookie.httpOnly && cookie.sameSite === 'Strict', 'Chromium keeps the Secure session cookie on 127.0.0.1');
  const hasBackground = await page.evaluate(() => getComputedStyle(document.querySelector('.top')!).backgroundColor);
  assert.notEqual(hasBackground, 'rgba(0, 0, 0, 0)', 'the local stylesheet applies');
  await page.getByRole('button', { name: 'Sair' }).click();
  await page.waitForURL(/\/console\/entrar/);
  await page.goto(`${server.url}/console`);
  assert.equal(new URL(page.url()).pathname, '/console/entrar');
  assert.deepEqual(errors, []);
  assert.deepEqual(foreign, []);
  await context.close();
});

test('log in with TOTP ("Código"), at 390 px wide', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await login(page, server.url, admin.email, admin.password);
  assert.match(await page.getByRole('alert').innerText(), /código/);
  await loginAs(page, server.url, admin);
  assert.equal(new URL(page.url()).pathname, '/console');
  assert.equal(await page.getByRole('link', { name: 'Operadores' }).count(), 1);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `no horizontal scroll at 390 px (${overflow} px)`);
  await context.close();
});

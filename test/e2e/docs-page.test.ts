// The API reference (GET /docs) as a person sees it: a real server, headless Chromium (Debian's)
// driven by playwright-core. Swagger UI (from the swagger-ui-dist package, served by us) renders
// /openapi.json under a Content-Security-Policy: the page loads, shows the operations, logs no
// console error, and asks nothing of any other origin.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { chromium, type Browser } from 'playwright-core';
import { createTestDatabase, type TestDatabase } from '../support/db.js';
import { startServer, type RunningServer } from '../support/server.js';

const CHROMIUM = '/usr/bin/chromium';
let database: TestDatabase;
let server: RunningServer;
let browser: Browser;

before(async () => {
  assert.ok(fs.existsSync(CHROMIUM), `Debian's chromium is required at ${CHROMIUM} (npm test installs it as root; otherwise apt-get install chromium)`);
  database = await createTestDatabase();
  server = await startServer({ DATABASE_URL: database.url, CAAS_WORKERS: 'false' });
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
});

after(async () => {
  await browser?.close();
  await server?.kill('SIGKILL');
  await database?.drop();
});

test('GET /docs renders every operation with Swagger UI, no console errors, no request to another origin', async () => {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  const consoleErrors: string[] = [];
  const foreign: string[] = [];
  const origin = new URL(server.url).origin;
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(String(error)));
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith('data:') && new URL(url).origin !== origin) foreign.push(url);
  });
  const response = await page.goto(`${server.url}/`);
  assert.equal(new URL(page.url()).pathname, '/docs', 'GET / redirects to /docs');
  assert.equal(response?.status(), 200);
  assert.match(String(response?.headers()['content-security-policy']), /default-src 'none'/);
  await page.locator('.opblock').first().waitFor({ timeout: 30_000 });
  assert.match(await page.locator('.info .title').first().innerText(), /caas — Credit Operations Service/);
  const paths = await page.locator('.opblock-summary-path').allInnerTexts();
  for (const operation of ['/connect/token', '/Proposta/IncluirManualSimplificado', '/AgendaRecebivel/ConsultarDetalhes', '/Bureau/ConsultarSCR', '/api/Favorecido', '/FGTS/CancelarCobrancas']) {
    assert.ok(paths.some((p) => p.replace(/\u200b/g, '') === operation), `${operation} missing from /docs (${paths.length} shown)`);
  }
  // Open one operation: its example body and the IdempotencyKey header are shown.
  await page.locator('.opblock-summary-path', { hasText: 'IncluirManualSimplificado' }).first().click();
  await page.locator('.opblock-body .parameters-container').first().waitFor();
  assert.ok((await page.locator('.opblock-body', { hasText: 'IdempotencyKey' }).count()) >= 1);
  assert.ok((await page.locator('.opblock-body', { hasText: 'vlrSolicitado' }).count()) >= 1);
  const shot = path.join(os.tmpdir(), 'caas-docs-page.png');
  await page.screenshot({ path: shot, fullPage: false });
  assert.ok(fs.statSync(shot).size > 10_000, 'the screenshot should show a rendered page');
  assert.deepEqual(consoleErrors, [], 'console errors');
  assert.deepEqual(foreign, [], 'requests to other origins');
});

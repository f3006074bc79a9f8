// The human-readable API reference (GET /docs) as a person sees it: a real server, headless
// Chromium (Debian's) driven by playwright-core, a screenshot, and the operations on the page.
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

test('GET /docs lists every operation with its fields, readable in a browser', async () => {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  const response = await page.goto(`${server.url}/docs`);
  assert.equal(response?.status(), 200);
  assert.equal(await page.locator('h1').innerText(), 'caas — Credit Operations Service');
  const headings = await page.locator('section h2').allInnerTexts();
  for (const operation of ['POST /Proposta/IncluirManualSimplificado', 'POST /AgendaRecebivel/ConsultarDetalhes', 'POST /Bureau/ConsultarSCR', 'POST /api/Favorecido', 'POST /FGTS/CancelarCobrancas']) {
    assert.ok(headings.includes(operation), `${operation} missing from /docs`);
  }
  assert.ok((await page.locator('code', { hasText: 'dto.vlrSolicitado' }).count()) >= 1);
  const shot = path.join(os.tmpdir(), 'caas-docs-page.png');
  await page.screenshot({ path: shot, fullPage: false });
  assert.ok(fs.statSync(shot).size > 10_000, 'the screenshot should show a rendered page');
});

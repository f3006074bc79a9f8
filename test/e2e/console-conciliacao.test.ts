// The "Conciliação" page in Chromium against a real listening caas (issue 17): a day of
// settlement (boletos sent to the bank, its return applied, an unknown nosso número, a pix waiting
// for the provider) shown per channel, with the unmatched receipt and the pending pix; another
// day chosen in the form; the CSV link; 390 px without horizontal scroll of the page. With
// CAAS_CONSOLE_SCREENSHOTS=1 the page is saved as docs/console/conciliacao.jpg.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { systemClock } from '../../src/platform/clock.js';
import { loadConfig } from '../../src/config.js';
import { addDays, brazilDateAt } from '../../src/platform/dates.js';
import type { TestDatabase } from '../support/db.js';
import { signedIn } from '../support/console-data.js';
import { createTestOperator, startConsoleStack, stopConsoleStack, type TestOperator } from '../support/console.js';
import { fetchToken, onboardPartner, postJson, type E2ePartner } from '../support/e2e-partner.js';
import type { RunningServer } from '../support/server.js';
import { seedSettlementDay, type SettlementDay } from '../support/settlement-day.js';

const SCREENSHOTS = process.env.CAAS_CONSOLE_SCREENSHOTS === '1' ? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'console') : null;
const ENV = { CAAS_BOLETO_REGISTRATION: 'cnab' };

let database: TestDatabase;
let server: RunningServer;
let browser: Browser;
let partner: E2ePartner;
let analyst: TestOperator;
let seeded: SettlementDay;
const today = brazilDateAt(new Date());

before(async () => {
  ({ database, server, browser } = await startConsoleStack(ENV));
  analyst = await createTestOperator(database.db, 'analyst', { name: 'Bruno Analista' });
  partner = await onboardPartner(server.url);
  const token = await fetchToken(server.url, partner);
  const { id } = await database.db.selectFrom('partners').select('id').where('client_id', '=', partner.clientId).executeTakeFirstOrThrow();
  const config = loadConfig({ PUBLIC_URL: server.url, DATABASE_URL: database.url, LOG_LEVEL: 'silent', CAAS_WORKERS: 'false', ...ENV });
  seeded = await seedSettlementDay({
    db: database.db,
    clock: systemClock,
    config,
    partnerId: id,
    day: today,
    issue: async (body) => {
      const answer = await postJson(server.url, token, '/AgendaRecebivel/GerarUnicoBoleto', body);
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
    },
  });
});

after(async () => {
  partner?.cleanup();
  await stopConsoleStack({ browser, server, database });
});

test('Conciliação: per channel, the unmatched receipt and the pending pix of today; another day; the CSV', async () => {
  const { context, page, errors } = await signedIn(browser, server.url, analyst);
  await page.getByRole('link', { name: 'Conciliação', exact: true }).click();
  await page.getByRole('heading', { name: 'Conciliação', level: 1 }).waitFor();
  assert.equal(await page.getByLabel('Data').inputValue(), today);
  const boleto = page.getByRole('table', { name: 'Esperado e recebido por canal' }).getByRole('row').filter({ hasText: 'Boleto' });
  const cells = await boleto.getByRole('cell').allInnerTexts();
  assert.equal(cells[2]!.replace(/\s+/g, ' '), `R$ ${'750,00'} (2)`, `received: the boleto in full and the overpaid one (${cells.join(' | ')})`);
  assert.match(cells[6]!, /\(1\)$/, 'one boleto sent and not confirmed');
  const unmatched = page.getByRole('table', { name: 'Recebimentos não conciliados' });
  assert.match(await unmatched.innerText(), /R\$ 50,00[\s\S]*bank:001[\s\S]*referência desconhecida/);
  assert.match(await page.getByRole('table', { name: 'Pix aguardando confirmação do PSP' }).innerText(), new RegExp(`${seeded.pendingEndToEndId}[\\s\\S]*R\\$ 120,00`));
  if (SCREENSHOTS !== null) await page.screenshot({ path: path.join(SCREENSHOTS, 'conciliacao.jpg'), type: 'jpeg', quality: 45, fullPage: false });

  const csv = await page.request.get(`${server.url}${await page.getByRole('link', { name: 'CSV' }).getAttribute('href')}`);
  assert.equal(csv.status(), 200);
  assert.match(await csv.text(), new RegExp(`^date,channel,measure,count,amount,reference,actor,reason\\n${today},boleto,expected,`));

  await page.getByLabel('Data').fill(addDays(today, 1));
  await page.getByRole('button', { name: 'Ver' }).click();
  await page.waitForURL(/data=/);
  assert.equal(await page.getByText('Nenhum recebimento não conciliado neste dia.').count(), 1);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Conciliação at 390 px: no horizontal scroll of the page', async () => {
  const { context, page, errors } = await signedIn(browser, server.url, analyst, 390);
  await page.goto(`${server.url}/console/conciliacao`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `${overflow} px of horizontal scroll at 390 px`);
  assert.deepEqual(errors, []);
  await context.close();
});

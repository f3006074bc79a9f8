// The console's pages in Chromium against a real listening caas (issue 16): find a finalized
// proposal in the list, approve it and disburse it ("Aprovar", "Liberar"); open its boleto PDF;
// approve a payee; redeliver a failed callback ("Reenviar"); an analyst sees no approve/disburse/
// redeliver button and the server refuses the POST anyway (403). Every page renders at 1280 px
// and 390 px without horizontal scroll of the page itself. With CAAS_CONSOLE_SCREENSHOTS=1 the
// pages are saved as JPEG in docs/console/ (docs/console.md).
import assert from 'node:assert/strict';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { addDays, brazilDateAt } from '../../src/platform/dates.js';
import type { TestDatabase } from '../support/db.js';
import { createProposal as createProposalVia, flashText, registerPayee as registerPayeeVia, signedIn } from '../support/console-data.js';
import { fetchToken, onboardPartner, postJson, type E2ePartner } from '../support/e2e-partner.js';
import type { RunningServer } from '../support/server.js';
import { createTestOperator, startConsoleStack, stopConsoleStack, type TestOperator } from '../support/console.js';

const SCREENSHOTS = process.env.CAAS_CONSOLE_SCREENSHOTS === '1' ? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'console') : null;

let database: TestDatabase;
let server: RunningServer;
let browser: Browser;
let partner: E2ePartner;
let token: string;
let approver: TestOperator;
let analyst: TestOperator;
const saved = new Set<string>();

const createProposal = (amount?: number) => createProposalVia(server.url, token, amount);
const registerPayee = (chave: string) => registerPayeeVia(server.url, token, chave);
const session = (operator: TestOperator, width?: number) => signedIn(browser, server.url, operator, width);

/** Saves the page as docs/console/<name>.jpg once (with CAAS_CONSOLE_SCREENSHOTS=1). */
async function shot(page: Page, name: string): Promise<void> {
  if (SCREENSHOTS === null || saved.has(name)) return;
  saved.add(name);
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.jpg`), type: 'jpeg', quality: 45, fullPage: false });
}

const flash = flashText;

before(async () => {
  ({ database, server, browser } = await startConsoleStack({ CAAS_SANDBOX: 'true' }));
  approver = await createTestOperator(database.db, 'approver', { name: 'Ana Aprovadora' });
  analyst = await createTestOperator(database.db, 'analyst', { name: 'Bruno Analista' });
  partner = await onboardPartner(server.url);
  token = await fetchToken(server.url, partner);
});

after(async () => {
  partner?.cleanup();
  await stopConsoleStack({ browser, server, database });
});

describe('console pages', () => {
  test('find a finalized proposal in the list, approve it, disburse it, open its boleto PDF', async () => {
    await createProposal(2500);
    const proposal = await createProposal(10000);
    const { context, page, errors } = await session(approver);
    await shot(page, 'painel');
    await page.getByRole('link', { name: 'Propostas', exact: true }).click();
    await page.getByLabel('Situação').selectOption('2');
    await page.getByLabel('Valor mínimo').fill('5000');
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await page.waitForURL(/situacao=2/);
    const rows = page.locator('tbody tr');
    assert.equal(await rows.count(), 1, 'the amount filter leaves one finalized proposal');
    await shot(page, 'propostas');
    await page.getByRole('link', { name: String(proposal.numero), exact: true }).click();
    await page.waitForURL(new RegExp(`/console/propostas/${proposal.numero}$`));
    assert.equal(await page.getByRole('button', { name: 'Liberar' }).count(), 0, 'a finalized proposal cannot be disbursed yet');
    await page.getByRole('button', { name: 'Aprovar' }).click();
    await page.waitForLoadState('domcontentloaded');
    assert.match(await flash(page), /Aprovada/);
    await page.getByRole('button', { name: 'Liberar' }).click();
    await page.waitForLoadState('domcontentloaded');
    assert.match(await flash(page), /Liberada/);
    assert.equal(await page.getByRole('button', { name: 'Ceder' }).count(), 1);
    assert.equal(await page.getByRole('button', { name: 'Cancelar' }).count(), 1);
    const row = await database.db.selectFrom('proposals').select(['status']).where('id', '=', proposal.codigo).executeTakeFirstOrThrow();
    assert.equal(row.status, 5);
    const audit = await database.db.selectFrom('command_audit').select(['command', 'actor_id', 'source']).where('actor_id', '=', approver.email).orderBy('id').execute();
    assert.deepEqual(audit.map((a) => a.command), ['proposal.approve', 'proposal.disburse']);
    assert.match(audit[0]!.source ?? '', /^console 127\.0\.0\.1$/);

    const firstDue = addDays(brazilDateAt(new Date()), 30);
    const boleto = await postJson(server.url, token, '/AgendaRecebivel/GerarUnicoBoleto', { dto: { codigoProposta: proposal.codigo, nroParcelas: [1] }, dtoGerarUnicoBoleto: { dtVencimento: firstDue, liquidacao: true, descricaoBoleto: 'Parcela 1', tipoRegistro: 1 } });
    assert.equal(boleto.status, 200, JSON.stringify(boleto.body));
    await page.reload();
    await shot(page, 'proposta');
    const link = page.getByRole('link', { name: /^PDF do boleto \d+$/ });
    assert.equal(await link.count(), 1);
    const pdf = await context.request.get(new URL((await link.getAttribute('href'))!, server.url).toString());
    assert.equal(pdf.status(), 200);
    assert.equal(pdf.headers()['content-type'], 'application/pdf');
    assert.equal((await pdf.body()).subarray(0, 5).toString('latin1'), '%PDF-');
    // The same slip operators see is the boleto's public print URL: no session, no slip here.
    const anonymous = await fetch(new URL((await link.getAttribute('href'))!, server.url), { redirect: 'manual' });
    assert.equal(anonymous.status, 303);

    await page.getByRole('link', { name: 'Cobrança', exact: true }).click();
    await page.waitForURL(/\/console\/cobranca/);
    await shot(page, 'cobranca');
    await page.getByRole('button', { name: 'Marcar pago' }).first().click();
    await page.waitForLoadState('domcontentloaded');
    assert.match(await flash(page), /Boleto: pagamento de R\$ [\d.,]+ registrado/);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('approve a payee in the review queue; reject another with a reason', async () => {
    const first = await registerPayee('maria@example.com');
    const second = await registerPayee('jose@example.com');
    const { context, page, errors } = await session(analyst);
    await page.getByRole('link', { name: 'Favorecidos', exact: true }).click();
    await page.waitForURL(/\/console\/favorecidos/);
    await shot(page, 'favorecidos');
    const firstRow = page.locator('tr', { hasText: 'maria@example.com' });
    await firstRow.getByRole('button', { name: 'Aprovar' }).click();
    await page.waitForLoadState('domcontentloaded');
    assert.match(await flash(page), /aprovado/);
    const secondRow = page.locator('tr', { hasText: 'jose@example.com' });
    await secondRow.getByLabel('Motivo da reprovação').fill('Chave de outra pessoa');
    await secondRow.getByRole('button', { name: 'Reprovar' }).click();
    await page.waitForLoadState('domcontentloaded');
    assert.match(await flash(page), /reprovado/);
    const states = await database.db.selectFrom('payees').select(['id', 'situacao', 'motivo_rejeicao']).where('id', 'in', [first, second]).execute();
    assert.deepEqual(Object.fromEntries(states.map((s) => [s.id, [s.situacao, s.motivo_rejeicao]])), { [first]: [1, null], [second]: [2, 'Chave de outra pessoa'] });
    const review = await database.db.selectFrom('payee_reviews').select('reviewed_by').where('payee_id', '=', first).executeTakeFirstOrThrow();
    assert.equal(review.reviewed_by, 'Bruno Analista');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('redeliver a failed callback ("Reenviar"): pending again, attempts from zero', async () => {
    // A delivery that failed for good (the receiver refused until the retry window closed).
    const event = await database.db.selectFrom('callback_events').select(['id', 'job_id']).orderBy('seq').executeTakeFirstOrThrow();
    await database.db.updateTable('jobs').set({ status: 'failed', attempts: 7, last_status: 503, last_error: 'HTTP 503 from the receiver', fail_reason: 'max_age' }).where('id', '=', event.job_id).execute();
    const { context, page, errors } = await session(approver);
    await page.goto(`${server.url}/console/callbacks?situacao=failed`);
    await shot(page, 'callbacks');
    const row = page.locator('tr', { hasText: 'HTTP 503 from the receiver' });
    assert.equal(await row.count(), 1);
    await row.getByRole('button', { name: 'Reenviar' }).click();
    await page.waitForLoadState('domcontentloaded');
    assert.match(await flash(page), /reenviado/);
    const after = await database.db.selectFrom('callback_deliveries').select(['status', 'attempts']).where('id', '=', event.id).executeTakeFirstOrThrow();
    assert.deepEqual(after, { status: 'pending', attempts: 0 });
    await page.goto(`${server.url}/console/auditoria`);
    assert.equal(await page.locator('tr', { hasText: 'callbacks.redeliver' }).count(), 1);
    await shot(page, 'auditoria');
    await page.goto(`${server.url}/console/bureau`);
    await shot(page, 'bureau');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('an analyst sees no Aprovar/Liberar/Reenviar and the server refuses them anyway (403)', async () => {
    const proposal = await createProposal(4000);
    const { context, page } = await session(analyst);
    await page.goto(`${server.url}/console/propostas/${proposal.numero}`);
    assert.equal(await page.getByRole('button', { name: 'Aprovar' }).count(), 0);
    assert.equal(await page.getByRole('button', { name: 'Recusar' }).count(), 1, 'an analyst may refuse');
    await page.goto(`${server.url}/console/callbacks`);
    assert.equal(await page.getByRole('button', { name: 'Reenviar' }).count(), 0);
    const csrf = await page.locator('input[name="_csrf"]').first().getAttribute('value');
    const refused = await context.request.post(`${server.url}/console/propostas/${proposal.numero}/aprovar`, { form: { _csrf: csrf!, idempotencyKey: randomUUID() }, headers: { origin: server.url } });
    assert.equal(refused.status(), 403);
    const row = await database.db.selectFrom('proposals').select('status').where('id', '=', proposal.codigo).executeTakeFirstOrThrow();
    assert.equal(row.status, 2, 'still finalizada');
    await context.close();
  });

  test('every page at 390 px: no horizontal scroll of the page', async () => {
    const { context, page, errors } = await session(approver, 390);
    for (const p of ['/console', '/console/propostas', '/console/favorecidos?situacao=todos', '/console/cobranca', '/console/callbacks', '/console/bureau', '/console/auditoria']) {
      await page.goto(`${server.url}${p}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(overflow <= 0, `${p}: ${overflow} px of horizontal scroll at 390 px`);
    }
    const numero = (await database.db.selectFrom('proposals').select('numero').where('status', '=', 5).executeTakeFirstOrThrow()).numero;
    await page.goto(`${server.url}/console/propostas/${numero}`);
    await shot(page, 'proposta-390');
    assert.deepEqual(errors, []);
    await context.close();
  });
});

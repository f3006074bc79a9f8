// Data for the console page tests on a real listening caas: a finalized proposal and a pending
// payee created through the partner API, and a signed-in Chromium page that accepts every
// confirmation dialog and collects page errors.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { addDays, brazilDateAt } from '../../src/platform/dates.js';
import { ACCOUNT } from '../http/proposals-fixture.js';
import { postJson } from './e2e-partner.js';
import { loginAs, type TestOperator } from './console.js';

/** A finalized proposal (first due date 30 days from today), through Proposta/IncluirManualSimplificado. */
export async function createProposal(baseUrl: string, token: string, amount = 10000): Promise<{ codigo: string; numero: number }> {
  const firstDue = addDays(brazilDateAt(new Date()), 30);
  const dto = { documentoCliente: '123.456.789-09', vlrSolicitado: amount, prazo: 12, percJurosNegociado: 2, dtPrimeiroVencto: firstDue, propostaContaPagamentoDTO: ACCOUNT };
  const r = await postJson(baseUrl, token, '/Proposta/IncluirManualSimplificado', { dto, parametros: null });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return { codigo: r.body.codigo as string, numero: r.body.numero as number };
}

/** A Pix payee awaiting review (the partner does not approve payees automatically). */
export async function registerPayee(baseUrl: string, token: string, chave: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/Favorecido`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, idempotencykey: randomUUID(), IgnoraHandshake: 'true' },
    body: JSON.stringify({ nome: 'Maria da Silva', documentoFederal: '12345678909', tipoCadastroPix: 1, tipoChave: 3, chave }),
  });
  const body = (await response.json()) as { codigoFavorecido: string; situacao: number };
  assert.equal(response.status, 200, JSON.stringify(body));
  assert.equal(body.situacao, 0);
  return body.codigoFavorecido;
}

export async function signedIn(browser: Browser, baseUrl: string, operator: TestOperator, width = 1280): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('dialog', (dialog) => void dialog.accept());
  await loginAs(page, baseUrl, operator);
  assert.equal(new URL(page.url()).pathname, '/console');
  return { context, page, errors };
}

export async function flashText(page: Page): Promise<string> {
  return page.locator('.flash').first().innerText();
}

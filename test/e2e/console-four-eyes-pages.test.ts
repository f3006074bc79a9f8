// With CAAS_FOUR_EYES=payees,disbursements the console's "Liberar" and the payee "Aprovar" record a
// pending confirmation instead of running (issue 16): nothing changes until a second operator
// confirms it; "Aprovar" of a proposal is not a four-eyes kind and runs at once.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import type { TestDatabase } from '../support/db.js';
import { createProposal, flashText, registerPayee, signedIn } from '../support/console-data.js';
import { fetchToken, onboardPartner, type E2ePartner } from '../support/e2e-partner.js';
import type { RunningServer } from '../support/server.js';
import { createTestOperator, startConsoleStack, stopConsoleStack, type TestOperator } from '../support/console.js';

let database: TestDatabase;
let server: RunningServer;
let browser: Browser;
let partner: E2ePartner;
let approver: TestOperator;

before(async () => {
  ({ database, server, browser } = await startConsoleStack({ CAAS_FOUR_EYES: 'payees,disbursements' }));
  approver = await createTestOperator(database.db, 'approver');
  partner = await onboardPartner(server.url);
});

after(async () => {
  partner?.cleanup();
  await stopConsoleStack({ browser, server, database });
});

test('"Liberar" and payee "Aprovar" wait for a second operator; "Aprovar" of a proposal runs', async () => {
  const token = await fetchToken(server.url, partner);
  const proposal = await createProposal(server.url, token);
  const payee = await registerPayee(server.url, token, 'maria@example.com');
  const { context, page, errors } = await signedIn(browser, server.url, approver);
  await page.goto(`${server.url}/console/propostas/${proposal.numero}`);
  await page.getByRole('button', { name: 'Aprovar' }).click();
  await page.waitForLoadState('domcontentloaded');
  assert.match(await flashText(page), /Aprovada/);
  await page.getByRole('button', { name: 'Liberar' }).click();
  await page.waitForLoadState('domcontentloaded');
  assert.match(await flashText(page), /aguarda a confirmação de outro operador/);
  await page.goto(`${server.url}/console/favorecidos`);
  await page.locator('tr', { hasText: 'maria@example.com' }).getByRole('button', { name: 'Aprovar' }).click();
  await page.waitForLoadState('domcontentloaded');
  assert.match(await flashText(page), /aguarda a confirmação/);
  const status = await database.db.selectFrom('proposals').select('status').where('id', '=', proposal.codigo).executeTakeFirstOrThrow();
  assert.equal(status.status, 3, 'still aprovada');
  const situacao = await database.db.selectFrom('payees').select('situacao').where('id', '=', payee).executeTakeFirstOrThrow();
  assert.equal(situacao.situacao, 0, 'still pendente');
  const pending = await database.db.selectFrom('operator_confirmations').select(['kind', 'command', 'status']).orderBy('requested_at').execute();
  assert.deepEqual(pending, [
    { kind: 'disbursements', command: 'proposal.disburse', status: 'pending' },
    { kind: 'payees', command: 'payee.approve', status: 'pending' },
  ]);
  assert.deepEqual(errors, []);
  await context.close();
});

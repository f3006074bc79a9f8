// Console test support (issue 16): operators created straight through the operators module, a
// real listening caas with headless Chromium (Debian's /usr/bin/chromium, playwright-core), and
// `login(page, email, password, totp?)` driving the form by its labels.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { runDefined } from '../../src/platform/commands.js';
import { systemClock, type Clock } from '../../src/platform/clock.js';
import type { Db } from '../../src/platform/db/pool.js';
import { createTestDatabase, type TestDatabase } from './db.js';
import { startServer, type RunningServer } from './server.js';
import { createOperator, enrollTotp, hashPassword, newTotpSecret, setOperatorPassword, totpCode, totpStep, type Role } from '../../src/modules/operators/index.js';

export const CHROMIUM = '/usr/bin/chromium';
export const TEST_PASSWORD = 'correct horse battery staple';

export interface TestOperator {
  id: string;
  email: string;
  name: string;
  role: Role;
  password: string;
  /** Base32 TOTP secret when the operator has a second factor. */
  totpSecret?: string;
}

let counter = 0;

/** Creates an operator with a password (and a TOTP secret when `totp` is true). */
export async function createTestOperator(db: Db, role: Role, options: { email?: string; name?: string; password?: string; totp?: boolean; clock?: Clock } = {}): Promise<TestOperator> {
  counter += 1;
  const clock = options.clock ?? systemClock;
  const email = options.email ?? `${role}${counter}-${process.pid}@example.com`;
  const name = options.name ?? `${role[0]!.toUpperCase()}${role.slice(1)} ${counter}`;
  const password = options.password ?? TEST_PASSWORD;
  const actor = { kind: 'operator' as const, id: 'test' };
  const deps = { db, clock };
  const created = await runDefined(deps, createOperator, { email, name, role }, actor);
  await runDefined(deps, setOperatorPassword, { email, passwordHash: await hashPassword(password) }, actor);
  const operator: TestOperator = { id: created.result.id, email, name, role, password };
  if (options.totp) {
    const secret = newTotpSecret();
    // Enrolled one step back, so a code of the current step is still unused.
    const earlier = new Date(clock.now().getTime() - 60_000);
    await runDefined(deps, enrollTotp, { operatorId: operator.id, secret, step: totpStep(secret, totpCode(secret, earlier), earlier)! }, actor);
    operator.totpSecret = secret;
  }
  return operator;
}

export async function launchChromium(): Promise<Browser> {
  assert.ok(fs.existsSync(CHROMIUM), `Debian's chromium is required at ${CHROMIUM} (apt-get install chromium)`);
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** A listening caas on a fresh test database (workers off) and a headless Chromium: a console test's world. */
export interface ConsoleStack {
  database: TestDatabase;
  server: RunningServer;
  browser: Browser;
}

export async function startConsoleStack(env: Record<string, string>): Promise<ConsoleStack> {
  const database = await createTestDatabase();
  // The test's own calls (operators, fixtures) reach the same database as the server.
  process.env.DATABASE_URL = database.url;
  process.env.LOG_LEVEL = 'silent';
  process.env.CAAS_WORKERS = 'false';
  const server = await startServer({ DATABASE_URL: database.url, CAAS_WORKERS: 'false', ...env });
  return { database, server, browser: await launchChromium() };
}

/** Stops what startConsoleStack started, whatever part of it did start. */
export async function stopConsoleStack(stack: Partial<ConsoleStack>): Promise<void> {
  await stack.browser?.close();
  await stack.server?.kill('SIGKILL');
  await stack.database?.drop();
  delete process.env.DATABASE_URL;
}

/** Logs in through the form; `totp` is the code to type in "Código" (omit for none). */
export async function login(page: Page, baseUrl: string, email: string, password: string, totp?: string): Promise<void> {
  await page.goto(`${baseUrl}/console/entrar`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(password);
  if (totp !== undefined) await page.getByLabel('Código').fill(totp);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForLoadState('domcontentloaded');
}

/** Logs in as a test operator (its current TOTP code when it has one). */
export function loginAs(page: Page, baseUrl: string, operator: TestOperator): Promise<void> {
  return login(page, baseUrl, operator.email, operator.password, operator.totpSecret === undefined ? undefined : totpCode(operator.totpSecret, new Date()));
}

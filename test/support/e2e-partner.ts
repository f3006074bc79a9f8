// A partner onboarded the way the service team does it (caas keygen + caas partner create) on the
// database of a real listening server, and plain-fetch calls with a fresh token (e2e tests).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { importPKCS8, SignJWT } from 'jose';
import { main } from '../../src/cli/main.js';

export interface CliRun {
  code: number;
  out: string;
  err: string;
}

export async function cli(...argv: string[]): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

export interface E2ePartner {
  clientId: string;
  privateKeyPem: string;
  callbackSecret: string | null;
  /** The audience the assertions name: PUBLIC_URL + /connect/token. */
  audience: string;
  cleanup(): void;
}

/** Runs with DATABASE_URL of the servers in process.env. */
export async function onboardPartner(publicUrl: string, options: { callbackUrl?: string } = {}): Promise<E2ePartner> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caas-e2e-keys-'));
  const keygen = await cli('keygen', '--out', dir);
  if (keygen.code !== 0) throw new Error(keygen.err);
  const created = await cli('partner', 'create', '--name', `E2E ${randomUUID().slice(0, 8)}`, '--public-key', path.join(dir, 'public.pem'), '--can-refuse', ...(options.callbackUrl ? ['--callback-url', options.callbackUrl] : []), '--json');
  if (created.code !== 0) throw new Error(created.err);
  const parsed = JSON.parse(created.out) as { clientId: string; callbackSecret?: string };
  return {
    clientId: parsed.clientId,
    privateKeyPem: fs.readFileSync(path.join(dir, 'private.pem'), 'utf8'),
    callbackSecret: parsed.callbackSecret ?? null,
    audience: `${publicUrl}/connect/token`,
    cleanup: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

export async function fetchToken(baseUrl: string, partner: E2ePartner): Promise<string> {
  const key = await importPKCS8(partner.privateKeyPem, 'RS256');
  const now = Math.floor(Date.now() / 1000);
  const assertion = await new SignJWT({}).setProtectedHeader({ alg: 'RS256', typ: 'JWT' }).setIssuer(partner.clientId).setSubject(partner.clientId).setAudience(partner.audience).setJti(randomUUID()).setIssuedAt(now).setNotBefore(now).setExpirationTime(now + 120).sign(key);
  const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: partner.clientId, scope: 'bmp.digital.api.full.access', client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer', client_assertion: assertion });
  const response = await fetch(`${baseUrl}/connect/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
  if (response.status !== 200) throw new Error(`token: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

export interface Answer {
  status: number;
  body: Record<string, unknown>;
  clock: string | null;
}

export async function postJson(baseUrl: string, token: string, operationPath: string, body: unknown): Promise<Answer> {
  const response = await fetch(`${baseUrl}${operationPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${token}`, idempotencykey: randomUUID() },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, clock: response.headers.get('caas-clock') };
}

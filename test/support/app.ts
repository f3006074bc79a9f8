// A whole service over a fresh database, driven through fastify.inject, with a frozen clock and a
// partner onboarded the way the service team does it. Helpers sign assertions and fetch tokens.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SignJWT, importPKCS8 } from 'jose';
import { composeServices } from '../../src/compose.js';
import { createPartner, type CreatePartnerInput, generatePartnerKeyPair, type PemKeyPair } from '../../src/modules/partners/index.js';
import { fixedClock } from '../../src/platform/clock.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { Route } from '../../src/platform/http/route.js';
import { createTestDatabase, type TestDatabase } from './db.js';

export const TEST_PUBLIC_URL = 'http://127.0.0.1:8080';
export const TEST_NOW = '2026-11-23T15:00:00.000Z';

export interface TestPartner {
  clientId: string;
  partnerId: string;
  keys: PemKeyPair;
  callbackSecret: string;
}

export interface TestService {
  app: FastifyInstance;
  database: TestDatabase;
  clock: ReturnType<typeof fixedClock>;
  config: Config;
  onboard(input?: Partial<CreatePartnerInput>): Promise<TestPartner>;
  assertion(partner: TestPartner, claims?: Record<string, unknown>): Promise<string>;
  token(partner: TestPartner, scope?: string): Promise<string>;
  call(path: string, body: unknown, options?: { token?: string; key?: string; headers?: Record<string, string> }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** `logStream`: log (at LOG_LEVEL, in LOG_FORMAT of `env`) to this stream instead of not at all. */
export async function startTestService(env: Record<string, string> = {}, extraRoutes: Route[] = [], options: { logStream?: NodeJS.WritableStream } = {}): Promise<TestService> {
  const database = await createTestDatabase();
  const clock = fixedClock(TEST_NOW);
  const config = loadConfig({ PUBLIC_URL: TEST_PUBLIC_URL, DATABASE_URL: database.url, LOG_LEVEL: 'silent', CAAS_WORKERS: 'false', CAAS_ANSWER_CACHE: process.env.CAAS_ANSWER_CACHE ?? 'verify', ...env });
  const { app } = await composeServices(database.db, clock, config, { logger: options.logStream !== undefined, logStream: options.logStream, startWorkers: false, extraRoutes });
  await app.ready();
  const service: TestService = {
    app,
    database,
    clock,
    config,
    async onboard(input = {}) {
      const keys = await generatePartnerKeyPair();
      const created = await createPartner(database.db, clock, { name: `Partner ${randomUUID().slice(0, 8)}`, publicKeyPem: keys.publicKeyPem, canRefuse: true, ...input });
      return { clientId: created.clientId, partnerId: created.partnerId, keys, callbackSecret: created.callbackSecret };
    },
    async assertion(partner, claims = {}) {
      const now_s = Math.floor(clock.now().getTime() / 1000);
      const key = await importPKCS8(partner.keys.privateKeyPem, 'RS256');
      return new SignJWT({ jti: randomUUID(), iat: now_s, nbf: now_s, exp: now_s + 300, iss: partner.clientId, sub: partner.clientId, aud: `${TEST_PUBLIC_URL}/connect/token`, ...claims })
        .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
        .sign(key);
    },
    async token(partner, scope) {
      const form = new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: partner.clientId,
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: await service.assertion(partner),
        ...(scope ? { scope } : {}),
      });
      const response = await app.inject({ method: 'POST', url: '/connect/token', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form.toString() });
      if (response.statusCode !== 200) throw new Error(`token request failed: ${response.statusCode} ${response.body}`);
      return (response.json() as { access_token: string }).access_token;
    },
    call(path, body, options = {}) {
      return app.inject({
        method: 'POST',
        url: path,
        headers: {
          'content-type': 'application/json',
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          idempotencykey: options.key ?? randomUUID(),
          ...options.headers,
        },
        payload: typeof body === 'string' ? body : JSON.stringify(body),
      });
    },
    async close() {
      await app.close();
      await database.drop();
    },
  };
  return service;
}

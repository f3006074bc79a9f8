// Exactly-once across processes and crashes (issue #2), through real listening servers:
//  - two instances on one database share IdempotencyKeys: racing the same key on both gives one effect;
//  - `kill -9` while requests are in flight, restart, retry every request with its key: each
//    effect exists exactly once.
// The effect is a proposal creation (each execution would create a new proposal).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { importPKCS8, SignJWT } from 'jose';
import { sql } from 'kysely';
import { createPartner, generatePartnerKeyPair } from '../../src/modules/partners/index.js';
import { systemClock } from '../../src/platform/clock.js';
import { createTestDatabase, type TestDatabase } from '../support/db.js';
import { startServer, type RunningServer } from '../support/server.js';

const PUBLIC_URL = 'http://caas.crash.test';
const CREATE = '/Proposta/IncluirManualSimplificado';
let database: TestDatabase;
let servers: RunningServer[] = [];
let token: string;

function firstDueDate(): string {
  return new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
}

function proposalBody(i: number): string {
  return JSON.stringify({ dto: { documentoCliente: '12345678909', vlrSolicitado: 1000 + i, prazo: 12, percJurosNegociado: 2, dtPrimeiroVencto: firstDueDate() }, parametros: null });
}

async function create(server: RunningServer, key: string, i: number): Promise<Response> {
  return fetch(`${server.url}${CREATE}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, idempotencykey: key, 'content-type': 'application/json' }, body: proposalBody(i) });
}

async function proposals(): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from proposals`.execute(database.db);
  return rows[0]!.n;
}

const serverEnv = () => ({ DATABASE_URL: database.url, PUBLIC_URL, CAAS_WORKERS: 'false' });

before(async () => {
  database = await createTestDatabase();
  const keys = await generatePartnerKeyPair();
  const partner = await createPartner(database.db, systemClock, { name: 'Crash', publicKeyPem: keys.publicKeyPem });
  servers = await Promise.all([startServer(serverEnv()), startServer(serverEnv())]);
  const now = Math.floor(Date.now() / 1000);
  const assertion = await new SignJWT({})
    .setProtectedHeader({ alg: 'RS256' })
    .setIssuer(partner.clientId)
    .setSubject(partner.clientId)
    .setAudience(`${PUBLIC_URL}/connect/token`)
    .setJti(randomUUID())
    .setIssuedAt(now)
    .setExpirationTime(now + 60)
    .sign(await importPKCS8(keys.privateKeyPem, 'RS256'));
  const form = new URLSearchParams({ grant_type: 'client_credentials', client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer', client_assertion: assertion });
  const response = await fetch(`${servers[0]!.url}/connect/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
  token = ((await response.json()) as { access_token: string }).access_token;
});

after(async () => {
  await Promise.all(servers.map((s) => s.kill('SIGKILL')));
  await database.drop();
});

describe('exactly once across processes', () => {
  test('the same key raced on two instances gives one effect; later calls replay on either', async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const keys = Array.from({ length: 10 }, () => randomUUID());
    const before = await proposals();
    const responses = await Promise.all(keys.flatMap((key, i) => [create(a, key, i), create(b, key, i)]));
    assert.ok(responses.every((r) => r.status === 200 || r.status === 409), responses.map((r) => r.status).join());
    assert.equal(await proposals(), before + keys.length);
    for (const [i, key] of keys.entries()) {
      const [fromA, fromB] = [await create(a, key, i), await create(b, key, i)];
      assert.equal(fromA.headers.get('idempotent-replayed'), 'true');
      assert.equal(await fromA.text(), await fromB.text());
    }
  });

  test('kill -9 with requests in flight, restart, retry every key: each effect exactly once', async () => {
    const victim = servers[0] as RunningServer;
    const before = await proposals();
    // Eight senders post back to back until the kill, so requests are surely in flight at it.
    const sent: { key: string; i: number; outcome: number | string }[] = [];
    let killed = false;
    const sender = async (lane: number) => {
      for (let n = 0; !killed; n += 1) {
        const entry = { key: randomUUID(), i: 100 + lane * 1000 + n, outcome: 'in flight' as number | string };
        sent.push(entry);
        entry.outcome = await create(victim, entry.key, entry.i).then((r) => r.status, () => 'connection lost');
      }
    };
    const lanes = Array.from({ length: 8 }, (_, lane) => sender(lane));
    await new Promise((r) => setTimeout(r, 400));
    killed = true;
    await victim.kill('SIGKILL');
    await Promise.all(lanes);
    const cut = sent.filter((s) => s.outcome === 'connection lost').length;
    assert.ok(cut >= 1, `no request was interrupted by the kill: ${sent.map((s) => s.outcome).join(',')}`);
    const restarted = await startServer(serverEnv(), victim.port);
    servers[0] = restarted;
    for (const entry of sent) {
      const retried = await create(restarted, entry.key, entry.i);
      assert.equal(retried.status, 200, await retried.text());
    }
    assert.equal(await proposals(), before + sent.length, `${cut} of ${sent.length} requests were cut off`);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from idempotency_records where operation = 'proposal.create'`.execute(database.db);
    assert.equal(rows[0]!.n, 10 + sent.length);
  });
});

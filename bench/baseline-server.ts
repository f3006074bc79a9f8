// The baseline: a bare Fastify route doing the essential work of each kind of operation and nothing
// else (issue 14). Operation numbers are printed as ratios to it.
// - POST /baseline/:writes: the same access-token check (same verifier, same cache) and `writes`
//   row inserts in one transaction (0: an authenticated no-op).
// - POST /baseline/read/:key: the token check and ONE select by key, answering the stored text
//   (`PUT /baseline/answer/:key` stores a copy of the subject's answer first, so sizes match).
// - POST /baseline/miss/:key: the token check and ONE select by key of a key that is not there,
//   answering 400 with a stored copy of the subject's refusal (`PUT /baseline/refusal/:key`), so the
//   sizes match (Consultar with an unknown id: its essential work is a lookup that finds nothing).
// - POST /bare: bare Fastify, no token check and no work (the authenticated no-op's baseline).
// - POST /baseline/token: the token endpoint's essentials: RS256 verify of the client assertion,
//   ES256 sign of an access token, one insert (the jti).
import { createPublicKey, generateKeyPairSync, randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import { sql } from 'kysely';
import { AccessTokenVerifier } from '../src/modules/auth/access-token.js';
import { PgServiceSigningKeys } from '../src/modules/auth/postgres-stores.js';
import { systemClock } from '../src/platform/clock.js';
import { createDb } from '../src/platform/db/pool.js';

const url = process.env.DATABASE_URL as string;
const port = Number(process.env.PORT);
const publicUrl = process.env.PUBLIC_URL as string;
const partnerKey = createPublicKey(process.env.BENCH_PARTNER_PUBLIC_KEY_PEM as string);
const signingKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
// Kysely's own driver, one round trip per statement, as the baseline always did (caas pipelines its transactions).
const db = createDb(url, { pipelined: false });
await sql`create table if not exists bench_baseline (id bigserial primary key, payload text not null, created_at timestamptz not null default now())`.execute(db);
await sql`create table if not exists bench_baseline_answers (key text primary key, payload text not null)`.execute(db);
const verifier = new AccessTokenVerifier({ signingKeys: new PgServiceSigningKeys(db, () => systemClock.now()), publicUrl, now: () => systemClock.now() });
const app = Fastify({ logger: false });
app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
  done(null, Object.fromEntries(new URLSearchParams(body as string)));
});
const ENVELOPE = '{"msg":null,"hasError":false,"messages":[]}';

app.post<{ Params: { writes: string } }>('/baseline/:writes', async (request, reply) => {
  await verifier.check(request.headers.authorization, 'caas.proposals');
  const writes = Number(request.params.writes);
  if (writes > 0) {
    await db.transaction().execute(async (tx) => {
      for (let i = 0; i < writes; i += 1) await sql`insert into bench_baseline (payload) values (${JSON.stringify(request.body ?? {})})`.execute(tx);
    });
  }
  reply.type('text/plain; charset=utf-8');
  return ENVELOPE;
});

// Bare Fastify: no token check, no work, the answer of a refused body (the no-op's baseline).
const REFUSED = JSON.stringify({ msg: null, hasError: true, messages: [{ code: 'V0001', description: 'bare', field: 'dto.numeroProposta' }] });
app.post('/bare', async (_request, reply) => {
  reply.code(400).type('application/json; charset=utf-8');
  return REFUSED;
});

// The answer is stored as the exact text received (text/plain), byte for byte.
app.put<{ Params: { key: string }; Body: string }>('/baseline/answer/:key', { bodyLimit: 64 * 1024 * 1024 }, async (request) => {
  const payload = request.body;
  await sql`insert into bench_baseline_answers (key, payload) values (${request.params.key}, ${payload}) on conflict (key) do update set payload = excluded.payload`.execute(db);
  return { bytes: Buffer.byteLength(payload) };
});

// The refusal of a lookup that finds nothing, kept in memory by key (the subject's 400, byte for byte).
const refusals = new Map<string, string>();
app.put<{ Params: { key: string }; Body: string }>('/baseline/refusal/:key', async (request) => {
  refusals.set(request.params.key, request.body);
  return { bytes: Buffer.byteLength(request.body) };
});

app.post<{ Params: { key: string } }>('/baseline/miss/:key', async (request, reply) => {
  await verifier.check(request.headers.authorization, 'caas.proposals');
  const { rows } = await sql<{ payload: string }>`select payload from bench_baseline_answers where key = ${`absent:${request.params.key}`}`.execute(db);
  if (rows[0] !== undefined) throw new Error('assertion: the absent key was found');
  reply.code(400).type('application/json; charset=utf-8');
  return refusals.get(request.params.key) ?? ENVELOPE;
});

app.post<{ Params: { key: string } }>('/baseline/read/:key', async (request, reply) => {
  await verifier.check(request.headers.authorization, 'caas.proposals');
  const { rows } = await sql<{ payload: string }>`select payload from bench_baseline_answers where key = ${request.params.key}`.execute(db);
  reply.type('application/json; charset=utf-8');
  return rows[0]?.payload ?? ENVELOPE;
});

app.post<{ Body: Record<string, string> }>('/baseline/token', async (request) => {
  const audience = `${publicUrl}/connect/token`;
  const { payload } = await jwtVerify(request.body.client_assertion ?? '', partnerKey, { algorithms: ['RS256'], audience });
  const accessToken = await new SignJWT({ client_id: payload.iss, scope: 'caas.proposals' })
    .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt' })
    .setIssuer(publicUrl)
    .setSubject(payload.iss as string)
    .setAudience(publicUrl)
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(signingKey);
  await sql`insert into bench_baseline (payload) values (${payload.jti as string})`.execute(db);
  return { access_token: accessToken, token_type: 'Bearer', expires_in: 3600, scope: 'caas.proposals' };
});

await app.listen({ host: '127.0.0.1', port });
process.on('SIGTERM', () => void app.close().then(() => db.destroy()).then(() => process.exit(0)));

// The baseline: a bare Fastify route that does what every operation must do at least — the same
// access-token check (same verifier, same cache) and `writes` row inserts in one transaction —
// and nothing else. Operation numbers are printed as ratios to it.
import Fastify from 'fastify';
import { sql } from 'kysely';
import { AccessTokenVerifier } from '../src/modules/auth/access-token.js';
import { PgServiceSigningKeys } from '../src/modules/auth/postgres-stores.js';
import { systemClock } from '../src/platform/clock.js';
import { createDb } from '../src/platform/db/pool.js';

const url = process.env.DATABASE_URL as string;
const port = Number(process.env.PORT);
const publicUrl = process.env.PUBLIC_URL as string;
const db = createDb(url);
await sql`create table if not exists bench_baseline (id bigserial primary key, payload text not null, created_at timestamptz not null default now())`.execute(db);
const verifier = new AccessTokenVerifier({ signingKeys: new PgServiceSigningKeys(db, () => systemClock.now()), publicUrl, now: () => systemClock.now() });
const app = Fastify({ logger: false });
app.post<{ Params: { writes: string } }>('/baseline/:writes', async (request, reply) => {
  await verifier.check(request.headers.authorization, 'caas.proposals');
  const writes = Number(request.params.writes);
  if (writes > 0) {
    await db.transaction().execute(async (tx) => {
      for (let i = 0; i < writes; i += 1) await sql`insert into bench_baseline (payload) values (${JSON.stringify(request.body ?? {})})`.execute(tx);
    });
  }
  reply.type('text/plain; charset=utf-8');
  return '{"msg":null,"hasError":false,"messages":[]}';
});
await app.listen({ host: '127.0.0.1', port });
process.on('SIGTERM', () => void app.close().then(() => db.destroy()).then(() => process.exit(0)));

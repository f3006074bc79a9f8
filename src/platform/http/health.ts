// Liveness (the process answers) and readiness (database reachable, migrations applied).
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/pool.js';
import { migrationsApplied } from '../db/migrate.js';

export function installHealth(app: FastifyInstance, db: Db): void {
  app.get('/health/live', { schema: { hide: true } as never }, async () => ({ status: 'ok' }));
  app.get('/health/ready', { schema: { hide: true } as never }, async (_request, reply) => {
    const ready = await migrationsApplied(async (text) => (await sql.raw<{ version: number }>(text).execute(db)) as { rows: { version: number }[] });
    reply.code(ready ? 200 : 503);
    return { status: ready ? 'ready' : 'not ready', database: ready ? 'ok' : 'unreachable or not migrated' };
  });
}

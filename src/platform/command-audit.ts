// Reading the runner's audit trail (command_audit, written by src/platform/commands.ts): the
// console's Auditoria page (who, when, what, from where). Read-only, newest first, by page.
import { sql } from 'kysely';
import type { ActorKind } from './commands.js';
import type { Executor } from './db/pool.js';

export interface AuditFilter {
  actorKind: ActorKind | null;
  /** Exact actor id (an operator's e-mail, a partner id, a job name). */
  actorId: string | null;
  /** Command name prefix, e.g. "proposal." or "payee.approve". */
  command: string | null;
}

export interface AuditEntry {
  id: number;
  at: string;
  command: string;
  actorKind: ActorKind;
  actorId: string;
  source: string | null;
  summary: string;
  idempotencyKey: string | null;
}

export async function pageCommandAudit(db: Executor, filter: AuditFilter, page: number, pageSize: number): Promise<{ rows: AuditEntry[]; total: number }> {
  const base = db
    .selectFrom('command_audit')
    .$if(filter.actorKind !== null, (q) => q.where('actor_kind', '=', filter.actorKind as ActorKind))
    .$if(filter.actorId !== null, (q) => q.where('actor_id', '=', filter.actorId as string))
    .$if(filter.command !== null, (q) => q.where('command', 'like', `${(filter.command as string).replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const entries = rows.map((r) => ({ id: Number(r.id), at: r.created_at.toISOString(), command: r.command, actorKind: r.actor_kind, actorId: r.actor_id, source: r.source, summary: r.summary, idempotencyKey: r.idempotency_key }));
  return { rows: entries, total: count.n };
}

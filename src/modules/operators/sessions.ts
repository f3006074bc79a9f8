// Console sessions in PostgreSQL: a random token in the cookie, its SHA-256 in operator_sessions,
// with the CSRF token of the session's forms. A session ends when unused for SESSION_IDLE_MS, or
// SESSION_ABSOLUTE_MS after the login, or when its operator is disabled or its password reset.
import type { Db, Executor } from '../../platform/db/pool.js';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, SESSION_TOUCH_INTERVAL_MS } from './limits.js';
import type { Role } from './permissions.js';
import type { OperatorsSettings } from './settings.js';
import { newToken, tokenHash } from './tokens.js';

export interface SessionOperator {
  id: string;
  email: string;
  name: string;
  role: Role;
  hasTotp: boolean;
}

export interface Session {
  operator: SessionOperator;
  csrfToken: string;
  /** The operator must enrol TOTP before anything else (admins with CAAS_CONSOLE_TOTP_ADMINS). */
  mustEnrollTotp: boolean;
}

export async function openSession(db: Executor, operatorId: string, ip: string, now: Date): Promise<{ token: string; csrfToken: string }> {
  const token = newToken();
  const csrfToken = newToken();
  await db.insertInto('operator_sessions').values({ token_hash: tokenHash(token), operator_id: operatorId, csrf_token: csrfToken, ip, created_at: now, last_seen_at: now }).execute();
  return { token, csrfToken };
}

/** True when a session opened at `createdAt` and last used at `lastSeenAt` is still alive at `now`. */
export function sessionAlive(createdAt: Date, lastSeenAt: Date, now: Date): boolean {
  return now.getTime() - lastSeenAt.getTime() < SESSION_IDLE_MS && now.getTime() - createdAt.getTime() < SESSION_ABSOLUTE_MS;
}

/** The live session of a cookie token, touched; null (and the row deleted) when it is over. */
export async function resumeSession(db: Db, token: string, now: Date, settings: OperatorsSettings): Promise<Session | null> {
  const hash = tokenHash(token);
  const row = await db
    .selectFrom('operator_sessions as s')
    .innerJoin('operators as o', 'o.id', 's.operator_id')
    .select(['s.csrf_token', 's.created_at', 's.last_seen_at', 'o.id', 'o.email', 'o.name', 'o.role', 'o.enabled', 'o.totp_secret'])
    .where('s.token_hash', '=', hash)
    .executeTakeFirst();
  if (row === undefined) return null;
  if (!row.enabled || !sessionAlive(row.created_at, row.last_seen_at, now)) {
    await db.deleteFrom('operator_sessions').where('token_hash', '=', hash).execute();
    return null;
  }
  if (now.getTime() - row.last_seen_at.getTime() >= SESSION_TOUCH_INTERVAL_MS) await db.updateTable('operator_sessions').set({ last_seen_at: now }).where('token_hash', '=', hash).execute();
  const operator = { id: row.id, email: row.email, name: row.name, role: row.role, hasTotp: row.totp_secret !== null };
  return { operator, csrfToken: row.csrf_token, mustEnrollTotp: mustEnrollTotp(operator.role, operator.hasTotp, settings) };
}

export function mustEnrollTotp(role: Role, hasTotp: boolean, settings: OperatorsSettings): boolean {
  return role === 'admin' && settings.totpRequiredForAdmins && !hasTotp;
}

export async function closeSession(db: Executor, token: string): Promise<void> {
  await db.deleteFrom('operator_sessions').where('token_hash', '=', tokenHash(token)).execute();
}

/** Deletes sessions that are over (the maintenance of the login path calls it). */
export async function purgeSessions(db: Executor, now: Date): Promise<void> {
  await db
    .deleteFrom('operator_sessions')
    .where((eb) => eb.or([eb('last_seen_at', '<=', new Date(now.getTime() - SESSION_IDLE_MS)), eb('created_at', '<=', new Date(now.getTime() - SESSION_ABSOLUTE_MS))]))
    .execute();
}

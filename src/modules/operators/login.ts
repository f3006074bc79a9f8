// Logging in to the console: throttling per account and per IP (failures kept in PostgreSQL, so
// every instance sees them and a restart forgets nothing), the password (argon2id), the TOTP code
// when the operator has one (each code works once), then a new session.
import type { Db } from '../../platform/db/pool.js';
import { LOGIN_FAILURES_PER_ACCOUNT_MAX, LOGIN_FAILURES_PER_IP_MAX, LOGIN_THROTTLE_WINDOW_MS, OPERATOR_EMAIL_LENGTH_MAX } from './limits.js';
import { normalizeEmail } from './operator-admin.js';
import { verifyPassword } from './passwords.js';
import { openSession, purgeSessions } from './sessions.js';
import { totpStep } from './totp.js';

export interface LoginAttempt {
  email: string;
  password: string;
  code?: string;
  ip: string;
}

export type LoginOutcome =
  | { kind: 'ok'; token: string; csrfToken: string }
  | { kind: 'invalid' }
  | { kind: 'code-required' }
  | { kind: 'throttled' };

async function throttled(db: Db, email: string, ip: string, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - LOGIN_THROTTLE_WINDOW_MS);
  await db.deleteFrom('operator_login_failures').where('at', '<=', since).execute();
  const counts = await db
    .selectFrom('operator_login_failures')
    .select((eb) => [eb.fn.countAll<string>().filterWhere('email', '=', email).as('account'), eb.fn.countAll<string>().filterWhere('ip', '=', ip).as('ip')])
    .where((eb) => eb.or([eb('email', '=', email), eb('ip', '=', ip)]))
    .executeTakeFirstOrThrow();
  return Number(counts.account) >= LOGIN_FAILURES_PER_ACCOUNT_MAX || Number(counts.ip) >= LOGIN_FAILURES_PER_IP_MAX;
}

async function fail(db: Db, email: string, ip: string, now: Date): Promise<LoginOutcome> {
  await db.insertInto('operator_login_failures').values({ email, ip, at: now }).execute();
  return { kind: 'invalid' };
}

export async function login(db: Db, attempt: LoginAttempt, now: Date): Promise<LoginOutcome> {
  const email = normalizeEmail(attempt.email).slice(0, OPERATOR_EMAIL_LENGTH_MAX);
  if (await throttled(db, email, attempt.ip, now)) return { kind: 'throttled' };
  const operator = await db.selectFrom('operators').select(['id', 'enabled', 'password_hash', 'totp_secret', 'totp_last_step']).where('email', '=', email).executeTakeFirst();
  const passwordOk = await verifyPassword(operator?.password_hash ?? null, attempt.password);
  if (operator === undefined || !passwordOk || !operator.enabled) return fail(db, email, attempt.ip, now);
  if (operator.totp_secret !== null) {
    const code = attempt.code?.trim() ?? '';
    if (code === '') return { kind: 'code-required' };
    const step = totpStep(operator.totp_secret, code, now);
    if (step === null || (operator.totp_last_step !== null && step <= Number(operator.totp_last_step))) return fail(db, email, attempt.ip, now);
    await db.updateTable('operators').set({ totp_last_step: step }).where('id', '=', operator.id).execute();
  }
  await db.deleteFrom('operator_login_failures').where('email', '=', email).execute();
  await purgeSessions(db, now);
  const session = await openSession(db, operator.id, attempt.ip, now);
  return { kind: 'ok', ...session };
}

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

/**
 * Records the attempt before anything slow (argon2), then counts it with the others: concurrent
 * attempts each see every attempt recorded before theirs, so a burst cannot slip past the limit.
 * An attempt counts as a failure until it succeeds (its row is then removed).
 */
async function recordAttempt(db: Db, email: string, ip: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - LOGIN_THROTTLE_WINDOW_MS);
  await db.deleteFrom('operator_login_failures').where('at', '<=', since).execute();
  const row = await db.insertInto('operator_login_failures').values({ email, ip, at: now }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

async function overLimit(db: Db, email: string, ip: string): Promise<boolean> {
  const counts = await db
    .selectFrom('operator_login_failures')
    .select((eb) => [eb.fn.countAll<string>().filterWhere('email', '=', email).as('account'), eb.fn.countAll<string>().filterWhere('ip', '=', ip).as('ip')])
    .where((eb) => eb.or([eb('email', '=', email), eb('ip', '=', ip)]))
    .executeTakeFirstOrThrow();
  // This attempt is among them: the limit is on the failures before it.
  return Number(counts.account) > LOGIN_FAILURES_PER_ACCOUNT_MAX || Number(counts.ip) > LOGIN_FAILURES_PER_IP_MAX;
}

async function forget(db: Db, attemptId: number): Promise<void> {
  await db.deleteFrom('operator_login_failures').where('id', '=', attemptId).execute();
}

/** Spends a TOTP step once: the update wins only over a lower last step, so two logins racing with one code get one session. */
async function spendTotpStep(db: Db, operatorId: string, step: number): Promise<boolean> {
  const updated = await db
    .updateTable('operators')
    .set({ totp_last_step: step })
    .where('id', '=', operatorId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return updated.numUpdatedRows === 1n;
}

export async function login(db: Db, attempt: LoginAttempt, now: Date): Promise<LoginOutcome> {
  const email = normalizeEmail(attempt.email).slice(0, OPERATOR_EMAIL_LENGTH_MAX);
  const attemptId = await recordAttempt(db, email, attempt.ip, now);
  if (await overLimit(db, email, attempt.ip)) {
    await forget(db, attemptId); // a refused attempt does not lengthen the lock-out
    return { kind: 'throttled' };
  }
  const operator = await db.selectFrom('operators').select(['id', 'enabled', 'password_hash', 'totp_secret']).where('email', '=', email).executeTakeFirst();
  const passwordOk = await verifyPassword(operator?.password_hash ?? null, attempt.password);
  if (operator === undefined || !passwordOk || !operator.enabled) return { kind: 'invalid' };
  if (operator.totp_secret !== null) {
    const code = attempt.code?.trim() ?? '';
    if (code === '') {
      await forget(db, attemptId); // the password was right: asking for the code is no failure
      return { kind: 'code-required' };
    }
    const step = totpStep(operator.totp_secret, code, now);
    if (step === null || !(await spendTotpStep(db, operator.id, step))) return { kind: 'invalid' };
  }
  await db.deleteFrom('operator_login_failures').where('email', '=', email).execute();
  await purgeSessions(db, now);
  const session = await openSession(db, operator.id, attempt.ip, now);
  return { kind: 'ok', ...session };
}

// What admins do to operators (CLI `caas operator …` and the console page "Operadores"): create,
// disable, enable, reset the password (a one-time link), set a password, enrol TOTP. Each is a
// CommandDefinition run through the runner (src/platform/commands.ts) by every face, with the
// operator (or the CLI's user) as actor. Password hashes and link tokens are computed by the face
// before the command (argon2 is slow; nothing secret enters an idempotency record).
import { randomUUID } from 'node:crypto';
import type { CommandDefinition } from '../../platform/commands.js';
import type { Executor, Tx } from '../../platform/db/pool.js';
import { DomainError } from '../../platform/errors.js';
import { OPERATOR_EMAIL_LENGTH_MAX, OPERATOR_NAME_LENGTH_MAX, PASSWORD_LINK_TTL_MS } from './limits.js';
import { isRole, type Role } from './permissions.js';

export interface OperatorSummary {
  id: string;
  email: string;
  name: string;
  role: Role;
  enabled: boolean;
  hasPassword: boolean;
  hasTotp: boolean;
}

const EMAIL_RE = /^[^\s@<>"']+@[^\s@<>"']+\.[^\s@<>"']+$/;

const invalid = (description: string, field: string) => new DomainError('validation', [{ code: 'OPR001', description, field }]);
const unknownOperator = (email: string) => new DomainError('business', [{ code: 'OPR002', description: `Operador ${email} não existe`, field: 'email' }]);

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function checkedEmail(email: string): string {
  const value = normalizeEmail(email);
  if (value.length > OPERATOR_EMAIL_LENGTH_MAX || !EMAIL_RE.test(value)) throw invalid('E-mail inválido', 'email');
  return value;
}

function checkedName(name: string): string {
  const value = name.trim();
  if (value === '' || value.length > OPERATOR_NAME_LENGTH_MAX) throw invalid(`Nome deve ter de 1 a ${OPERATOR_NAME_LENGTH_MAX} caracteres`, 'name');
  return value;
}

const SUMMARY_COLUMNS = ['id', 'email', 'name', 'role', 'enabled', 'password_hash', 'totp_secret'] as const;

type SummaryRow = { id: string; email: string; name: string; role: Role; enabled: boolean; password_hash: string | null; totp_secret: string | null };

function summaryOf(row: SummaryRow): OperatorSummary {
  return { id: row.id, email: row.email, name: row.name, role: row.role, enabled: row.enabled, hasPassword: row.password_hash !== null, hasTotp: row.totp_secret !== null };
}

export async function listOperators(db: Executor): Promise<OperatorSummary[]> {
  const rows = await db.selectFrom('operators').select(SUMMARY_COLUMNS).orderBy('email').execute();
  return rows.map(summaryOf);
}

export async function findOperator(db: Executor, email: string): Promise<OperatorSummary | null> {
  const row = await db.selectFrom('operators').select(SUMMARY_COLUMNS).where('email', '=', normalizeEmail(email)).executeTakeFirst();
  return row === undefined ? null : summaryOf(row);
}

async function requireOperator(tx: Tx, email: string): Promise<OperatorSummary> {
  const found = await findOperator(tx, email);
  if (found === null) throw unknownOperator(email);
  return found;
}

export interface CreateOperatorInput {
  email: string;
  name: string;
  role: string;
}

export const createOperator: CommandDefinition<CreateOperatorInput, OperatorSummary> = {
  name: 'operator.create',
  locks: (input) => [`operator:${normalizeEmail(input.email)}`],
  summarize: (r) => `operator ${r.email} created (${r.role})`,
  handler: async (input, { tx, now }) => {
    const email = checkedEmail(input.email);
    const name = checkedName(input.name);
    if (!isRole(input.role)) throw invalid('Papel deve ser analyst, approver ou admin', 'role');
    if ((await findOperator(tx, email)) !== null) throw new DomainError('business', [{ code: 'OPR003', description: `Já existe um operador ${email}`, field: 'email' }]);
    const row = { id: randomUUID(), email, name, role: input.role, password_hash: null, totp_secret: null, totp_last_step: null, password_token_hash: null, password_token_expires: null, created_at: now, updated_at: now };
    await tx.insertInto('operators').values(row).execute();
    return summaryOf({ ...row, enabled: true });
  },
};

export interface OperatorRef {
  email: string;
}

function setEnabled(enabled: boolean): CommandDefinition<OperatorRef, OperatorSummary> {
  return {
    name: enabled ? 'operator.enable' : 'operator.disable',
    locks: (input) => [`operator:${normalizeEmail(input.email)}`],
    summarize: (r) => `operator ${r.email} ${enabled ? 'enabled' : 'disabled'}`,
    handler: async (input, { tx, now }) => {
      const found = await requireOperator(tx, input.email);
      await tx.updateTable('operators').set({ enabled, updated_at: now }).where('id', '=', found.id).execute();
      if (!enabled) await tx.deleteFrom('operator_sessions').where('operator_id', '=', found.id).execute();
      return { ...found, enabled };
    },
  };
}

export const disableOperator = setEnabled(false);
export const enableOperator = setEnabled(true);

/** Clears the password and the TOTP secret (lost phone) and ends every session of the operator. */
export const resetOperatorPassword: CommandDefinition<OperatorRef, OperatorSummary> = {
  name: 'operator.reset-password',
  locks: (input) => [`operator:${normalizeEmail(input.email)}`],
  summarize: (r) => `password and TOTP of ${r.email} reset`,
  handler: async (input, { tx, now }) => {
    const found = await requireOperator(tx, input.email);
    await tx.updateTable('operators').set({ password_hash: null, totp_secret: null, totp_last_step: null, password_token_hash: null, password_token_expires: null, updated_at: now }).where('id', '=', found.id).execute();
    await tx.deleteFrom('operator_sessions').where('operator_id', '=', found.id).execute();
    return { ...found, hasPassword: false, hasTotp: false };
  },
};

/** Input: the SHA-256 of a fresh token (tokens.ts); the face shows the token once, in the link. */
export const issuePasswordLink: CommandDefinition<{ email: string; tokenHash: string }, { email: string; expiresAt: string }> = {
  name: 'operator.password-link',
  locks: (input) => [`operator:${normalizeEmail(input.email)}`],
  summarize: (r) => `set-password link issued for ${r.email}`,
  handler: async (input, { tx, now }) => {
    const found = await requireOperator(tx, input.email);
    const expires = new Date(now.getTime() + PASSWORD_LINK_TTL_MS);
    await tx.updateTable('operators').set({ password_token_hash: input.tokenHash, password_token_expires: expires, updated_at: now }).where('id', '=', found.id).execute();
    return { email: found.email, expiresAt: expires.toISOString() };
  },
};

/** Sets the password of an operator, by email (CLI, stdin) or by a link's token hash (console). */
export const setOperatorPassword: CommandDefinition<{ email?: string; tokenHash?: string; passwordHash: string }, { email: string }> = {
  name: 'operator.set-password',
  summarize: (r) => `password of ${r.email} set`,
  handler: async (input, { tx, now }) => {
    let query = tx.selectFrom('operators').select(['id', 'email']);
    if (input.tokenHash !== undefined) query = query.where('password_token_hash', '=', input.tokenHash).where('password_token_expires', '>', now);
    else if (input.email !== undefined) query = query.where('email', '=', normalizeEmail(input.email));
    else throw invalid('E-mail ou link é necessário', 'email');
    const found = await query.executeTakeFirst();
    if (found === undefined) throw new DomainError('business', [{ code: 'OPR004', description: 'Link inválido ou expirado', field: null }]);
    await tx.updateTable('operators').set({ password_hash: input.passwordHash, password_token_hash: null, password_token_expires: null, updated_at: now }).where('id', '=', found.id).execute();
    await tx.deleteFrom('operator_sessions').where('operator_id', '=', found.id).execute();
    return { email: found.email };
  },
};

/** True when a set-password link token hash is valid at `now` (the page shows its form only then). */
export async function passwordLinkValid(db: Executor, hash: string, now: Date): Promise<boolean> {
  const row = await db.selectFrom('operators').select('id').where('password_token_hash', '=', hash).where('password_token_expires', '>', now).executeTakeFirst();
  return row !== undefined;
}

/** Enrols TOTP: the face checked a code of `secret` first (the operator's app holds it). */
export const enrollTotp: CommandDefinition<{ operatorId: string; secret: string; step: number }, { email: string }> = {
  name: 'operator.totp-enroll',
  summarize: (r) => `TOTP enrolled for ${r.email}`,
  handler: async (input, { tx, now }) => {
    const found = await tx.updateTable('operators').set({ totp_secret: input.secret, totp_last_step: input.step, updated_at: now }).where('id', '=', input.operatorId).returning('email').executeTakeFirst();
    if (found === undefined) throw new DomainError('business', [{ code: 'OPR002', description: 'Operador não existe', field: null }]);
    return { email: found.email };
  },
};

/** Every operator command, by name (the four-eyes page and the CLI look them up here). */
export const OPERATOR_COMMANDS = [createOperator, disableOperator, enableOperator, resetOperatorPassword, issuePasswordLink, setOperatorPassword, enrollTotp] as const;

export function roleOf(value: string): Role {
  if (!isRole(value)) throw invalid('Papel deve ser analyst, approver ou admin', 'role');
  return value;
}

// Four-eyes confirmations (CAAS_FOUR_EYES=payees,disbursements), generic over commands: an action
// of a listed kind is stored pending (its command name, input, permission and idempotency key)
// instead of running. Another operator holding the same permission confirms it: the command then
// runs through the runner under the stored key, with the confirming operator as actor, and the
// confirmation is marked in the same transaction. Or they reject it. Requesters never confirm.
import { randomUUID } from 'node:crypto';
import type { CommandDefinition } from '../../platform/commands.js';
import type { Db, Executor } from '../../platform/db/pool.js';
import { DomainError } from '../../platform/errors.js';
import { CONFIRMATIONS_LISTED_MAX } from './limits.js';
import type { ConfirmationStatus } from './tables.js';

/** What a pending command is: the same fields when requested and when listed. */
interface PendingCommand {
  kind: string;
  command: string;
  permission: string;
  input: unknown;
  summary: string;
  idempotencyKey: string;
}

export interface ConfirmationRequest extends PendingCommand {
  requestedBy: string;
}

export interface Confirmation extends PendingCommand {
  id: string;
  requestedBy: { id: string; email: string; name: string };
  requestedAt: Date;
  status: ConfirmationStatus;
  decidedBy: string | null;
  outcome: string | null;
}

/** Stores a pending confirmation; the same command and key again (a double submit) returns the first. */
export async function requestConfirmation(db: Executor, request: ConfirmationRequest, now: Date): Promise<string> {
  const id = randomUUID();
  const inserted = await db
    .insertInto('operator_confirmations')
    .values({ id, kind: request.kind, command: request.command, permission: request.permission, input: JSON.stringify(request.input), summary: request.summary, idempotency_key: request.idempotencyKey, requested_by: request.requestedBy, requested_at: now, status: 'pending', decided_by: null, decided_at: null, outcome: null })
    .onConflict((oc) => oc.columns(['command', 'idempotency_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted !== undefined) return inserted.id;
  const existing = await db.selectFrom('operator_confirmations').select('id').where('command', '=', request.command).where('idempotency_key', '=', request.idempotencyKey).executeTakeFirstOrThrow();
  return existing.id;
}

function baseQuery(db: Executor) {
  return db
    .selectFrom('operator_confirmations as c')
    .innerJoin('operators as o', 'o.id', 'c.requested_by')
    .leftJoin('operators as d', 'd.id', 'c.decided_by')
    .select(['c.id', 'c.kind', 'c.command', 'c.permission', 'c.input', 'c.summary', 'c.idempotency_key', 'c.requested_at', 'c.status', 'c.outcome', 'o.id as requester_id', 'o.email as requester_email', 'o.name as requester_name', 'd.email as decider_email']);
}

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

function confirmationOf(row: Row): Confirmation {
  return {
    id: row.id,
    kind: row.kind,
    command: row.command,
    permission: row.permission,
    input: row.input,
    summary: row.summary,
    idempotencyKey: row.idempotency_key,
    requestedBy: { id: row.requester_id, email: row.requester_email, name: row.requester_name },
    requestedAt: row.requested_at,
    status: row.status,
    decidedBy: row.decider_email,
    outcome: row.outcome,
  };
}

/** Pending confirmations first (oldest first), then the latest decided ones. */
export async function listConfirmations(db: Executor): Promise<Confirmation[]> {
  const pending = await baseQuery(db).where('c.status', '=', 'pending').orderBy('c.requested_at').limit(CONFIRMATIONS_LISTED_MAX).execute();
  const decided = await baseQuery(db).where('c.status', '<>', 'pending').orderBy('c.decided_at', 'desc').limit(CONFIRMATIONS_LISTED_MAX).execute();
  return [...pending, ...decided].map(confirmationOf);
}

export async function findConfirmation(db: Executor, id: string): Promise<Confirmation | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const row = await baseQuery(db).where('c.id', '=', id).executeTakeFirst();
  return row === undefined ? null : confirmationOf(row);
}

const refused = (description: string) => new DomainError('business', [{ code: 'OPR010', description, field: null }]);

/**
 * The stored command, wrapped so that it runs only while the confirmation is pending and decided by
 * someone else, and marks it confirmed in the command's own transaction. Run it through runDefined
 * with the stored input and key (confirmation.input, confirmation.idempotencyKey).
 */
export function confirmingDefinition<I, R>(definition: CommandDefinition<I, R>, confirmation: Confirmation, deciderId: string): CommandDefinition<I, R> {
  return {
    name: definition.name,
    locks: (input, actor) => [...(definition.locks?.(input, actor) ?? []), `confirmation:${confirmation.id}`],
    summarize: (result) => `${definition.summarize?.(result) ?? definition.name} (four-eyes: requested by ${confirmation.requestedBy.email})`,
    handler: async (input, ctx) => {
      const row = await ctx.tx.selectFrom('operator_confirmations').select(['status', 'requested_by']).where('id', '=', confirmation.id).forUpdate().executeTakeFirst();
      if (row === undefined || row.status !== 'pending') throw refused('Esta confirmação já foi decidida');
      if (row.requested_by === deciderId) throw refused('Quem pediu a ação não pode confirmá-la');
      const result = await definition.handler(input, ctx);
      await ctx.tx.updateTable('operator_confirmations').set({ status: 'confirmed', decided_by: deciderId, decided_at: ctx.now, outcome: definition.summarize?.(result) ?? 'ok' }).where('id', '=', confirmation.id).execute();
      return result;
    },
  };
}

/** Marks a pending confirmation rejected (by someone else than the requester) or failed. */
export async function closeConfirmation(db: Db, id: string, deciderId: string, status: 'rejected' | 'failed', outcome: string, now: Date): Promise<boolean> {
  const updated = await db
    .updateTable('operator_confirmations')
    .set({ status, decided_by: deciderId, decided_at: now, outcome })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where((eb) => (status === 'rejected' ? eb('requested_by', '<>', deciderId) : eb.val(true)))
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

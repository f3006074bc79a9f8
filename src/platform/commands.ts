// The one command runner (issue 13). Every state-changing command of every face (partner API,
// operator CLI, and later the console and bank files) runs as
//   runCommand(deps, { name, input, actor, idempotencyKey?, locks? }, handler)
// and the runner owns, in ONE transaction:
//   - the idempotency record (executeIdempotent: key + hash of the input + the stored domain result;
//     a replay returns the stored result and leaves nothing of the handler (see below), another
//     input under the key is a typed `idempotency_mismatch` (422), a key held by a running
//     transaction a `conflict` (409));
//   - the advisory locks the command names (waited for, in a fixed order, so two commands never
//     deadlock on them);
//   - the audit row: command name, actor, key and a one-line summary (under a key, written by the
//     statement that stores the idempotency record: no round trip of its own);
//   - the outbox: the handler calls ctx.enqueue(event) and the writer the composition root gave the
//     runner stores the events in the same transaction.
// Under a key the handler starts behind the claim, before the claim's answer is in (issue 14: one
// round trip less, db/pipelined-driver.ts): if the key turns out held or answered, the claim
// raises and every statement behind it fails, so nothing the handler wrote remains. So a handler,
// until its first statement is answered, must not act outside its transaction (a provider call,
// a write on another connection); one that must, names `locks`, whose statements come first.
// Platform knows no lending: names, inputs, results, events and summaries are opaque here.
import { createHash } from 'node:crypto';
import { CompiledQuery } from 'kysely';
import type { Clock } from './clock.js';
import { joinFixed, type FixedSql } from './db/fixed-text.js';
import { withCommit } from './db/pipelined-driver.js';
import type { Db, Tx } from './db/pool.js';
import { DomainError, type MessageInput } from './errors.js';
import { executeIdempotent, hashRequest } from './idempotency.js';
import { stringify } from './http/serialize.js';

export type ActorKind = 'partner' | 'operator' | 'system';

/** Who asked: a partner (its partner id), an operator (a person's name) or a system job (its name). */
export interface Actor {
  kind: ActorKind;
  id: string;
  /** Where from, recorded in the audit: the face and what it knows, e.g. "cli", "console 203.0.113.7". */
  source?: string;
  /** How a module's own records name the actor when `id` is not that name (a partner: the client id that asked). */
  name?: string;
}

/** An event for the outbox; the composition root's writer knows what to do with it. */
export interface OutboxEvent {
  kind: string;
  payload: unknown;
}

/** What a handler (or a flow it calls) is given to put events in the outbox: the context's `enqueue`. */
export type Enqueue = (event: OutboxEvent) => void;

/**
 * Stores a transaction's events. Its optional `statement` gives the same rows as common table
 * expressions instead (`name as (insert …)`, comma-separated, names starting `outbox_`): the
 * command runner then sends them with the statement that closes the command (issue 14: no round
 * trip of their own); the job runner calls the writer.
 */
export type OutboxWriter = ((tx: Tx, events: readonly OutboxEvent[], now: Date) => Promise<void>) & { statement?: OutboxStatement };

/** The rows' common table expressions as a fixed text (the same for any number of events) and its values. */
export type OutboxStatement = (events: readonly OutboxEvent[], now: Date) => FixedSql;

export interface CommandDeps {
  db: Db;
  clock: Clock;
  /** Stores the events a handler enqueued, in its transaction; absent → enqueueing is an error. */
  outbox?: OutboxWriter;
  /** How long idempotency records are kept (default: LIMITS.IDEMPOTENCY_RETENTION_MS). */
  idempotencyRetentionMs?: number;
}

export interface CommandRequest<I> {
  /** A stable name, e.g. "proposal.approve"; the idempotency scope and the audit's command. */
  name: string;
  input: I;
  actor: Actor;
  /** Without a key the command runs every time (no record is kept). */
  idempotencyKey?: string;
  /** Advisory locks to hold for the transaction (any strings: "proposal:42"). */
  locks?: readonly string[];
  /** The audit line; default: the command name. */
  summarize?: (result: unknown) => string;
  /** The stored result's shape (CommandDefinition.resultVersion); part of the idempotency record's input hash. */
  resultVersion?: number;
}

export interface CommandContext {
  tx: Tx;
  clock: Clock;
  now: Date;
  actor: Actor;
  enqueue: Enqueue;
}

/** What a use case needs of the command it runs in: its transaction, clock and outbox hook. */
export type CommandScope = Pick<CommandContext, 'tx' | 'clock' | 'enqueue'>;

export type CommandHandler<I, R> = (input: I, ctx: CommandContext) => Promise<R>;

export interface CommandOutcome<R> {
  result: R;
  /** True when the result is the stored one of an earlier run under the same key. */
  replayed: boolean;
}

/**
 * Idempotency records are scoped by (partner_id, operation, key). Commands of a partner use its
 * partner id; commands of operators and system jobs share this scope (their keys are generated
 * UUIDs or chosen by the person, and the command name separates operations).
 */
export const NON_PARTNER_SCOPE = '00000000-0000-0000-0000-000000000000';

/** Marks a stored business error (the stored result is the error, replayed as the same error). */
const ERROR_STATUS = 400;

function lockKey(name: string): string {
  return createHash('sha256').update(name).digest().readBigInt64BE(0).toString();
}

const ADVISORY_LOCK = 'select pg_advisory_xact_lock($1::bigint)';

/** Transaction-scoped advisory locks by name, waited for in a fixed order (what `locks` takes). */
export async function takeLocks(tx: Tx, locks: readonly string[]): Promise<void> {
  for (const name of [...new Set(locks)].sort()) await tx.executeQuery(CompiledQuery.raw(ADVISORY_LOCK, [lockKey(name)]));
}

function errorRecord(error: DomainError): { statusCode: number; body: string } {
  return { statusCode: ERROR_STATUS, body: JSON.stringify({ kind: error.kind, messages: error.messages }) };
}

/** The header a face may send when a stored answer is replayed (the HTTP path's `idempotent-replayed`). */
export const REPLAYED_HEADER = 'idempotent-replayed';

function rethrowStored(body: string, replayed: boolean): never {
  const stored = JSON.parse(body) as { kind: DomainError['kind']; messages: MessageInput[] };
  throw new DomainError(stored.kind, stored.messages, replayed ? { [REPLAYED_HEADER]: 'true' } : {});
}

/**
 * Runs `work` with an `enqueue` that collects outbox events, then hands them, in order, to `writer`
 * in the same transaction (nothing is written when `work` throws). The runner's hook, and the job
 * runner's (platform/jobs.ts withOutbox). `who` names the caller in the no-writer assertion.
 */
export async function withOutboxEvents<R>(tx: Tx, now: Date, writer: OutboxWriter | undefined, who: string, work: (enqueue: Enqueue) => Promise<R>): Promise<R> {
  const events: OutboxEvent[] = [];
  const result = await work((event) => {
    if (writer === undefined) throw new Error(`assertion: ${who} enqueued an event but has no outbox writer`);
    events.push(event);
  });
  if (events.length > 0) await (writer as OutboxWriter)(tx, events, now);
  return result;
}

/** The audit row (fixed text: kysely built it on every command, issue 14). */
const AUDIT_INSERT = `insert into command_audit (command, actor_kind, actor_id, idempotency_key, summary, created_at, source)
    values ($1, $2, $3, $4, $5, $6, $7)`;
const AUDIT_CTE = `audit as (${AUDIT_INSERT})`;

/**
 * The handler's run inside the transaction: locks, handler, outbox. Left to the caller, as parts of
 * the statement that closes the command: the audit row (an insert) and, when the writer has a
 * `statement`, the outbox rows (common table expressions; null when nothing was enqueued).
 */
async function runHandler<I, R>(deps: CommandDeps, request: CommandRequest<I>, handler: CommandHandler<I, R>, tx: Tx): Promise<{ result: R; audit: FixedSql; outbox: FixedSql | null }> {
  await takeLocks(tx, request.locks ?? []);
  const now = deps.clock.now();
  const enqueued: OutboxEvent[] = [];
  const statement = deps.outbox?.statement;
  const later: OutboxWriter = async (_tx, events) => void enqueued.push(...events);
  const writer = statement === undefined ? deps.outbox : later;
  const result = await withOutboxEvents(tx, now, writer, `command ${request.name}`, (enqueue) => handler(request.input, { tx, clock: deps.clock, now, actor: request.actor, enqueue }));
  const summary = request.summarize?.(result) ?? request.name;
  const audit = { text: AUDIT_INSERT, values: [request.name, request.actor.kind, request.actor.id, request.idempotencyKey ?? null, summary, now, request.actor.source ?? null] };
  const outbox = enqueued.length > 0 && statement !== undefined ? statement(enqueued, now) : null;
  return { result, audit, outbox };
}

/**
 * The input's hash, marked with the result's shape when it is past the first: a record stored by a
 * build whose result had another shape then answers IDEM422 (same key, other request) instead of
 * replaying a result this build's views cannot render.
 */
export function versionedHash(inputHash: string, resultVersion: number | undefined): string {
  return resultVersion === undefined || resultVersion <= 1 ? inputHash : `${inputHash}/r${resultVersion}`;
}

/** Runs one command: see the header. Results must be JSON-shaped (a replay returns them parsed). */
export async function runCommand<I, R>(deps: CommandDeps, request: CommandRequest<I>, handler: CommandHandler<I, R>): Promise<CommandOutcome<R>> {
  if (request.idempotencyKey === undefined) {
    const result = await deps.db.transaction().execute(async (tx) => {
      const ran = await runHandler(deps, request, handler, tx);
      const closing = ran.outbox === null ? ran.audit : joinFixed([{ text: `with ${ran.outbox.text}`, values: ran.outbox.values }, ran.audit], ' ');
      // Sent with the commit, one round trip for both (db/pipelined-driver.ts).
      await tx.executeQuery(withCommit(CompiledQuery.raw(closing.text, [...closing.values])));
      return ran.result;
    });
    return { result, replayed: false };
  }
  const scope = {
    partnerId: request.actor.kind === 'partner' ? request.actor.id : NON_PARTNER_SCOPE,
    operation: request.name,
    key: request.idempotencyKey,
    requestHash: versionedHash(hashRequest(request.input), request.resultVersion),
  };
  // The audit row and the outbox rows are written by the statement that stores the record (no
  // round trip of their own).
  const work = async (tx: Tx) => {
    const ran = await runHandler(deps, request, handler, tx);
    const audit = { text: AUDIT_CTE, values: ran.audit.values };
    return { body: stringify(ran.result), alongside: ran.outbox === null ? audit : joinFixed([ran.outbox, audit], ', ') };
  };
  const outcome = await executeIdempotent(deps.db, deps.clock, scope, work, errorRecord, deps.idempotencyRetentionMs);
  if (outcome.statusCode === ERROR_STATUS) rethrowStored(outcome.body, outcome.replayed);
  // The stored form, on the first run as on a replay, so both render the same.
  return { result: JSON.parse(outcome.body) as R, replayed: outcome.replayed };
}

/**
 * A command in domain terms, declared once by its module and run by every face (partner API, CLI,
 * console, bank files) through `runDefined`: the same name, locks, audit line and handler whoever
 * asks. Modules export their definitions (bound to their dependencies at the composition root);
 * faces only map their own input shape (wire body, argv, form) to `I` and `R` back.
 */
export interface CommandDefinition<I, R> {
  /** A stable name, e.g. "proposal.approve": idempotency scope and audit command. */
  name: string;
  /** Advisory locks for this input (and actor: a partner's names are scoped by it), e.g. ["proposal:42"]. */
  locks?: (input: I, actor: Actor) => readonly string[];
  /** The audit line for this result. */
  summarize?: (result: R) => string;
  /**
   * The shape of the stored result, from 1 (the default). Bump it whenever R's JSON form changes
   * (a field renamed, added or removed): replays of records stored under the old shape are then
   * refused with IDEM422 rather than rendered wrong (docs/decisions.md).
   */
  resultVersion?: number;
  /** Until its first statement is answered, acts only in its transaction (see the header). */
  handler: CommandHandler<I, R>;
}

/** Runs a declared command for an actor, under an idempotency key when one is given. */
export function runDefined<I, R>(deps: CommandDeps, definition: CommandDefinition<I, R>, input: I, actor: Actor, idempotencyKey?: string): Promise<CommandOutcome<R>> {
  const request: CommandRequest<I> = {
    name: definition.name,
    input,
    actor,
    idempotencyKey,
    locks: definition.locks?.(input, actor),
    summarize: definition.summarize === undefined ? undefined : (result) => (definition.summarize as (r: R) => string)(result as R),
    resultVersion: definition.resultVersion,
  };
  return runCommand(deps, request, definition.handler);
}

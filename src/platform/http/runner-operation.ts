// The HTTP face of a command on the runner (route.ts defineCommandRoute): wire → input, runDefined
// with the partner as actor and the IdempotencyKey, result → envelope. Business and validation
// errors of the command (stored by the runner, replayed as the same error) are answered like the
// older path answered them. Operations that echo `parametros` hash them with the input: a replay
// renders the first answer again, so another `parametros` under the key is another request (422).
//
// Records written before an operation moved to the runner hold the hash of the WIRE body and the
// rendered answer. Migration 0030 renamed their scope to the command's name; when the runner refuses
// a key as "another request" (422), the record is looked up once more by the wire body's hash: a
// match is an older record of this same request, replayed byte for byte as before.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { REPLAYED_HEADER, runDefined, type CommandDefinition, type CommandDeps } from '../commands.js';
import type { Db } from '../db/pool.js';
import { DomainError } from '../errors.js';
import { hashRequest } from '../idempotency.js';
import { sendBody, successBody, type Parametro } from './envelope.js';
import { errorBody, statusOf } from './error-table.js';
import type { OperationSpec } from './operation-spec.js';
import type { AuthContext, OperationDeps } from './operations.js';
import { partnerActor, type RunnerOperation } from './route.js';

interface Echoed<I> {
  input: I;
  parametros: Parametro[];
}

/** The command with the face's echo in its input (so the echo is part of the hashed request). */
function withEcho<I, D>(command: CommandDefinition<I, D>): CommandDefinition<Echoed<I>, D> {
  const locks = command.locks;
  return {
    name: command.name,
    locks: locks === undefined ? undefined : (echoed, actor) => locks(echoed.input, actor),
    summarize: command.summarize,
    handler: (echoed, ctx) => command.handler(echoed.input, ctx),
  };
}

/** An unexpired record of this request written by the older path (hash of the wire body), or null. */
async function olderRecord(db: Db, now: Date, scope: { partnerId: string; operation: string; key: string }, wireHash: string): Promise<{ status_code: number; body: string } | null> {
  const { rows } = await sql<{ status_code: number; body: string }>`select status_code, body from idempotency_records
    where partner_id = ${scope.partnerId} and operation = ${scope.operation} and key = ${scope.key} and request_hash = ${wireHash} and expires_at > ${now}`.execute(db);
  return rows[0] ?? null;
}

export async function runOnRunner(request: FastifyRequest, reply: FastifyReply, deps: OperationDeps, spec: OperationSpec, operation: RunnerOperation, key: string, echo: boolean): Promise<FastifyReply> {
  const body = request.body as Record<string, unknown>;
  const auth = request.auth as AuthContext;
  const parametros = echo ? ((body.parametros as Parametro[] | null | undefined) ?? []) : undefined;
  const commandDeps: CommandDeps = { db: deps.db, clock: deps.clock, outbox: deps.outbox, idempotencyRetentionMs: deps.config.idempotencyRetentionMs };
  try {
    const input = operation.input(body);
    const outcome = parametros === undefined
      ? await runDefined(commandDeps, operation.command, input, partnerActor(auth), key)
      : await runDefined(commandDeps, withEcho(operation.command), { input, parametros }, partnerActor(auth), key);
    if (outcome.replayed) reply.header(REPLAYED_HEADER, 'true');
    return sendBody(request, reply, 200, successBody(spec.envelope, operation.view(outcome.result), parametros, echo));
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    if (error.kind === 'business' || error.kind === 'validation') {
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
      return sendBody(request, reply, statusOf(error), errorBody(error, spec.envelope, echo ? { parametros } : undefined));
    }
    if (error.kind !== 'idempotency_mismatch') throw error;
    const older = await olderRecord(deps.db, deps.clock.now(), { partnerId: auth.partnerId, operation: operation.command.name, key }, hashRequest(body));
    if (older === null) throw error;
    reply.header(REPLAYED_HEADER, 'true');
    return sendBody(request, reply, older.status_code, older.body);
  }
}

// Builds the ConsoleContext of one request (page.ts): the operator of the session, the CSRF token,
// the actor of commands, and ctx.run (runner + four-eyes).
import type { FastifyRequest } from 'fastify';
import { runDefined, type CommandDefinition } from '../platform/commands.js';
import { can, requestConfirmation, type Permission, type Session } from '../modules/operators/index.js';
import { DomainError } from '../platform/errors.js';
import type { ConsoleContext, ConsoleServices, RunOptions, RunOutcome } from './page.js';

export function consoleContext(services: ConsoleServices, session: Session, request: FastifyRequest, permission: Permission, idempotencyKey?: string): ConsoleContext {
  const actor = { kind: 'operator' as const, id: session.operator.email, source: `console ${request.ip}` };
  const ctx: ConsoleContext = {
    operator: session.operator,
    csrfToken: session.csrfToken,
    services,
    actor,
    ip: request.ip,
    now: services.clock.now(),
    permission,
    idempotencyKey,
    can: (p) => can(session.operator.role, p),
    run: <I, R>(definition: CommandDefinition<I, R>, input: I, options: RunOptions = {}) => runForOperator(ctx, definition, input, options),
  };
  return ctx;
}

async function runForOperator<I, R>(ctx: ConsoleContext, definition: CommandDefinition<I, R>, input: I, options: RunOptions): Promise<RunOutcome<R>> {
  const { services } = ctx;
  services.catalogue.set(definition.name, definition);
  if (options.fourEyes !== undefined && services.config.operators.fourEyes.includes(options.fourEyes)) {
    // Our forms always carry one; a hand-made POST without it is refused, not a 500.
    if (ctx.idempotencyKey === undefined) throw new DomainError('validation', [{ code: 'OPR011', description: 'Formulário sem chave de idempotência: recarregue a página e tente de novo.', field: 'idempotencyKey' }]);
    const confirmationId = await requestConfirmation(
      services.db,
      { kind: options.fourEyes, command: definition.name, permission: ctx.permission, input, summary: options.summary ?? definition.name, idempotencyKey: ctx.idempotencyKey, requestedBy: ctx.operator.id },
      services.wallClock.now(),
    );
    return { kind: 'pending', confirmationId };
  }
  const outcome = await runDefined(services.commands, definition, input, ctx.actor, ctx.idempotencyKey);
  return { kind: 'done', result: outcome.result, replayed: outcome.replayed };
}

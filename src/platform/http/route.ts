// A route = an operation spec paired with its handler. Modules export their routes; the app
// registers one per spec of the catalogue and refuses to start when one is missing.
// Two kinds of handler (issue 13, the request path route → input → runner → command → result → view):
// - defineCommandRoute / defineQueryRoute: the module's command (CommandDefinition, run by the
//   command runner) or query in domain terms; the route only maps wire → input and result → answer;
// - defineRoute: a typed handler on the wire body, what both build on (no route uses it directly:
//   test/architecture checks that every route is a command or a query route).
import type { Static, TSchema } from 'typebox';
import type { CachedQuery } from '../answer-cache.js';
import type { Clock } from '../clock.js';
import { cachedQueryHandler } from './cached-query.js';
import type { Actor, CommandDefinition } from '../commands.js';
import type { Db } from '../db/pool.js';
import type { AnswerOf, HandlerResult } from './envelope.js';
import type { OperationSpec } from './operation-spec.js';
import type { AuthContext, OperationContext, OperationHandler } from './operations.js';

/** A command operation on the runner: the face's two mappings around the module's command. */
export interface RunnerOperation<B extends TSchema = TSchema, I = unknown, D = unknown> {
  kind: 'runner';
  /** wire body → domain input (renaming, no rules: those belong to the command). */
  input: (body: Static<B>) => I;
  command: CommandDefinition<I, D>;
  /** domain result (its stored JSON form) → the answer's fields. */
  view: (result: D) => HandlerResult;
}

export interface Route<B extends TSchema = TSchema> {
  spec: OperationSpec<B, TSchema>;
  handler: OperationHandler<B> | RunnerOperation<B>;
}

/** A handler typed by both schemas of its operation: the validated body in, the answer (AnswerOf the response schema) out. */
export type TypedHandler<B extends TSchema, R extends TSchema> = (input: Static<B>, ctx: OperationContext) => Promise<AnswerOf<R>>;

export function defineRoute<B extends TSchema, R extends TSchema>(spec: OperationSpec<B, R>, handler: TypedHandler<B, R>): Route {
  return { spec, handler } as unknown as Route;
}

/** The partner behind a request, as the runner and queries see it (audit: which client). */
export function partnerActor(auth: AuthContext): Actor {
  return { kind: 'partner', id: auth.partnerId, source: `api ${auth.clientId}`, name: auth.clientId };
}

/**
 * A command operation run through the command runner: transaction, idempotency record (key, hash of
 * the input, the domain result), locks and audit are the runner's; a replay renders the stored
 * result again through `view`. `D` must be JSON-shaped (view receives the stored form).
 */
export function defineCommandRoute<B extends TSchema, R extends TSchema, I, D>(
  spec: OperationSpec<B, R>,
  parts: { input: (body: Static<B>) => I; command: CommandDefinition<I, D>; view: (result: D) => AnswerOf<R> },
): Route {
  const handler: RunnerOperation<B, I, D> = { kind: 'runner', input: parts.input, command: parts.command, view: parts.view as (result: D) => HandlerResult };
  return { spec, handler } as unknown as Route;
}

/** What a query may use besides the pool: the clock ("today") and the request, for its log lines and audit rows. */
export interface QueryContext {
  clock: Clock;
  requestId: string;
  log: { warn(fields: object, message: string): void };
}

/** A query in domain terms: `(db, input, actor, context) → result`, on the pool (never a write transaction). */
export type Query<I, D> = (db: Db, input: I, actor: Actor, context: QueryContext) => Promise<D>;

/**
 * A query operation. With `cache`, through the read model (cached-query.ts): the query and view
 * are unchanged, the stored answer is written as it is on a hit.
 */
export function defineQueryRoute<B extends TSchema, R extends TSchema, I, D>(
  spec: OperationSpec<B, R>,
  parts: { input: (body: Static<B>) => I; query: Query<I, D>; view: (result: D) => AnswerOf<R>; cache?: CachedQuery<I> },
): Route {
  const cache = parts.cache;
  if (cache !== undefined) return { spec, handler: cachedQueryHandler(spec as unknown as OperationSpec<B, TSchema>, { ...parts, cache }) } as unknown as Route;
  return defineRoute(spec, async (body, ctx) => parts.view(await parts.query(ctx.db, parts.input(body), partnerActor(ctx.auth), { clock: ctx.clock, requestId: ctx.requestId, log: ctx.log })));
}

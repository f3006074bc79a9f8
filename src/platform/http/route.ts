// A route = an operation spec paired with its handler. Modules export their routes; the app
// registers one per spec of the catalogue and refuses to start when one is missing.
import type { Static, TSchema } from 'typebox';
import type { AnswerOf } from './envelope.js';
import type { OperationSpec } from './operation-spec.js';
import type { OperationContext, OperationHandler } from './operations.js';

export interface Route<B extends TSchema = TSchema> {
  spec: OperationSpec<B, TSchema>;
  handler: OperationHandler<B>;
}

/** A handler typed by both schemas of its operation: the validated body in, the answer (AnswerOf the response schema) out. */
export type TypedHandler<B extends TSchema, R extends TSchema> = (input: Static<B>, ctx: OperationContext) => Promise<AnswerOf<R>>;

export function defineRoute<B extends TSchema, R extends TSchema>(spec: OperationSpec<B, R>, handler: TypedHandler<B, R>): Route {
  return { spec, handler } as unknown as Route;
}

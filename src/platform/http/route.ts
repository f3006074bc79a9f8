// A route = an operation spec paired with its handler. Modules export their routes; the app
// registers one per spec of the catalogue and refuses to start when one is missing.
import type { TSchema } from 'typebox';
import type { OperationSpec } from './operation-spec.js';
import type { OperationHandler } from './operations.js';

export interface Route<B extends TSchema = TSchema> {
  spec: OperationSpec<B, TSchema>;
  handler: OperationHandler<B>;
}

export function defineRoute<B extends TSchema, R extends TSchema>(spec: OperationSpec<B, R>, handler: OperationHandler<B>): Route {
  return { spec, handler } as unknown as Route;
}


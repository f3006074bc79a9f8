// A route = an operation spec paired with its handler. Modules export their routes; the app
// registers every spec of the catalogue, and a spec with no route answers "not implemented yet".
import type { TSchema } from 'typebox';
import { DomainError } from '../errors.js';
import type { OperationSpec } from './operation-spec.js';
import type { OperationHandler } from './operations.js';

export interface Route<B extends TSchema = TSchema> {
  spec: OperationSpec<B, TSchema>;
  handler: OperationHandler<B>;
}

export function defineRoute<B extends TSchema, R extends TSchema>(spec: OperationSpec<B, R>, handler: OperationHandler<B>): Route {
  return { spec, handler } as unknown as Route;
}

export function notImplementedRoute(spec: OperationSpec): Route {
  return defineRoute(spec, async () => {
    throw new DomainError('not_implemented', [{ code: 'REQ501', description: `A operação ${spec.path} ainda não está implementada nesta versão`, context: spec.operationId }]);
  });
}

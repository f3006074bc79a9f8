import type { Route } from '../../platform/http/route.js';
import { route as getPayee } from './get-payee.route.js';
import { route as registerPayee } from './register-payee.route.js';

/** The payee operations: api/Favorecido and api/Favorecido/Consultar. No dependencies of their own. */
export function payeesRoutes(): Route[] {
  return [registerPayee, getPayee];
}

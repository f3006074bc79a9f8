// The customers module's operations (Pessoa/*).
import type { Route } from '../../platform/http/route.js';
import { route as saveAddresses } from './save-addresses.route.js';

export function customersRoutes(): Route[] {
  return [saveAddresses];
}

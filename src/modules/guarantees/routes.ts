// The guarantees module's operations (guarantee-asset documents).
import type { Route } from '../../platform/http/route.js';
import { route as saveGuaranteeDocument } from './save-guarantee-document.route.js';

export function guaranteesRoutes(): Route[] {
  return [saveGuaranteeDocument];
}

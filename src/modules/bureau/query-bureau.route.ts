import { defineRoute, type Route } from '../../platform/http/route.js';
import type { ConsultationDeps } from './consultation.js';
import { queryBureau } from './query-bureau.js';
import { spec } from './query-bureau.schema.js';

export function route(deps: ConsultationDeps): Route {
  return defineRoute(spec, (input, ctx) => queryBureau(input, ctx, deps));
}
